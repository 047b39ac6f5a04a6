import type { Kysely } from 'kysely';
import { businessTypeFor, type BusinessRegistrationData } from '../../src/schemas/forms.ts';
import { slugify } from '../../src/schemas/text.ts';
import { AppError } from '../_lib/errors.ts';
import { siteUrl } from '../_lib/env.ts';
import { adminNotifyAddress, type Mailer } from '../_lib/mail.ts';
import { isUniqueViolation } from '../_lib/pg-errors.ts';
import type { Database } from '../db/database.ts';
import { newBusinessNotification } from '../emails/notifications.ts';

type Db = Kysely<Database>;

/** SPEC §8 "Business form" duplicate message. */
export const DUPLICATE_EMAIL_MESSAGE = 'A business with this email already exists.';

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
  if (input.email) {
    const existing = await db
      .selectFrom('business_registrations')
      .select('id')
      .where('email', '=', input.email)
      .executeTakeFirst();
    if (existing) throw new AppError('CONFLICT', DUPLICATE_EMAIL_MESSAGE);
  }
  const base = slugify(input.businessName) || 'business';
  for (let attempt = 0; ; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${crypto.randomUUID().slice(0, 6)}`;
    try {
      return (await db
        .insertInto('business_registrations')
        .values({
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
        })
        .returning(['id', 'slug'])
        .executeTakeFirstOrThrow()) as { id: string; slug: string };
    } catch (error) {
      if (isUniqueViolation(error, 'business_registrations_email_key'))
        throw new AppError('CONFLICT', DUPLICATE_EMAIL_MESSAGE);
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
  await db
    .updateTable('business_registrations')
    .set({ notification_status: status })
    .where('id', '=', id)
    .execute();
  return status;
}
