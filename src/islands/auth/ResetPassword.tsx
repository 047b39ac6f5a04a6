import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { apiPost } from '../../browser/api-client';
import { NewPasswordSchema } from '../../schemas/auth';
import { PageToaster } from '../Toasts';
import { Field } from './Field';

type Input = z.input<typeof NewPasswordSchema>;

/** Sets a new password from the e-mailed link (`?token=…`). */
export default function ResetPassword() {
  const [done, setDone] = useState(false);
  const form = useForm<Input>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    const result = await apiPost('/api/auth/password-reset/confirm', { ...values, token });
    if (result.ok) {
      setDone(true);
      toast.success('Password updated', {
        description: 'You can now sign in with your new password.',
      });
    } else {
      toast.error(result.error.fields?.token?.[0] ?? result.error.message);
    }
  });
  return (
    <div className="auth-card card">
      <h1>Choose a new password</h1>
      {done ? (
        <p role="status">
          Your password has been updated. <a href="/auth/">Sign in</a>
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="auth-form">
          <Field
            id="new-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            error={form.formState.errors.password}
            {...form.register('password')}
          />
          <Field
            id="new-password-confirm"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={form.formState.errors.confirmPassword}
            {...form.register('confirmPassword')}
          />
          <button type="submit" className="btn btn-block" disabled={form.formState.isSubmitting}>
            Update password
          </button>
        </form>
      )}
      <PageToaster />
    </div>
  );
}
