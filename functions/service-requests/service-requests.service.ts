import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { FindItSchema } from '../../src/schemas/forms.ts';
import { adminNotifyAddress, type Mailer } from '../_lib/mail.ts';
import type { Database } from '../db/database.ts';
import {
  serviceRequestAdminEmail,
  serviceRequestBusinessEmail,
  serviceRequestCustomerEmail,
  type ServiceRequestDetails,
} from '../emails/notifications.ts';

type Db = Kysely<Database>;
type FindItData = z.output<typeof FindItSchema>;

/** Saves a Find It request (SPEC §7 service_requests insert). */
export async function createServiceRequest(db: Db, input: FindItData): Promise<string> {
  const row = await db
    .insertInto('service_requests')
    .values({
      customer_name: input.name,
      customer_email: input.email,
      customer_phone: input.phone,
      customer_location: input.location,
      services_requested: input.services,
      additional_info: input.additionalInfo ?? null,
      handled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** At most this many businesses hear about one request, so one request cannot spam the directory. */
export const MAX_NOTIFIED_BUSINESSES = 25;

/**
 * Approved businesses with an e-mail whose categories (or tags) include a requested service,
 * featured and highly rated first.
 */
export function findMatchingBusinesses(db: Db, services: string[]) {
  return db
    .selectFrom('business_registrations')
    .select(['id', 'business_name', 'email'])
    .where('status', '=', 'approved')
    .where('email', 'is not', null)
    .where((eb) =>
      eb.or([
        sql<boolean>`business_categories && ${sql.val(services)}::text[]`,
        sql<boolean>`tags && ${sql.val(services)}::text[]`,
      ]),
    )
    .orderBy('featured', 'desc')
    .orderBy('star_rating', 'desc')
    .limit(MAX_NOTIFIED_BUSINESSES)
    .execute();
}

/**
 * The e-mails of a Find It request, sent after it is saved: the admin copy and the customer's
 * confirmation (SPEC §7 send-service-request), then every matching business (recorded in
 * service_request_notifications). `failed` when the admin or customer e-mail failed.
 */
export async function notifyServiceRequest(
  db: Db,
  mailer: Mailer,
  id: string,
  input: FindItData,
): Promise<'sent' | 'failed'> {
  const details: ServiceRequestDetails = {
    customerName: input.name,
    customerEmail: input.email,
    customerPhone: input.phone,
    customerLocation: input.location,
    servicesRequested: input.services,
    additionalInfo: input.additionalInfo ?? null,
  };
  const [admin, customer] = await Promise.all([
    mailer.send(serviceRequestAdminEmail(adminNotifyAddress(), details)),
    mailer.send(serviceRequestCustomerEmail(details)),
  ]);
  const status = admin.ok && customer.ok ? 'sent' : 'failed';
  await db
    .updateTable('service_requests')
    .set({ email_status: status })
    .where('id', '=', id)
    .execute();

  // In parallel, so a slow mail service costs one timeout, not one per business.
  const businesses = await findMatchingBusinesses(db, input.services);
  const results = await Promise.all(
    businesses.map((business) =>
      mailer.send(serviceRequestBusinessEmail(business.email!, business.business_name, details)),
    ),
  );
  if (businesses.length > 0) {
    await db
      .insertInto('service_request_notifications')
      .values(
        businesses.map((business, i) => {
          const result = results[i]!;
          return {
            service_request_id: id,
            business_registration_id: business.id,
            email: business.email!,
            status: result.ok ? ('sent' as const) : ('failed' as const),
            error: result.ok ? null : result.error,
          };
        }),
      )
      .execute();
  }
  return status;
}
