import type { FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { isUnavailable, type ApiError } from '../../browser/api-client';
import { FIND_IT_SERVICES } from '../../../common/schemas/categories';
import type { FormState } from '../../../common/schemas/form-state';
import type { FindItInput, SubmissionResult } from '../../../common/schemas/forms';
import { Field, Honeypot, TextAreaField } from '../auth/Field';
import { PageToaster } from '../Toasts';
import { CheckboxGroup } from './CheckboxGroup';
import { FormNotice } from './FormNotice';
import { lazyZodResolver } from './lazy-resolver';
import { IDEMPOTENCY_FIELD, listOf, usePublicForm } from './server-form';

const resolver = lazyZodResolver(() =>
  import('../../../common/schemas/forms').then((m) => m.FindItSchema),
);

const EMPTY: FindItInput = {
  name: '',
  email: '',
  phone: '',
  location: '',
  services: [],
  additionalInfo: '',
  hp: '',
};

/** SPEC §8 Find It: success, and success with the e-mail failed (the request is saved). */
export const FIND_IT_SENT = {
  title: 'Request Submitted Successfully',
  description: 'Businesses offering your requested services will contact you soon!',
};
export const FIND_IT_SAVED = {
  title: 'Request Submitted',
  description: "Your request has been saved. We'll contact you soon with business matches.",
};
/** SPEC §8 Find It insert failure; a rate limit says why. */
const failure = (error: { code: string; message: string }) => ({
  title: 'Submission Failed',
  description:
    error.code === 'RATE_LIMITED' || isUnavailable(error)
      ? error.message
      : 'There was an error submitting your request. Please try again.',
});

/** SPEC §5 Find It: the two validation messages, by the fields in error. */
function invalid(fields: Partial<Record<keyof FindItInput, unknown>>) {
  if (fields.name || fields.email || fields.phone || fields.location)
    return { title: 'Missing Information', description: 'Please fill in all required fields.' };
  if (fields.services)
    return {
      title: 'No Services Selected',
      description: 'Please select at least one service you need.',
    };
  return undefined;
}

/** SPEC §5 Find It: the two validation toasts. */
function toastFor(errors: FieldErrors<FindItInput>) {
  const message = invalid(errors);
  if (message) toast.error(message.title, { description: message.description });
}

interface Props {
  /** The form as the page shows it (src/render/form-post.ts). */
  initial: FormState;
  /** After a post without JavaScript: `sent` (e-mails went out) or `saved` (one failed). */
  sent?: 'sent' | 'saved' | undefined;
}

/**
 * Find It (SPEC §2, §5, §8): a request that matching businesses answer. A real
 * `<form method="post">` (issue 22.1): without JavaScript the page posts it to the API.
 */
export default function FindItForm({ initial, sent }: Props) {
  const { form, server, submit, field, checkboxes, isSubmitting, submitCount } = usePublicForm<
    FindItInput,
    unknown,
    SubmissionResult
  >({
    resolver,
    initial,
    endpoint: '/api/service-requests',
    empty: EMPTY,
    // The server's values, so a refused post keeps its ticks.
    defaultValues: { services: listOf(initial.values.services) as never },
    onSent: (result) => {
      if (result.emailStatus === 'failed')
        toast(FIND_IT_SAVED.title, { description: FIND_IT_SAVED.description });
      else toast.success(FIND_IT_SENT.title, { description: FIND_IT_SENT.description });
    },
    onFailed: (error) => {
      const { title, description } = failure(error);
      toast.error(title, { description });
    },
    onInvalid: toastFor,
  });
  const refusal: ApiError | null = server.refusal;

  return (
    <form method="post" action="/find-it/" onSubmit={submit} noValidate className="card form-card">
      {sent && submitCount === 0 && (
        <FormNotice tone="success" {...(sent === 'saved' ? FIND_IT_SAVED : FIND_IT_SENT)} />
      )}
      {refusal && (
        <FormNotice
          tone="error"
          {...((refusal.code === 'VALIDATION_FAILED' && invalid(initial.fieldErrors)) ||
            failure(refusal))}
        />
      )}
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={server.idempotencyKey} />
      <Honeypot {...form.register('hp')} />
      <div className="form-grid">
        <Field id="name" label="Your Name *" autoComplete="name" {...field('name')} />
        <Field id="email" label="Email *" type="email" autoComplete="email" {...field('email')} />
        <Field id="phone" label="Phone *" type="tel" autoComplete="tel" {...field('phone')} />
        <Field
          id="location"
          label="Location *"
          placeholder="e.g. Surulere, Lagos"
          {...field('location')}
        />
      </div>
      <CheckboxGroup
        legend="Services you need *"
        options={FIND_IT_SERVICES}
        idPrefix="service"
        {...checkboxes('services')}
      />
      <TextAreaField
        id="additionalInfo"
        label="Additional Information"
        placeholder="Car make and model, what is wrong, when you need it"
        {...field('additionalInfo')}
      />
      <button type="submit" className="btn btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Submitting...' : 'Submit Request'}
      </button>
      <p className="small muted">Matching businesses usually reply within 24-48 hours.</p>
      <PageToaster />
    </form>
  );
}
