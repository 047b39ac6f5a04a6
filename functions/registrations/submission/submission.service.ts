import {
  businessTypeFor,
  type BusinessRegistrationData,
  type SubmissionResult,
} from '../../../common/schemas/forms.ts';
import { slugify } from '../../../common/schemas/text.ts';
import { siteUrl } from '../../_lib/env.ts';
import { guardPublicForm } from '../../_lib/forms.ts';
import { adminNotifyAddress, type Mailer } from '../../_lib/mail.ts';
import { isUniqueViolation } from '../../_lib/pg-errors.ts';
import { newBusinessNotification } from '../../emails/notifications.ts';
import * as repository from '../registrations.repository.ts';
import { type Db, EMAIL_KEY, emailTaken } from '../registrations.service.ts';

/** Registrations, the public form's room (SPEC §5 write rules, §8; ADR 073): a new registration and the admin's notice of it. */

/** Registrations per hour per client address. */
const SUBMISSIONS_PER_HOUR = 5;

/**
 * A listing request from /register: rate limit and honeypot, then saved as pending before the
 * admin is notified (a notification failure is only recorded). A honeypot hit answers like a
 * success and saves nothing.
 * @throws AppError CONFLICT for a taken e-mail, RATE_LIMITED past 5 an hour per address.
 */
export async function submitRegistration(
  db: Db,
  mailer: Mailer,
  input: BusinessRegistrationData,
  clientAddress: string,
): Promise<SubmissionResult> {
  if (await guardPublicForm(db, clientAddress, 'registration', input.hp, SUBMISSIONS_PER_HOUR))
    return { id: crypto.randomUUID(), emailStatus: 'sent' };
  const { id } = await createRegistration(db, input);
  const emailStatus = await notifyNewRegistration(db, mailer, id, input);
  return { id, emailStatus };
}

/**
 * A listing request from /register (SPEC §5 write rules): zip_code empty, business_type from the
 * categories, tags = service tags plus categories, status pending, user_id null. The e-mail's
 * uniqueness is decided by the database, so two racing submissions cannot both get in.
 * @throws AppError CONFLICT when a registration with this e-mail exists.
 */
export async function createRegistration(
  db: Db,
  input: BusinessRegistrationData,
): Promise<{ id: string; slug: string }> {
  if (input.email && (await repository.existsWithEmail(db, input.email))) throw emailTaken();
  const base = slugify(input.businessName) || 'business';
  for (let attempt = 0; ; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${crypto.randomUUID().slice(0, 6)}`;
    try {
      return await repository.insert(db, {
        business_name: input.businessName,
        business_type: businessTypeFor(input.serviceCategories),
        business_categories: input.serviceCategories,
        display_name: input.contactName ?? null,
        email: input.email ?? null,
        phone: input.phone ?? null,
        address: input.address ?? null,
        city: input.city ?? null,
        state: input.state ?? null,
        zip_code: '',
        website: input.website ?? null,
        description: input.description,
        services: input.services,
        tags: [...new Set([...input.serviceTags, ...input.serviceCategories])],
        status: 'pending',
        contact_visibility: input.contactVisibility,
        user_id: null,
        user_created: true,
        slug,
      });
    } catch (error) {
      if (isUniqueViolation(error, EMAIL_KEY)) throw emailTaken();
      if (isUniqueViolation(error, 'business_registrations_slug_key') && attempt < 3) continue;
      throw error;
    }
  }
}

/** Sends the new-business notification after the row is saved; a failure is only recorded (SPEC §8). */
export async function notifyNewRegistration(
  db: Db,
  mailer: Mailer,
  id: string,
  input: BusinessRegistrationData,
): Promise<'sent' | 'failed'> {
  const result = await mailer.send(
    newBusinessNotification(
      adminNotifyAddress(),
      {
        business_name: input.businessName,
        business_type: businessTypeFor(input.serviceCategories),
        contact_name: input.contactName ?? null,
        email: input.email ?? null,
        phone: input.phone ?? null,
        city: input.city ?? null,
        state: input.state ?? null,
        description: input.description,
        services: input.services,
        service_categories: input.serviceCategories,
      },
      `${siteUrl()}/admin/`,
    ),
  );
  const status = result.ok ? 'sent' : 'failed';
  await repository.setNotificationStatus(db, id, status);
  return status;
}
