import { useEffect, useState } from 'react';
import { $session, loadSession, type SessionState } from '../../stores/session';

/**
 * The shared session (src/stores/session.ts) as state of a public island: loads it once per page
 * and re-renders on every change. (The public islands run on Preact, so @nanostores/react, which
 * the React islands use, is not for them.)
 */
export function useSession(): SessionState {
  const [state, setState] = useState($session.get());
  useEffect(() => {
    void loadSession();
    return $session.subscribe(setState);
  }, []);
  return state;
}
