import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { apiPost, isUnexpected } from '../../browser/api-client';
import { SignUpSchema, type SessionUser, type SignUpInput } from '../../schemas/auth';
import { setSessionUser } from '../../stores/session';
import { Field } from './Field';

interface Props {
  onSignedUp: (user: SessionUser) => void;
  /** SPEC §4: "User already registered" switches the screen to Sign In. */
  onAlreadyRegistered: (email: string) => void;
}

/** Create Account (SPEC §2 Auth, §5 Sign up, §8). */
export function SignUpForm({ onSignedUp, onAlreadyRegistered }: Props) {
  const form = useForm<SignUpInput>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { email: '', password: '', confirmPassword: '', displayName: '' },
  });
  const { errors, isSubmitting } = form.formState;

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
    const { message } = result.error;
    if (message.includes('User already registered')) {
      toast.error('Account Already Exists', {
        description: 'An account with this email already exists. Please sign in instead.',
      });
      onAlreadyRegistered(values.email);
    } else if (isUnexpected(result.error)) {
      toast.error('An unexpected error occurred. Please try again.');
    } else {
      toast.error(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="auth-form">
      <Field
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email}
        {...form.register('email')}
      />
      <Field
        id="signup-display-name"
        label="Display name (optional)"
        autoComplete="nickname"
        hint="Shown in the menu. Defaults to the part of your email before the @."
        error={errors.displayName}
        {...form.register('displayName')}
      />
      <Field
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
        {...form.register('password')}
      />
      <Field
        id="signup-confirm-password"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...form.register('confirmPassword')}
      />
      <button type="submit" className="btn btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create Account'}
      </button>
    </form>
  );
}
