import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { apiPost } from '../../browser/api-client';
import type { FormState } from '../../../common/schemas/form-state';
import {
  ContactFormSchema,
  type ContactFormInput,
  type SubmissionResult,
} from '../../../common/schemas/forms';
import { Field, Honeypot, TextAreaField } from '../auth/Field';
import { PageToaster } from '../Toasts';
import { FormNotice } from './FormNotice';
import { IDEMPOTENCY_FIELD, useServerForm } from './server-form';

const EMPTY: ContactFormInput = {
  name: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
  hp: '',
};

/** SPEC §8 Contact form: the success toast, also shown in the page after a post without script. */
export const CONTACT_SENT = {
  title: 'Message sent successfully!',
  description: "Thank you for contacting us. We'll get back to you soon.",
};
const failure = (message: string) => ({
  title: 'Error sending message',
  description: `Failed to send message: ${message || 'Unknown error'}`,
});

interface Props {
  /** The form as the page shows it (src/render/form-post.ts). */
  initial: FormState;
  /** Shown after a post without JavaScript succeeded (`/contact/?sent=1`). */
  sent?: boolean;
}

/**
 * Contact (SPEC §2, §4 Contact form, §5, §8): idle → sending → success (reset) or error. A real
 * `<form method="post">` (issue 22.1): without JavaScript the page posts it to the API.
 */
export default function ContactForm({ initial, sent = false }: Props) {
  const form = useForm<ContactFormInput, unknown, z.output<typeof ContactFormSchema>>({
    resolver: zodResolver(ContactFormSchema),
  });
  const { errors, isSubmitting, submitCount } = form.formState;
  const server = useServerForm(initial, submitCount);

  const submit = form.handleSubmit(async (values) => {
    const result = await apiPost<SubmissionResult>('/api/contacts', values, {
      idempotencyKey: server.idempotencyKey,
    });
    if (result.ok) {
      toast.success(CONTACT_SENT.title, { description: CONTACT_SENT.description });
      form.reset(EMPTY);
      server.renewKey();
    } else {
      const { title, description } = failure(result.error.message);
      toast.error(title, { description });
    }
  });

  return (
    <form method="post" action="/contact/" onSubmit={submit} noValidate className="card form-card">
      {sent && submitCount === 0 && <FormNotice tone="success" {...CONTACT_SENT} />}
      {server.refusal && server.refusal.code !== 'VALIDATION_FAILED' && (
        <FormNotice tone="error" {...failure(server.refusal.message)} />
      )}
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={server.idempotencyKey} />
      <Honeypot {...form.register('hp')} />
      <div className="form-grid">
        <Field
          id="name"
          label="Name *"
          autoComplete="name"
          error={errors.name ?? server.error('name')}
          defaultValue={server.value('name')}
          {...form.register('name')}
        />
        <Field
          id="email"
          label="Email *"
          type="email"
          autoComplete="email"
          error={errors.email ?? server.error('email')}
          defaultValue={server.value('email')}
          {...form.register('email')}
        />
        <Field
          id="phone"
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          error={errors.phone ?? server.error('phone')}
          defaultValue={server.value('phone')}
          {...form.register('phone')}
        />
        <Field
          id="subject"
          label="Subject *"
          error={errors.subject ?? server.error('subject')}
          defaultValue={server.value('subject')}
          {...form.register('subject')}
        />
      </div>
      <TextAreaField
        id="message"
        label="Message *"
        rows={6}
        error={errors.message ?? server.error('message')}
        defaultValue={server.value('message')}
        {...form.register('message')}
      />
      <button type="submit" className="btn btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </button>
      <PageToaster />
    </form>
  );
}
