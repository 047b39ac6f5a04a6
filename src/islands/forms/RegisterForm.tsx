import { Icon } from '../Icon';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { apiPost } from '../../browser/api-client';
import { SERVICE_CATEGORIES } from '../../schemas/categories';
import {
  BusinessRegistrationSchema,
  normaliseTags,
  type BusinessRegistrationData,
  type BusinessRegistrationInput,
  type SubmissionResult,
} from '../../schemas/forms';
import { Field, Honeypot, TextAreaField } from '../auth/Field';
import { PageToaster } from '../Toasts';
import { CheckboxGroup } from './CheckboxGroup';

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

/** List Your Business (SPEC §2 Register, §5 Business form, §8). */
export default function RegisterForm() {
  const form = useForm<BusinessRegistrationInput, unknown, BusinessRegistrationData>({
    resolver: zodResolver(BusinessRegistrationSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
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

  const submit = form.handleSubmit(async (values) => {
    const result = await apiPost<SubmissionResult>('/api/registrations', values);
    if (result.ok) {
      toast.success('Listing Request Submitted!', {
        description:
          "Your business listing request has been submitted for review. We will contact you once it's approved.",
      });
      form.reset(EMPTY);
      return;
    }
    const { code, message } = result.error;
    if (code === 'CONFLICT' || code === 'RATE_LIMITED' || code === 'VALIDATION_FAILED')
      toast.error('Registration Failed', { description: message });
    else if (code === 'INTERNAL')
      toast.error('There was an error submitting your registration. Please try again.');
    else toast.error('There was an unexpected error. Please try again.');
  });

  return (
    <form onSubmit={submit} noValidate className="card form-card">
      <Honeypot {...form.register('hp')} />
      <h2>Business details</h2>
      <Field
        id="businessName"
        label="Business Name *"
        autoComplete="organization"
        error={errors.businessName}
        {...form.register('businessName')}
      />
      <TextAreaField
        id="description"
        label="Description *"
        error={errors.description}
        placeholder="What does your business do? What makes it trustworthy?"
        {...form.register('description')}
      />
      <CheckboxGroup
        legend="Service Categories *"
        options={SERVICE_CATEGORIES}
        idPrefix="category"
        registration={form.register('serviceCategories')}
        error={errors.serviceCategories as never}
      />
      <TextAreaField
        id="services"
        label="Specific Services *"
        error={errors.services}
        placeholder="e.g. Engine diagnostics, brake pads, wheel alignment"
        {...form.register('services')}
      />
      <div className="field">
        <label htmlFor="tag-input">Service Tags</label>
        <div className="tag-input">
          <input
            id="tag-input"
            value={tagDraft}
            maxLength={40}
            onChange={(e) => setTagDraft(e.target.value)}
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
          error={errors.contactName}
          {...form.register('contactName')}
        />
        <Field
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email}
          {...form.register('email')}
        />
        <Field
          id="phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone}
          {...form.register('phone')}
        />
        <Field
          id="website"
          label="Website"
          type="url"
          placeholder="https://"
          error={errors.website}
          {...form.register('website')}
        />
        <Field
          id="address"
          label="Address"
          autoComplete="address-line1"
          error={errors.address}
          {...form.register('address')}
        />
        <Field
          id="city"
          label="City / Area"
          placeholder="e.g. Ikeja"
          error={errors.city}
          {...form.register('city')}
        />
        <Field id="state" label="State" error={errors.state} {...form.register('state')} />
      </div>

      <fieldset className="field" aria-invalid={errors.contactVisibility ? true : undefined}>
        <legend>Who can see your contact details? *</legend>
        <label className="checkbox" htmlFor="visibility-public">
          <input
            id="visibility-public"
            type="radio"
            value="public"
            {...form.register('contactVisibility')}
          />
          <span>Public: anyone can see my phone, email and address</span>
        </label>
        <label className="checkbox" htmlFor="visibility-registered">
          <input
            id="visibility-registered"
            type="radio"
            value="registered_users_only"
            {...form.register('contactVisibility')}
          />
          <span>Registered users only: visitors must create a free account first</span>
        </label>
        {errors.contactVisibility?.message && (
          <p className="field-error" role="alert">
            {errors.contactVisibility.message}
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
