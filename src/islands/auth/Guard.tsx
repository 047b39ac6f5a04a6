import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { $session, loadSession } from '../../stores/session';

interface Props {
  /** `admin`: visitors go to /auth, signed-in non-admins see "not authorised". `user`: visitors go to /auth (history replace). */
  require: 'user' | 'admin';
  children: ReactNode;
}

/**
 * Client-side guard of /admin and /bulk-registration (SPEC §2 Routes). It is UX only: every admin
 * API route checks the role on the server.
 */
export function Guard({ require, children }: Props) {
  const { loading, user } = useStore($session);
  useEffect(() => void loadSession(), []);
  useEffect(() => {
    if (!loading && !user) window.location.replace('/auth/');
  }, [loading, user]);

  if (loading || !user) return <p className="status-text">Loading...</p>;
  if (require === 'admin' && !user.isAdmin) {
    return (
      <div className="empty" role="alert">
        <h2>Not authorised</h2>
        <p className="muted">This area is for administrators. You are signed in as {user.email}.</p>
        <a className="btn" href="/">
          Back to Home
        </a>
      </div>
    );
  }
  return <>{children}</>;
}
