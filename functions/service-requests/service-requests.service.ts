import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { FindItSchema, SubmissionResult } from '../../src/schemas/forms.ts';
import { AppError } from '../_lib/errors.ts';
import { guardPublicForm } from '../_lib/forms.ts';
import { adminNotifyAddress, type Mailer } from '../_lib/mail.ts';
import type { Database } from '../db/database.ts';
import {
  serviceRequestAdminEmail,
  serviceRequestBusinessEmail,
  serviceRequestCustomerEmail,
  type ServiceRequestDetails,
} from '../emails/notifications.ts';
import * as repository from './service-requests.repository.ts';
import type { ServiceRequestRow } from './service-requests.repository.ts';

/**
 * Find It requests (SPEC §2 Find It page and Requests tab, §4 pending → handled, §7
 * send-service-request, §8).
 */
type Db = Kysely<Database>;
type FindItData = z.output<typeof FindItSchema>;

/** At most this many businesses hear about one request, so one request cannot spam the directory. */
export const MAX_NOTIFIED_BUSINESSES = 25;

/** Find It submissions per hour per client address. */
const SUBMISSIONS_PER_HOUR = 10;

/**
 * A Find It request from the public form: rate limit and honeypot, then saved before any e-mail
 * (SPEC §8 "Your request has been saved..." when the e-mail fails). A honeypot hit answers like
 * a success and saves nothing.
 * @throws AppError RATE_LIMITED past 10 an hour per address.
 */
export async function submitServiceRequest(
  db: Db,
  mailer: Mailer,
  input: FindItData,
  clientAddress: string,
): Promise<SubmissionResult> {
  if (await guardPublicForm(db, clientAddress, 'find-it', input.hp, SUBMISSIONS_PER_HOUR))
    return { id: crypto.randomUUID(), emailStatus: 'sent' };
  const id = await createServiceRequest(db, input);
  const emailStatus = await notifyServiceRequest(db, mailer, id, input);
  return { id, emailStatus };
}

/** Saves a Find It request (SPEC §7 service_requests insert). */
export function createServiceRequest(db: Db, input: FindItData): Promise<string> {
  return repository.insert(db, {
    customer_name: input.name,
    customer_email: input.email,
    customer_phone: input.phone,
    customer_location: input.location,
    services_requested: input.services,
    additional_info: input.additionalInfo ?? null,
    handled_at: null,
  });
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
  await repository.setEmailStatus(db, id, status);

  // In parallel, so a slow mail service costs one timeout, not one per business.
  const businesses = await repository.findMatchingBusinesses(
    db,
    input.services,
    MAX_NOTIFIED_BUSINESSES,
  );
  const results = await Promise.all(
    businesses.map((business) =>
      mailer.send(serviceRequestBusinessEmail(business.email!, business.business_name, details)),
    ),
  );
  await repository.insertNotifications(
    db,
    businesses.map((business, i) => {
      const result = results[i]!;
      return {
        service_request_id: id,
        business_registration_id: business.id,
        email: business.email!,
        status: result.ok ? 'sent' : 'failed',
        error: result.ok ? null : result.error,
      };
    }),
  );
  return status;
}

/** Every request for the admin, newest first. */
export function listServiceRequests(db: Db): Promise<ServiceRequestRow[]> {
  return repository.listAll(db);
}

/**
 * Mark as Handled (SPEC §4: pending → handled, handled_at now, no way back).
 * @throws AppError CONFLICT "Already handled", NOT_FOUND.
 */
export async function handleServiceRequest(db: Db, id: string): Promise<ServiceRequestRow> {
  const row = await repository.markHandled(db, id);
  if (row) return row;
  throw (await repository.exists(db, id))
    ? new AppError('CONFLICT', 'Already handled')
    : new AppError('NOT_FOUND', 'Not found');
}

/** @throws AppError NOT_FOUND. */
export async function deleteServiceRequest(db: Db, id: string): Promise<void> {
  if ((await repository.remove(db, id)) === 0)
    throw new AppError('NOT_FOUND', 'Service request not found');
}

/** Clear All. @returns how many requests were deleted. */
export function clearServiceRequests(db: Db): Promise<number> {
  return repository.removeAll(db);
}
