import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { apiPost, type ApiError } from '../../browser/api-client';
import type { PasswordResetRequestSchema } from '../../../common/schemas/auth';
import type { FormState } from '../../../common/schemas/form-state';
import { FormNotice } from '../forms/FormNotice';
import { lazyZodResolver } from '../forms/lazy-resolver';
import { useServerForm } from '../forms/server-form';
import { PageToaster } from '../Toasts';
import { asField, Field } from './Field';

const resolver = lazyZodResolver(() =>
  import('../../../common/schemas/auth').then((m) => m.PasswordResetRequestSchema),
);

type Input = z.input<typeof PasswordResetRequestSchema>;

const failure = (error: Pick<ApiError, 'code' | 'message'>) =>
  error.code === 'NETWORK' ? 'An unexpected error occurred. Please try again.' : error.message;

interface Props {
  /** The form as the page shows it (src/render/form-post.ts). */
  initial: FormState;
  /** After a post without JavaScript was accepted (`?sent=1`). */
  sent?: boolean;
}

/**
 * Asks for a password-reset link by e-mail. A real `<form method="post">` (issue 22.1): without
 * JavaScript the page asks the API and shows the same answer.
 */
export default function ForgotPassword({ initial, sent: sentByServer = false }: Props) {
  const [sent, setSent] = useState(sentByServer);
  const form = useForm<Input>({ resolver });
  const { errors, isSubmitting, submitCount } = form.formState;
  const server = useServerForm(initial, submitCount);
  const submit = form.handleSubmit(async (values) => {
    const result = await apiPost('/api/auth/password-reset', values);
    if (result.ok) setSent(true);
    else toast.error(failure(result.error));
  });
  return (
    <div className="auth-card card">
      <h1>Reset your password</h1>
      {sent ? (
        <p role="status">
          If an account exists for that email, a reset link is on its way. Check your inbox.
        </p>
      ) : (
        <form
          method="post"
          action="/auth/forgot-password/"
          onSubmit={submit}
          noValidate
          className="auth-form"
        >
          {server.refusal && server.refusal.code !== 'VALIDATION_FAILED' && (
            <FormNotice tone="error" title={failure(server.refusal)} />
          )}
          <p className="muted">
            Enter the email of your account and we will send you a link to choose a new password.
          </p>
          <Field
            id="reset-email"
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email ?? server.error('email')}
            defaultValue={server.value('email')}
            {...asField(form.register('email'))}
          />
          <button type="submit" className="btn btn-block" disabled={isSubmitting}>
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
