import { toast } from 'sonner';
import type { FormState } from '../../../common/schemas/form-state';
import type { ContactFormInput, SubmissionResult } from '../../../common/schemas/forms';
import { asField, Field, Honeypot, TextAreaField } from '../auth/Field';
import { PageToaster } from '../Toasts';
import { FormNotice } from './FormNotice';
import { lazyZodResolver } from './lazy-resolver';
import { IDEMPOTENCY_FIELD, usePublicForm } from './server-form';

const resolver = lazyZodResolver(() =>
  import('../../../common/schemas/forms').then((m) => m.ContactFormSchema),
);

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
  const { form, server, submit, field, isSubmitting, submitCount } = usePublicForm<
    ContactFormInput,
    unknown,
    SubmissionResult
  >({
    resolver,
    initial,
    endpoint: '/api/contacts',
    empty: EMPTY,
    onSent: () => toast.success(CONTACT_SENT.title, { description: CONTACT_SENT.description }),
    onFailed: (error) => {
      const { title, description } = failure(error.message);
      toast.error(title, { description });
    },
  });

  return (
    <form method="post" action="/contact/" onSubmit={submit} noValidate className="card form-card">
      {sent && submitCount === 0 && <FormNotice tone="success" {...CONTACT_SENT} />}
      {server.refusal && server.refusal.code !== 'VALIDATION_FAILED' && (
        <FormNotice tone="error" {...failure(server.refusal.message)} />
      )}
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={server.idempotencyKey} />
      <Honeypot {...asField(form.register('hp'))} />
      <div className="form-grid">
        <Field id="name" label="Name *" autoComplete="name" {...field('name')} />
        <Field id="email" label="Email *" type="email" autoComplete="email" {...field('email')} />
        <Field
          id="phone"
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          {...field('phone')}
        />
        <Field id="subject" label="Subject *" {...field('subject')} />
      </div>
      <TextAreaField id="message" label="Message *" rows={6} {...field('message')} />
      <button type="submit" className="btn btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </button>
      <PageToaster />
    </form>
  );
}
