import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { apiSend } from '../../browser/api-client';
import { DialogFormActions, DialogHead } from '../DialogHead';
import {
  BusinessEditSchema,
  type AdminRegistration,
  type BusinessEditInput,
  type RegistrationResponse,
} from '../../../common/schemas/registrations';
import { SERVICE_CATEGORIES } from '../../../common/schemas/categories';
import { CONTACT_VISIBILITY_LABELS } from '../../../common/schemas/listing';
import { LAGOS_AREAS } from '../../../common/config/lagos-areas';
import { asField, Field, TextAreaField } from '../auth/Field';
import { CheckboxGroup } from '../forms/CheckboxGroup';
import { PhotosSection } from './PhotosSection';
import { RoadsideFieldsSchema } from '../../../common/schemas/roadside';
import { fieldMessages } from '../account/fields';
import { RoadsideFieldset, roadsideDraft, roadsideInput } from '../shared/RoadsideFieldset';

/** The roadside draft of a registration's columns (issue 38.3). */
const draftOf = (business: AdminRegistration) =>
  roadsideDraft({
    open_24_hours: business.open_24_hours,
    comes_to_you: business.comes_to_you,
    coverage_areas: business.coverage_areas,
    callout_fee:
      business.callout_fee_min != null && business.callout_fee_max != null
        ? { min: business.callout_fee_min, max: business.callout_fee_max }
        : null,
  });

const standard = new Set<string>(SERVICE_CATEGORIES);

/** Edit Business Details (SPEC §5 Admin business edit). */
export function EditBusinessDialog({
  business,
  onSaved,
}: {
  business: AdminRegistration;
  onSaved: (next: AdminRegistration) => void;
}) {
  const [open, setOpen] = useState(false);
  const defaults: BusinessEditInput = {
    business_name: business.business_name,
    phone: business.phone ?? '',
    display_name: business.display_name ?? '',
    email: business.email ?? '',
    address: business.address ?? '',
    city: business.city ?? '',
    state: business.state ?? '',
    website: business.website ?? '',
    description: business.description ?? '',
    services: business.services ?? '',
    business_categories: business.business_categories.filter((c) =>
      standard.has(c),
    ) as BusinessEditInput['business_categories'],
    additional_tags: business.tags.filter((t) => !standard.has(t)),
    contact_visibility: business.contact_visibility,
    area: business.area ?? '',
  };
  const form = useForm<BusinessEditInput, unknown, z.output<typeof BusinessEditSchema>>({
    resolver: zodResolver(BusinessEditSchema),
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = form.formState;
  const [roadside, setRoadside] = useState(() => draftOf(business));
  const [roadsideErrors, setRoadsideErrors] = useState<Record<string, string>>({});

  const submit = form.handleSubmit(async (values) => {
    const declared = RoadsideFieldsSchema.safeParse(roadsideInput(roadside));
    if (!declared.success) {
      setRoadsideErrors(fieldMessages(declared.error.issues));
      return;
    }
    setRoadsideErrors({});
    const result = await apiSend<RegistrationResponse>(
      'PATCH',
      `/api/admin/listings/${business.id}`,
      { ...values, roadside: declared.data },
    );
    if (!result.ok) {
      toast.error('Failed to update business', { description: result.error.message });
      return;
    }
    onSaved(result.data.registration);
    toast.success('Business updated successfully');
    setOpen(false);
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          form.reset(defaults);
          setRoadside(draftOf(business));
          setRoadsideErrors({});
        }
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="btn btn-outline">
          Edit Details
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content wide">
          <DialogHead title="Edit Business Details" />
          <Dialog.Description className="small muted">
            Changes will be reflected across all listings
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="auth-form">
            <div className="form-grid">
              <Field
                id="edit-name"
                label="Business Name *"
                error={errors.business_name}
                {...asField(form.register('business_name'))}
              />
              <Field
                id="edit-phone"
                label="Phone *"
                error={errors.phone}
                {...asField(form.register('phone'))}
              />
              <Field
                id="edit-contact"
                label="Contact Name"
                error={errors.display_name}
                {...asField(form.register('display_name'))}
              />
              <Field
                id="edit-email"
                label="Email"
                type="email"
                error={errors.email}
                {...asField(form.register('email'))}
              />
              <Field
                id="edit-address"
                label="Address"
                error={errors.address}
                {...asField(form.register('address'))}
              />
              <Field
                id="edit-city"
                label="City"
                error={errors.city}
                {...asField(form.register('city'))}
              />
              <Field
                id="edit-state"
                label="State"
                error={errors.state}
                {...asField(form.register('state'))}
              />
              <Field
                id="edit-website"
                label="Website"
                error={errors.website}
                {...asField(form.register('website'))}
              />
            </div>
            <TextAreaField
              id="edit-description"
              label="Description"
              error={errors.description}
              {...asField(form.register('description'))}
            />
            <TextAreaField
              id="edit-services"
              label="Services"
              error={errors.services}
              {...asField(form.register('services'))}
            />
            <CheckboxGroup
              legend="Service Categories"
              options={SERVICE_CATEGORIES}
              idPrefix="edit-category"
              registration={form.register('business_categories')}
            />
            <label className="field">
              <span>Area</span>
              <select {...form.register('area')}>
                <option value="">Work it out from the address</option>
                {LAGOS_AREAS.map((a) => (
                  <option key={a.slug} value={a.name}>
                    {a.kind === 'lga' ? a.name : `${a.name} (${a.lga})`}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>Contact visibility</span>
              <select {...form.register('contact_visibility')}>
                {Object.entries(CONTACT_VISIBILITY_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            <RoadsideFieldset
              idPrefix="edit-roadside"
              value={roadside}
              onChange={setRoadside}
              errors={roadsideErrors}
            />
            <DialogFormActions submitting={isSubmitting} submitLabel={'Save Changes'} />
          </form>
          <PhotosSection listingId={business.id} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
