import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { apiPost, isUnexpected, type ApiError } from '../../browser/api-client';
import type { SessionUser, SignInInput } from '../../../common/schemas/auth';
import {
  ADMIN_INVALID_CREDENTIALS_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
} from '../../../common/schemas/auth-messages';
import type { FormState } from '../../../common/schemas/form-state';
import { setSessionUser } from '../../stores/session';
import { FormNotice } from '../forms/FormNotice';
import { lazyZodResolver } from '../forms/lazy-resolver';
import { useServerForm } from '../forms/server-form';
import { asField, Field } from './Field';

const resolver = lazyZodResolver(() =>
  import('../../../common/schemas/auth').then((m) => m.SignInSchema),
);

type Variant = 'user' | 'admin';

/** SPEC §8 Sign in: the message of a refused sign-in (toast, or in the page without script). */
export function signInFailure(error: Pick<ApiError, 'code' | 'message'>, variant: Variant): string {
  if (error.message.includes('Invalid login credentials'))
    return variant === 'admin' ? ADMIN_INVALID_CREDENTIALS_MESSAGE : INVALID_CREDENTIALS_MESSAGE;
  if (isUnexpected({ ...error })) return 'An unexpected error occurred. Please try again.';
  return error.message;
}

interface Props {
  /** The admin sign-in page adds the approval hint to the invalid-credentials message (SPEC §8). */
  variant?: Variant;
  /** Where the form posts without JavaScript (the page it is on). */
  action: string;
  /** The form as the page shows it (src/render/form-post.ts). */
  initial: FormState;
  /** A notice above the form (e.g. Account Already Exists after a refused sign-up). */
  notice?: { title: string; description?: string } | undefined;
  onSignedIn: (user: SessionUser) => void;
}

/**
 * Sign In (SPEC §2 Auth, §5, §8). A real `<form method="post">` (issue 22.1): without JavaScript
 * the page signs in through the API and sets the session cookie on its redirect.
 */
export function SignInForm({ variant = 'user', action, initial, notice, onSignedIn }: Props) {
  const form = useForm<SignInInput>({ resolver });
  const { errors, isSubmitting, submitCount } = form.formState;
  const server = useServerForm(initial, submitCount);

  const submit = form.handleSubmit(async (values) => {
    const result = await apiPost<{ user: SessionUser }>('/api/auth/sign-in', values);
    if (result.ok) {
      setSessionUser(result.data.user);
      toast.success('Welcome back!', { description: 'You have been successfully signed in.' });
      onSignedIn(result.data.user);
      return;
    }
    toast.error(signInFailure(result.error, variant));
  });

  return (
    <form method="post" action={action} onSubmit={submit} noValidate className="auth-form">
      {notice && submitCount === 0 && <FormNotice tone="error" {...notice} />}
      {server.refusal && server.refusal.code !== 'VALIDATION_FAILED' && !notice && (
        <FormNotice tone="error" title={signInFailure(server.refusal, variant)} />
      )}
      <Field
        id={`${variant}-signin-email`}
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email ?? server.error('email')}
        defaultValue={server.value('email')}
        {...asField(form.register('email'))}
      />
      <Field
        id={`${variant}-signin-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password ?? server.error('password')}
        {...asField(form.register('password'))}
      />
      <button type="submit" className="btn btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </button>
      <p className="small">
        <a href="/auth/forgot-password/">Forgot your password?</a>
      </p>
    </form>
  );
}
