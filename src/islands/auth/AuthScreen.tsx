import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { PageToaster } from '../Toasts';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

/** SPEC §9: after sign-in or sign-up the user goes to the home page (after the toast shows). */
const REDIRECT_DELAY_MS = 900;
const goHome = () => window.setTimeout(() => window.location.assign('/'), REDIRECT_DELAY_MS);

/** Access Business Contacts: Sign In / Create Account tabs (SPEC §2 Auth, §4 Auth). */
export default function AuthScreen() {
  const [tab, setTab] = useState<'signin' | 'signup'>('signin');
  const [email, setEmail] = useState('');

  return (
    <div className="auth-card card">
      <h1>Access Business Contacts</h1>
      <p className="muted">
        Create a free account or sign in to see phone numbers, emails and addresses of every
        business.
      </p>
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as 'signin' | 'signup')}>
        <Tabs.List className="tabs" aria-label="Sign in or create an account">
          <Tabs.Trigger className="tab" value="signin">
            Sign In
          </Tabs.Trigger>
          <Tabs.Trigger className="tab" value="signup">
            Create Account
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="signin" className="tab-panel">
          <SignInForm key={email} defaultEmail={email} onSignedIn={goHome} />
        </Tabs.Content>
        <Tabs.Content value="signup" className="tab-panel">
          <SignUpForm
            onSignedUp={goHome}
            onAlreadyRegistered={(existing) => {
              setEmail(existing);
              setTab('signin');
            }}
          />
        </Tabs.Content>
      </Tabs.Root>
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
