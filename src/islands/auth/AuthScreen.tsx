import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { FormState } from '../../../common/schemas/form-state';
import { PageToaster } from '../Toasts';
import { SignInForm } from './SignInForm';
import { ACCOUNT_EXISTS, SignUpForm } from './SignUpForm';

/**
 * SPEC §9: after sign-in or sign-up the user goes to the home page (after the toast shows), or
 * back to the page that sent them (`?next=`, e.g. Write a review, issue 24.2).
 */
const REDIRECT_DELAY_MS = 900;
const goTo = (next: string | undefined) => () =>
  window.setTimeout(() => window.location.assign(next ?? '/'), REDIRECT_DELAY_MS);

export type AuthTab = 'signin' | 'signup';
const TABS: readonly AuthTab[] = ['signin', 'signup'];

/** The address of a tab of the screen at `path`: the tab is a link, so it works without script. */
export const authTabHref = (path: string, tab: AuthTab) =>
  tab === 'signup' ? `${path}${path.includes('?') ? '&' : '?'}tab=signup` : path;

interface Props {
  /** The page's path (`/auth/` or `/user-auth/`): both forms post to it. */
  path: string;
  tab: AuthTab;
  signIn: FormState;
  signUp: FormState;
  /** Set when a sign-up without JavaScript found the account: the Sign In tab says so. */
  accountExists?: boolean;
  /** The local page to go back to once signed in (`?next=`); the home page without it. */
  next?: string | undefined;
}

/**
 * Access Business Contacts: Sign In / Create Account (SPEC §2 Auth, §4 Auth). The tabs are links
 * with the tab role (`?tab=signup`), so the first tap works before the island loads (issue 22.2);
 * once loaded they switch in place (and with the arrow keys).
 */
export default function AuthScreen({
  path,
  tab: initialTab,
  signIn,
  signUp,
  accountExists,
  next,
}: Props) {
  const goHome = goTo(next);
  const [tab, setTab] = useState<AuthTab>(initialTab);
  // The e-mail of an account a sign-up found; `notice` when the page found it without script
  // (the island says it with a toast).
  const [existing, setExisting] = useState<{ email: string; notice: boolean } | null>(
    accountExists ? { email: String(signIn.values.email ?? ''), notice: true } : null,
  );

  // In place, without touching the address: the page the visitor opened stays the one to reload.
  const show = setTab;
  const select = (next: AuthTab) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    show(next);
  };
  /** The tabs pattern's arrow keys, once the island runs (before, each tab is a plain link). */
  const arrows = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = tab === 'signin' ? 'signup' : 'signin';
    show(next);
    document.getElementById(`auth-tab-${next}`)?.focus();
  };
  const signInState: FormState = existing
    ? { ...signIn, values: { email: existing.email }, error: null, fieldErrors: {} }
    : signIn;

  return (
    <div className="auth-card card">
      <h1>Access Business Contacts</h1>
      <p className="muted">
        Create a free account or sign in to see phone numbers, emails and addresses of every
        business.
      </p>
      <div className="tabs" role="tablist" aria-label="Sign in or create an account">
        {TABS.map((value) => (
          <a
            key={value}
            id={`auth-tab-${value}`}
            role="tab"
            className="tab"
            href={authTabHref(path, value)}
            aria-selected={tab === value}
            aria-controls="auth-panel"
            data-state={tab === value ? 'active' : 'inactive'}
            onClick={select(value)}
            onKeyDown={arrows}
          >
            {value === 'signin' ? 'Sign In' : 'Create Account'}
          </a>
        ))}
      </div>
      <div
        className="tab-panel"
        role="tabpanel"
        id="auth-panel"
        aria-labelledby={`auth-tab-${tab}`}
      >
        {tab === 'signin' ? (
          <SignInForm
            key={existing?.email ?? ''}
            action={path}
            initial={signInState}
            notice={existing?.notice ? ACCOUNT_EXISTS : undefined}
            onSignedIn={goHome}
          />
        ) : (
          <SignUpForm
            action={authTabHref(path, 'signup')}
            initial={signUp}
            onSignedUp={goHome}
            onAlreadyRegistered={(email) => {
              setExisting({ email, notice: false });
              show('signin');
            }}
          />
        )}
      </div>
      <p className="small">
        <a href={`/auth/phone/${path.includes('?') ? path.slice(path.indexOf('?')) : ''}`}>
          Use your phone number instead
        </a>
      </p>
      <div className="auth-links">
        <a className="btn btn-outline" href="/">
          Back to Home
        </a>
        <a href="/register">Register Your Business</a>
      </div>
      <PageToaster />
    </div>
  );
}
