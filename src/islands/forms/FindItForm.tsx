import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { apiPost } from '../../browser/api-client';
import { FIND_IT_SERVICES } from '../../schemas/categories';
import { FindItSchema, type FindItInput, type SubmissionResult } from '../../schemas/forms';
import { Field, Honeypot, TextAreaField } from '../auth/Field';
import { PageToaster } from '../Toasts';
import { CheckboxGroup } from './CheckboxGroup';

const EMPTY: FindItInput = {
  name: '',
  email: '',
  phone: '',
  location: '',
  services: [],
  additionalInfo: '',
  hp: '',
};

/** SPEC §5 Find It: the two validation toasts. */
function toastFor(errors: FieldErrors<FindItInput>) {
  if (errors.name || errors.email || errors.phone || errors.location) {
    toast.error('Missing Information', { description: 'Please fill in all required fields.' });
  } else if (errors.services) {
    toast.error('No Services Selected', {
      description: 'Please select at least one service you need.',
    });
  }
}

/** Find It (SPEC §2, §5, §8): a request that matching businesses answer. */
export default function FindItForm() {
  const form = useForm<FindItInput, unknown, z.output<typeof FindItSchema>>({
    resolver: zodResolver(FindItSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const result = await apiPost<SubmissionResult>('/api/service-requests', values);
    if (!result.ok) {
      toast.error('Submission Failed', {
        description:
          result.error.code === 'RATE_LIMITED'
            ? result.error.message
            : 'There was an error submitting your request. Please try again.',
      });
      return;
    }
    if (result.data.emailStatus === 'failed') {
      toast('Request Submitted', {
        description: "Your request has been saved. We'll contact you soon with business matches.",
      });
    } else {
      toast.success('Request Submitted Successfully', {
        description: 'Businesses offering your requested services will contact you soon!',
      });
    }
    form.reset(EMPTY);
  }, toastFor);

  return (
    <form onSubmit={submit} noValidate className="card form-card">
      <Honeypot {...form.register('hp')} />
      <div className="form-grid">
        <Field
          id="name"
          label="Your Name *"
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
          label="Phone *"
          type="tel"
          autoComplete="tel"
          error={errors.phone}
          {...form.register('phone')}
        />
        <Field
          id="location"
          label="Location *"
          placeholder="e.g. Surulere, Lagos"
          error={errors.location}
          {...form.register('location')}
        />
      </div>
      <CheckboxGroup
        legend="Services you need *"
        options={FIND_IT_SERVICES}
        idPrefix="service"
        registration={form.register('services')}
        error={errors.services as never}
      />
      <TextAreaField
        id="additionalInfo"
        label="Additional Information"
        placeholder="Car make and model, what is wrong, when you need it"
        error={errors.additionalInfo}
        {...form.register('additionalInfo')}
      />
      <button type="submit" className="btn btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Submitting...' : 'Submit Request'}
      </button>
      <p className="small muted">Matching businesses usually reply within 24-48 hours.</p>
      <PageToaster />
    </form>
  );
}
