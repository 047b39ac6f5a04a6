import type { FormState } from '../../../common/schemas/form-state';
import { PageToaster } from '../Toasts';
import { SignInForm } from './SignInForm';

/**
 * The admin sign-in page (SPEC §2): Admin Sign In, Administrative access only. The form posts to
 * the page without JavaScript (issue 22.1) and lands on the dashboard.
 */
export default function AdminSignIn({ initial }: { initial: FormState }) {
  return (
    <div className="auth-card card">
      <h1>Admin Sign In</h1>
      <p className="muted">Administrative access only</p>
      <SignInForm
        variant="admin"
        action="/admin/sign-in/"
        initial={initial}
        onSignedIn={() => window.setTimeout(() => window.location.assign('/admin/'), 600)}
      />
      <div className="auth-links">
        <a className="btn btn-outline" href="/">
          Back to Home
        </a>
        <a href="/register">Submit listing request</a>
      </div>
      <PageToaster />
    </div>
  );
}
