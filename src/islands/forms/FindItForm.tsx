import type { FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { isUnavailable, type ApiError } from '../../browser/api-client';
import { FIND_IT_SERVICES } from '../../../common/schemas/categories';
import { isNearLagos, LAGOS_AREAS, nearestArea } from '../../../common/config/lagos-areas';
import { CAR_MAKE_NAMES, CONTACT_METHODS, URGENCIES } from '../../../common/schemas/quote-options';
import type { FormState } from '../../../common/schemas/form-state';
import type { FindItInput } from '../../../common/schemas/find-it';
import type { SubmissionResult } from '../../../common/schemas/forms';
import { asField, Field, Honeypot, SelectField, TextAreaField } from '../auth/Field';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  PHOTO_ACCEPT,
  PHOTO_MESSAGES,
  REQUEST_PHOTOS_MAX,
} from '../../../common/schemas/photo-rules';
import { PageToaster } from '../Toasts';
import { CheckboxGroup } from './CheckboxGroup';
import { FormNotice } from './FormNotice';
import { lazyZodResolver } from './lazy-resolver';
import { IDEMPOTENCY_FIELD, listOf, usePublicForm } from './server-form';

const resolver = lazyZodResolver(() =>
  import('../../../common/schemas/find-it').then((m) => m.FindItSchema),
);

const EMPTY: FindItInput = {
  name: '',
  email: '',
  phone: '',
  location: '',
  services: [],
  additionalInfo: '',
  carMake: '',
  carModel: '',
  carYear: '',
  job: '',
  area: '',
  urgency: '',
  contactMethods: [],
  hp: '',
};

const MAKES = CAR_MAKE_NAMES.map((name) => ({ value: name, label: name }));
const AREAS = [...LAGOS_AREAS]
  .sort((a, b) => a.name.localeCompare(b.name))
  .map((a) => ({ value: a.slug, label: a.name }));
const methodLabel = (key: string) => CONTACT_METHODS.find((m) => m.key === key)?.label ?? key;

/** SPEC §8 Find It: success, and success with the e-mail failed (the request is saved). */
export const FIND_IT_SENT = {
  title: 'Request Submitted Successfully',
  description: 'Businesses offering your requested services will contact you soon!',
};
export const FIND_IT_SAVED = {
  title: 'Request Submitted',
  description: "Your request has been saved. We'll contact you soon with business matches.",
};
/** A refusal of the photos (ADR 083): their own message, the typed fields kept. */
const photoRefusal = (error: {
  code: string;
  message: string;
  fields?: Record<string, string[]>;
}) =>
  error.fields?.photos !== undefined ||
  error.code === 'PAYLOAD_TOO_LARGE' ||
  error.message === PHOTO_MESSAGES.cutOff;

/** SPEC §8 Find It insert failure; a rate limit or a refused photo says why. */
const failure = (error: { code: string; message: string; fields?: Record<string, string[]> }) => ({
  title: 'Submission Failed',
  description:
    error.code === 'RATE_LIMITED' || isUnavailable(error) || photoRefusal(error)
      ? error.message
      : 'There was an error submitting your request. Please try again.',
});

/** The photo field's hint without script, and once its script runs (ADR 048, 083). */
const PHOTOS_PRIVATE =
  'Only our team and the businesses your request reaches see them. We remove the location and other details your phone stores in a photo.';
const PHOTOS_HINT = `JPEG, PNG, WebP, HEIC or AVIF, up to 4 MB together (a photo shared from a messaging app, or your camera's smaller size, fits). ${PHOTOS_PRIVATE}`;
const PHOTOS_HINT_SCRIPT = `JPEG, PNG, WebP, HEIC or AVIF, up to 10 MB each. We make large photos smaller before sending them, which also saves your data. ${PHOTOS_PRIVATE}`;

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

/** A post without JavaScript refused for its photos' size or a cut-off upload (no field). */
function refusalIsPhoto(initial: FormState): boolean {
  return initial.error !== null && photoRefusal(initial.error);
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
  const photos = useRef<HTMLInputElement>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
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
    defaultValues: {
      services: listOf(initial.values.services) as never,
      contactMethods: listOf(initial.values.contactMethods) as never,
    },
    onSent: (result) => {
      if (result.emailStatus === 'failed')
        toast(FIND_IT_SAVED.title, { description: FIND_IT_SAVED.description });
      else toast.success(FIND_IT_SENT.title, { description: FIND_IT_SENT.description });
    },
    onFailed: (error) => {
      const { title, description } = failure(error);
      setPhotoError(photoRefusal(error) ? error.message : null);
      toast.error(title, { description });
    },
    onInvalid: toastFor,
    files: {
      name: 'photos',
      jsonField: 'request',
      read: () => [...(photos.current?.files ?? [])],
      clear: () => {
        if (photos.current) photos.current.value = '';
        setPhotoError(null);
      },
    },
  });
  // Photos made smaller in the browser before they are sent (ADR 048), loaded after hydration.
  useEffect(() => {
    const input = photos.current;
    if (input)
      void import('../../browser/review-photos').then((m) =>
        m.enhanceReviewPhotos(input, PHOTO_MESSAGES.tooManyForRequest),
      );
  }, []);
  // The photo script holds a submit while photos are being prepared, and sends the form again.
  const send = (event: FormEvent<HTMLFormElement>) => {
    if (event.defaultPrevented) {
      event.preventDefault();
      return;
    }
    void submit(event);
  };
  const photoMessage =
    photoError ??
    (submitCount === 0 ? (initial.fieldErrors.photos?.[0] ?? null) : null) ??
    (submitCount === 0 && refusalIsPhoto(initial) ? (initial.error?.message ?? null) : null);
  const refusal: ApiError | null = server.refusal;
  // "Use my location" needs JavaScript and a browser that has geolocation: shown only then.
  const [canLocate, setCanLocate] = useState(false);
  const [located, setLocated] = useState<string | null>(null);
  useEffect(() => setCanLocate('geolocation' in navigator), []);
  const locate = () =>
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (!isNearLagos(coords.latitude, coords.longitude)) {
          setLocated('Your position is outside Lagos: choose an area from the list.');
          return;
        }
        // Only the nearest area is kept: the position itself is never sent (issue 36.1).
        const { area } = nearestArea(coords.latitude, coords.longitude);
        form.setValue('area', area.slug);
        if (!form.getValues('location')) form.setValue('location', area.name);
        setLocated(`Nearest area: ${area.name}`);
      },
      () => setLocated('We could not read your location: choose an area from the list.'),
      { maximumAge: 600_000, timeout: 15_000 },
    );

  return (
    <form
      method="post"
      action="/find-it/"
      encType="multipart/form-data"
      onSubmit={send}
      noValidate
      className="card form-card"
    >
      {sent && submitCount === 0 && (
        <FormNotice tone="success" {...(sent === 'saved' ? FIND_IT_SAVED : FIND_IT_SENT)} />
      )}
      {refusal && (
        <FormNotice
          tone="error"
          {...((refusal.code === 'VALIDATION_FAILED' && invalid(initial.fieldErrors)) ||
            failure({ ...refusal, fields: initial.fieldErrors }))}
        />
      )}
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={server.idempotencyKey} />
      <Honeypot {...asField(form.register('hp'))} />
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
        id="job"
        label="What needs doing?"
        placeholder="e.g. Front brake pads worn, car shakes when braking"
        rows={3}
        {...field('job')}
      />
      <div className="form-grid">
        <SelectField
          id="carMake"
          label="Car make"
          blank="Choose a make"
          options={MAKES}
          {...field('carMake')}
        />
        <Field id="carModel" label="Model" placeholder="e.g. Corolla" {...field('carModel')} />
        <Field
          id="carYear"
          label="Year"
          inputMode="numeric"
          placeholder="e.g. 2012"
          maxLength={4}
          {...field('carYear')}
        />
        <div>
          <SelectField
            id="area"
            label="Area"
            blank="Choose your area"
            options={AREAS}
            {...field('area')}
          />
          {canLocate && (
            <button type="button" className="btn btn-outline btn-small" onClick={locate}>
              Use my location
            </button>
          )}
          {located && (
            <p className="small muted" role="status">
              {located}
            </p>
          )}
        </div>
      </div>
      <fieldset className="field checkbox-group">
        <legend>How soon?</legend>
        <div className="checkbox-grid">
          {URGENCIES.map((u) => (
            <label key={u.key} className="checkbox" htmlFor={`urgency-${u.key}`}>
              <input
                id={`urgency-${u.key}`}
                type="radio"
                value={u.key}
                defaultChecked={server.value('urgency') === u.key}
                {...form.register('urgency')}
              />
              <span>{u.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <CheckboxGroup
        legend="How should businesses reach you?"
        options={CONTACT_METHODS.map((m) => m.key)}
        labelOf={methodLabel}
        idPrefix="contact"
        {...checkboxes('contactMethods')}
      />
      <TextAreaField
        id="additionalInfo"
        label="Additional Information"
        placeholder="Anything else a business should know"
        {...field('additionalInfo')}
      />
      <div className="field">
        <label htmlFor="findit-photos">
          Photos of the car or the problem (optional, up to {REQUEST_PHOTOS_MAX})
        </label>
        <input
          id="findit-photos"
          ref={photos}
          name="photos"
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          aria-invalid={photoMessage ? 'true' : undefined}
          aria-describedby={`findit-photos-hint${photoMessage ? ' findit-photos-error' : ''}`}
        />
        <p className="small muted" id="findit-photos-hint" data-with-script={PHOTOS_HINT_SCRIPT}>
          {PHOTOS_HINT}
        </p>
        {/* A live region without the status role: the form's notice is the page's one status. */}
        <p className="small muted" aria-live="polite" data-photos-status="" />
        {photoMessage && (
          <p className="field-error" id="findit-photos-error">
            {photoMessage}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Submitting...' : 'Submit Request'}
      </button>
      <p className="small muted">
        Matching businesses usually reply within 24-48 hours. Their quotes arrive on a private page
        we e-mail you; they see your phone and e-mail only when you accept a quote.
      </p>
      <PageToaster />
    </form>
  );
}
