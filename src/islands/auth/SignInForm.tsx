import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { apiPost, isUnexpected } from '../../browser/api-client';
import {
  ADMIN_INVALID_CREDENTIALS_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  SignInSchema,
  type SessionUser,
  type SignInInput,
} from '../../schemas/auth';
import { setSessionUser } from '../../stores/session';
import { Field } from './Field';

interface Props {
  /** The admin sign-in page adds the approval hint to the invalid-credentials message (SPEC §8). */
  variant?: 'user' | 'admin';
  defaultEmail?: string;
  onSignedIn: (user: SessionUser) => void;
}

/** Sign In (SPEC §2 Auth, §5, §8). */
export function SignInForm({ variant = 'user', defaultEmail = '', onSignedIn }: Props) {
  const form = useForm<SignInInput>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const result = await apiPost<{ user: SessionUser }>('/api/auth/sign-in', values);
    if (result.ok) {
      setSessionUser(result.data.user);
      toast.success('Welcome back!', { description: 'You have been successfully signed in.' });
      onSignedIn(result.data.user);
      return;
    }
    const { message } = result.error;
    if (message.includes('Invalid login credentials')) {
      toast.error(
        variant === 'admin' ? ADMIN_INVALID_CREDENTIALS_MESSAGE : INVALID_CREDENTIALS_MESSAGE,
      );
    } else if (isUnexpected(result.error)) {
      toast.error('An unexpected error occurred. Please try again.');
    } else {
      toast.error(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="auth-form">
      <Field
        id={`${variant}-signin-email`}
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email}
        {...form.register('email')}
      />
      <Field
        id={`${variant}-signin-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
        {...form.register('password')}
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
