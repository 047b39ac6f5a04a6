import { atom } from 'nanostores';
import { SESSION_HINT_COOKIE } from '../../common/config/session';
import type { SessionUser } from '../../common/schemas/auth';

/**
 * The session shared by every island and the header (SPEC §3 "Session: user, loading flag").
 * Loaded once per page; only asked from the server when the hint cookie says a session may exist,
 * so visitors make no extra request.
 */
export interface SessionState {
  loading: boolean;
  user: SessionUser | null;
}

export const $session = atom<SessionState>({ loading: true, user: null });

let loading: Promise<void> | undefined;

function hasSessionHint(): boolean {
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE}=1`));
}

/** Reads the session from the server (once per page unless `force`). */
export function loadSession(force = false): Promise<void> {
  if (loading && !force) return loading;
  loading = (async () => {
    if (!hasSessionHint()) {
      $session.set({ loading: false, user: null });
      return;
    }
    try {
      const response = await fetch('/api/auth/session', {
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      });
      const body = (await response.json()) as { user: SessionUser | null };
      $session.set({ loading: false, user: response.ok ? body.user : null });
    } catch {
      $session.set({ loading: false, user: null });
    }
  })();
  return loading;
}

/** After a successful sign-in or sign-up. */
export function setSessionUser(user: SessionUser): void {
  $session.set({ loading: false, user });
}

/**
 * SPEC §4: signing out always clears local state, whether the server answered, said the session
 * was already gone, or failed.
 */
export async function signOut(): Promise<void> {
  try {
    await fetch('/api/auth/sign-out', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  } catch {
    // local state is cleared below in every case
  }
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  $session.set({ loading: false, user: null });
}
