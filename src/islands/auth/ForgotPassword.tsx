import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { apiPost } from '../../browser/api-client';
import { PasswordResetRequestSchema } from '../../schemas/auth';
import { PageToaster } from '../Toasts';
import { toast } from 'sonner';
import { Field } from './Field';

type Input = z.input<typeof PasswordResetRequestSchema>;

/** Asks for a password-reset link by e-mail. */
export default function ForgotPassword() {
  const [sent, setSent] = useState(false);
  const form = useForm<Input>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    const result = await apiPost('/api/auth/password-reset', values);
    if (result.ok) setSent(true);
    else
      toast.error(
        result.error.code === 'NETWORK'
          ? 'An unexpected error occurred. Please try again.'
          : result.error.message,
      );
  });
  return (
    <div className="auth-card card">
      <h1>Reset your password</h1>
      {sent ? (
        <p role="status">
          If an account exists for that email, a reset link is on its way. Check your inbox.
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="auth-form">
          <p className="muted">
            Enter the email of your account and we will send you a link to choose a new password.
          </p>
          <Field
            id="reset-email"
            label="Email"
            type="email"
            autoComplete="email"
            error={form.formState.errors.email}
            {...form.register('email')}
          />
          <button type="submit" className="btn btn-block" disabled={form.formState.isSubmitting}>
            Send reset link
          </button>
        </form>
      )}
      <div className="auth-links">
        <a href="/auth/">Back to Sign In</a>
      </div>
      <PageToaster />
    </div>
  );
}
