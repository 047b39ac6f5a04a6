import { Icon } from '../shared/Icon';
import { useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { isUnavailable } from '../../browser/api-client';
import { SERVICE_CATEGORIES } from '../../../common/schemas/categories';
import type { FormState } from '../../../common/schemas/form-state';
import type {
  BusinessRegistrationData,
  BusinessRegistrationInput,
  SubmissionResult,
} from '../../../common/schemas/forms';
import { normaliseTags } from '../../../common/schemas/tags';
import { asField, Field, Honeypot, TextAreaField } from '../auth/Field';
import { PageToaster } from '../Toasts';
import { CheckboxGroup } from './CheckboxGroup';
import { FormNotice } from './FormNotice';
import { lazyZodResolver } from './lazy-resolver';
import { IDEMPOTENCY_FIELD, listOf, usePublicForm } from './server-form';

const resolver = lazyZodResolver(() =>
  import('../../../common/schemas/forms').then((m) => m.BusinessRegistrationSchema),
);

const EMPTY: BusinessRegistrationInput = {
  businessName: '',
  contactName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: 'Lagos',
  website: '',
  description: '',
  services: '',
  serviceCategories: [],
  serviceTags: [],
  contactVisibility: '' as 'public',
  hp: '',
};

/** SPEC §8 Business form: the success toast, also shown in the page after a post without script. */
export const REGISTRATION_SENT = {
  title: 'Listing Request Submitted!',
  description:
    "Your business listing request has been submitted for review. We will contact you once it's approved.",
};
/** SPEC §8 Business form failures, by the API's error code. */
function failure(error: { code: string; message: string }) {
  const { code, message } = error;
  if (
    code === 'CONFLICT' ||
    code === 'RATE_LIMITED' ||
    code === 'VALIDATION_FAILED' ||
    isUnavailable(error)
  )
    return { title: 'Registration Failed', description: message };
  if (code === 'INTERNAL')
    return { title: 'There was an error submitting your registration. Please try again.' };
  return { title: 'There was an unexpected error. Please try again.' };
}

/**
 * Service tags as posted without JavaScript: each chip's hidden value and the tag box's text,
 * comma-separated (SPEC §5: trimmed, no duplicates).
 */
export function splitTags(posted: string | readonly string[] | undefined): string[] {
  const values = typeof posted === 'string' ? [posted] : (posted ?? []);
  return normaliseTags(values.flatMap((value) => value.split(',')));
}

interface Props {
  /** The form as the page shows it (src/render/form-post.ts). */
  initial: FormState;
  /** Shown after a post without JavaScript succeeded (`/register/?sent=1`). */
  sent?: boolean;
}

/**
 * List Your Business (SPEC §2 Register, §5 Business form, §8). A real `<form method="post">`
 * (issue 22.1): without JavaScript the page posts it to the API; the tag box then sends what is
 * typed in it, comma-separated.
 */
export default function RegisterForm({ initial, sent = false }: Props) {
  const { form, server, submit, field, checkboxes, errors, isSubmitting, submitCount } =
    usePublicForm<BusinessRegistrationInput, BusinessRegistrationData, SubmissionResult>({
      resolver,
      initial,
      endpoint: '/api/listings',
      empty: EMPTY,
      // The server's values, so a refused post keeps its ticks and tags.
      defaultValues: {
        serviceTags: splitTags(initial.values.serviceTags),
        serviceCategories: listOf(initial.values.serviceCategories) as never,
      },
      onSent: () =>
        toast.success(REGISTRATION_SENT.title, { description: REGISTRATION_SENT.description }),
      onFailed: (error) => {
        const { title, description } = failure(error);
        if (description) toast.error(title, { description });
        else toast.error(title);
      },
    });
  const [tagDraft, setTagDraft] = useState('');
  const tags = form.watch('serviceTags') ?? [];

  const addTag = () => {
    const next = normaliseTags([...tags, tagDraft]);
    form.setValue('serviceTags', next, { shouldValidate: true });
    setTagDraft('');
  };
  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      addTag();
    }
  };

  return (
    <form method="post" action="/register/" onSubmit={submit} noValidate className="card form-card">
      {sent && submitCount === 0 && <FormNotice tone="success" {...REGISTRATION_SENT} />}
      {server.refusal && server.refusal.code !== 'VALIDATION_FAILED' && (
        <FormNotice tone="error" {...failure(server.refusal)} />
      )}
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={server.idempotencyKey} />
      <Honeypot {...asField(form.register('hp'))} />
      <h2>Business details</h2>
      <Field
        id="businessName"
        label="Business Name *"
        autoComplete="organization"
        {...field('businessName')}
      />
      <TextAreaField
        id="description"
        label="Description *"
        placeholder="What does your business do? What makes it trustworthy?"
        {...field('description')}
      />
      <CheckboxGroup
        legend="Service Categories *"
        options={SERVICE_CATEGORIES}
        idPrefix="category"
        {...checkboxes('serviceCategories')}
      />
      <TextAreaField
        id="services"
        label="Specific Services *"
        placeholder="e.g. Engine diagnostics, brake pads, wheel alignment"
        {...field('services')}
      />
      <div className="field">
        <label htmlFor="tag-input">Service Tags</label>
        <div className="tag-input">
          <input
            id="tag-input"
            name="serviceTags"
            value={tagDraft}
            maxLength={40}
            onInput={(e) => setTagDraft(e.currentTarget.value)}
            onKeyDown={onTagKey}
            placeholder="e.g. Toyota, 24/7"
          />
          <button type="button" className="btn btn-outline" onClick={addTag}>
            Add
          </button>
        </div>
        {tags.length > 0 && (
          <ul className="tags" aria-label="Service tags">
            {tags.map((tag) => (
              <li key={tag} className="badge">
                {tag}
                <input type="hidden" name="serviceTags" value={tag} />
                <button
                  type="button"
                  className="tag-remove"
                  aria-label={`Remove ${tag}`}
                  onClick={() =>
                    form.setValue(
                      'serviceTags',
                      tags.filter((t) => t !== tag),
                    )
                  }
                >
                  <Icon name="x" size={12} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <h2>Contact details</h2>
      <div className="form-grid">
        <Field
          id="contactName"
          label="Contact Name"
          autoComplete="name"
          {...field('contactName')}
        />
        <Field id="email" label="Email" type="email" autoComplete="email" {...field('email')} />
        <Field id="phone" label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
        <Field
          id="website"
          label="Website"
          type="url"
          placeholder="https://"
          {...field('website')}
        />
        <Field id="address" label="Address" autoComplete="address-line1" {...field('address')} />
        <Field id="city" label="City / Area" placeholder="e.g. Ikeja" {...field('city')} />
        <Field
          id="state"
          label="State"
          error={errors.state ?? server.error('state')}
          defaultValue={server.value('state') ?? 'Lagos'}
          {...asField(form.register('state'))}
        />
      </div>

      <fieldset
        className="field"
        aria-invalid={
          errors.contactVisibility || server.error('contactVisibility') ? true : undefined
        }
      >
        <legend>Who can see your contact details? *</legend>
        <label className="checkbox" htmlFor="visibility-public">
          <input
            id="visibility-public"
            type="radio"
            value="public"
            defaultChecked={server.checked('contactVisibility', 'public')}
            {...form.register('contactVisibility')}
          />
          <span>Public: anyone can see my phone, email and address</span>
        </label>
        <label className="checkbox" htmlFor="visibility-registered">
          <input
            id="visibility-registered"
            type="radio"
            value="registered_users_only"
            defaultChecked={server.checked('contactVisibility', 'registered_users_only')}
            {...form.register('contactVisibility')}
          />
          <span>Registered users only: visitors must create a free account first</span>
        </label>
        {(errors.contactVisibility ?? server.error('contactVisibility'))?.message && (
          <p className="field-error" role="alert">
            {(errors.contactVisibility ?? server.error('contactVisibility'))?.message}
          </p>
        )}
      </fieldset>

      <button type="submit" className="btn btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Submitting...' : 'Submit Listing Request'}
      </button>
      <p className="small muted">
        Listing is free. Every request is reviewed before it appears in the directory.
      </p>
      <PageToaster />
    </form>
  );
}
