import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { apiPost } from '../../browser/api-client';
import {
  ContactFormSchema,
  type ContactFormInput,
  type SubmissionResult,
} from '../../schemas/forms';
import { Field, Honeypot, TextAreaField } from '../auth/Field';
import { PageToaster } from '../Toasts';

const EMPTY: ContactFormInput = {
  name: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
  hp: '',
};

/** Contact (SPEC §2, §4 Contact form, §5, §8): idle → sending → success (reset) or error. */
export default function ContactForm() {
  const form = useForm<ContactFormInput, unknown, z.output<typeof ContactFormSchema>>({
    resolver: zodResolver(ContactFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const result = await apiPost<SubmissionResult>('/api/contacts', values);
    if (result.ok) {
      toast.success('Message sent successfully!', {
        description: "Thank you for contacting us. We'll get back to you soon.",
      });
      form.reset(EMPTY);
    } else {
      toast.error('Error sending message', {
        description: `Failed to send message: ${result.error.message || 'Unknown error'}`,
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="card form-card">
      <Honeypot {...form.register('hp')} />
      <div className="form-grid">
        <Field
          id="name"
          label="Name *"
          autoComplete="name"
          error={errors.name}
          {...form.register('name')}
        />
        <Field
          id="email"
          label="Email *"
          type="email"
          autoComplete="email"
          error={errors.email}
          {...form.register('email')}
        />
        <Field
          id="phone"
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          error={errors.phone}
          {...form.register('phone')}
        />
        <Field
          id="subject"
          label="Subject *"
          error={errors.subject}
          {...form.register('subject')}
        />
      </div>
      <TextAreaField
        id="message"
        label="Message *"
        rows={6}
        error={errors.message}
        {...form.register('message')}
      />
      <button type="submit" className="btn btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </button>
      <PageToaster />
    </form>
  );
}
