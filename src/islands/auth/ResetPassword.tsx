import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { apiPost, type ApiError } from '../../browser/api-client';
import type { NewPasswordSchema } from '../../../common/schemas/auth';
import type { FormState } from '../../../common/schemas/form-state';
import { FormNotice } from '../forms/FormNotice';
import { lazyZodResolver } from '../forms/lazy-resolver';
import { useServerForm } from '../forms/server-form';
import { PageToaster } from '../Toasts';
import { asField, Field } from './Field';

const resolver = lazyZodResolver(() =>
  import('../../../common/schemas/auth').then((m) => m.NewPasswordSchema),
);

type Input = z.input<typeof NewPasswordSchema>;

/** The token's own message ("This reset link is invalid or has expired.") comes first. */
const failure = (error: ApiError) => error.fields?.token?.[0] ?? error.message;

interface Props {
  /** The token of the e-mailed link, carried by a hidden field (never typed, never in the action). */
  token: string;
  /** The form as the page shows it (src/render/form-post.ts). */
  initial: FormState;
  /** After a post without JavaScript was accepted (`?done=1`). */
  done?: boolean;
}

/**
 * Sets a new password from the e-mailed link (`?token=…`). A real `<form method="post">` (issue
 * 22.1): without JavaScript the page sets it through the API.
 */
export default function ResetPassword({ token, initial, done: doneByServer = false }: Props) {
  const [done, setDone] = useState(doneByServer);
  const form = useForm<Input>({ resolver });
  const { errors, isSubmitting, submitCount } = form.formState;
  const server = useServerForm(initial, submitCount);
  const submit = form.handleSubmit(async (values) => {
    const result = await apiPost('/api/auth/password-reset/confirm', { ...values, token });
    if (result.ok) {
      setDone(true);
      toast.success('Password updated', {
        description: 'You can now sign in with your new password.',
      });
    } else {
      toast.error(failure(result.error));
    }
  });
  const refusal = server.refusal && {
    ...server.refusal,
    fields: initial.fieldErrors,
  };
  return (
    <div className="auth-card card">
      <h1>Choose a new password</h1>
      {done ? (
        <p role="status">
          Your password has been updated. <a href="/auth/">Sign in</a>
        </p>
      ) : (
        <form
          method="post"
          action="/auth/reset-password/"
          onSubmit={submit}
          noValidate
          className="auth-form"
        >
          {refusal && <FormNotice tone="error" title={failure(refusal)} />}
          <input type="hidden" name="token" value={token} />
          <Field
            id="new-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.password ?? server.error('password')}
            {...asField(form.register('password'))}
          />
          <Field
            id="new-password-confirm"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword ?? server.error('confirmPassword')}
            {...asField(form.register('confirmPassword'))}
          />
          <button type="submit" className="btn btn-block" disabled={isSubmitting}>
            Update password
          </button>
        </form>
      )}
      <PageToaster />
    </div>
  );
}
