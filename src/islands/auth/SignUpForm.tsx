import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { apiPost, isUnexpected, type ApiError } from '../../browser/api-client';
import type { SessionUser, SignUpInput } from '../../../common/schemas/auth';
import type { FormState } from '../../../common/schemas/form-state';
import { setSessionUser } from '../../stores/session';
import { FormNotice } from '../forms/FormNotice';
import { lazyZodResolver } from '../forms/lazy-resolver';
import { useServerForm } from '../forms/server-form';
import { asField, Field } from './Field';

const resolver = lazyZodResolver(() =>
  import('../../../common/schemas/auth').then((m) => m.SignUpSchema),
);

/** SPEC §8 Sign up: "User already registered" becomes Account Already Exists and Sign In. */
export const ACCOUNT_EXISTS = {
  title: 'Account Already Exists',
  description: 'An account with this email already exists. Please sign in instead.',
};
export const alreadyRegistered = (error: Pick<ApiError, 'message'>) =>
  error.message.includes('User already registered');
const failure = (error: Pick<ApiError, 'code' | 'message'>) =>
  isUnexpected({ ...error }) ? 'An unexpected error occurred. Please try again.' : error.message;

interface Props {
  /** Where the form posts without JavaScript (the page it is on, Create Account tab). */
  action: string;
  /** The form as the page shows it (src/render/form-post.ts). */
  initial: FormState;
  onSignedUp: (user: SessionUser) => void;
  /** SPEC §4: "User already registered" switches the screen to Sign In. */
  onAlreadyRegistered: (email: string) => void;
}

/**
 * Create Account (SPEC §2 Auth, §5 Sign up, §8). A real `<form method="post">` (issue 22.1):
 * without JavaScript the page creates the account through the API and sets the session cookie.
 */
export function SignUpForm({ action, initial, onSignedUp, onAlreadyRegistered }: Props) {
  const form = useForm<SignUpInput>({ resolver });
  const { errors, isSubmitting, submitCount } = form.formState;
  const server = useServerForm(initial, submitCount);

  const submit = form.handleSubmit(async (values) => {
    const result = await apiPost<{ user: SessionUser }>('/api/auth/sign-up', values);
    if (result.ok) {
      setSessionUser(result.data.user);
      toast.success('Account Created Successfully!', {
        description: 'Welcome to Lagos Auto Hub! You can now access business contact information.',
      });
      onSignedUp(result.data.user);
      return;
    }
    if (alreadyRegistered(result.error)) {
      toast.error(ACCOUNT_EXISTS.title, { description: ACCOUNT_EXISTS.description });
      onAlreadyRegistered(values.email);
    } else {
      toast.error(failure(result.error));
    }
  });

  return (
    <form method="post" action={action} onSubmit={submit} noValidate className="auth-form">
      {server.refusal && server.refusal.code !== 'VALIDATION_FAILED' && (
        <FormNotice tone="error" title={failure(server.refusal)} />
      )}
      <Field
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email ?? server.error('email')}
        defaultValue={server.value('email')}
        {...asField(form.register('email'))}
      />
      <Field
        id="signup-display-name"
        label="Display name (optional)"
        autoComplete="nickname"
        hint="Shown in the menu. Defaults to the part of your email before the @."
        error={errors.displayName ?? server.error('displayName')}
        defaultValue={server.value('displayName')}
        {...asField(form.register('displayName'))}
      />
      <Field
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password ?? server.error('password')}
        {...asField(form.register('password'))}
      />
      <Field
        id="signup-confirm-password"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword ?? server.error('confirmPassword')}
        {...asField(form.register('confirmPassword'))}
      />
      <button type="submit" className="btn btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create Account'}
      </button>
    </form>
  );
}
