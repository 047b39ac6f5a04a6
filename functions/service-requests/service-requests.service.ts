import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { FindItSchema } from '../../common/schemas/find-it.ts';
import type { SubmissionResult } from '../../common/schemas/forms.ts';
import {
  MAX_FORWARDED_BUSINESSES,
  type InboxListQuery,
  type InboxStats,
  type Lead,
  type MatchesResponse,
} from '../../common/schemas/service-requests.ts';
import { pageWindow } from '../_lib/paging.ts';
import { AppError } from '../_lib/errors.ts';
import { guardPublicForm } from '../_lib/forms.ts';
import { enforceRateLimits, keyedAddress } from '../_lib/rate-limit.ts';
import { areaBySlug } from '../../common/config/lagos-areas.ts';
import { URGENCIES } from '../../common/schemas/quote-options.ts';
import { jobTypeOf } from '../../common/search/jobs.ts';
import { deriveArea } from '../imports/lagos-areas.ts';
import { textHoldReasons } from '../reviews/hold-rules.ts';
import { matchServiceRequest } from './matching.ts';
import { refreshResponseTimes } from './response-time.ts';
import { jobSummaryOf } from './quote-requests.repository.ts';
import { quoteRequestAlertEmail } from '../emails/quotes.ts';
import { claimUrl } from '../site/urls.ts';
import { accessKeyOf, hashKey, LEAD_NOT_FOUND } from './quotes.service.ts';
import { adminNotifyAddress, type Mailer } from '../_lib/mail.ts';
import type { Database } from '../db/database.ts';
import {
  serviceRequestAdminEmail,
  serviceRequestCustomerEmail,
  type ServiceRequestDetails,
} from '../emails/notifications.ts';
import { countServerEvent } from '../insights/insights.service.ts';
import * as repository from './service-requests.repository.ts';
import * as leadsRepository from './leads.repository.ts';
import * as requestPhotos from './request-photos.service.ts';
import type { BlobStore } from '../_lib/blobs.ts';
import type { ServiceRequestRow } from './service-requests.repository.ts';

/**
 * Find It requests (SPEC §2 Find It page and Requests tab, §4 pending → handled, §7
 * send-service-request, §8).
 */
type Db = Kysely<Database>;
type FindItData = z.output<typeof FindItSchema>;

/** Find It submissions per hour per client address. */
const SUBMISSIONS_PER_HOUR = 10;
/** Find It requests per day from one e-mail address (issue 36.2: no flooding of businesses). */
const REQUESTS_PER_EMAIL_PER_DAY = 5;

/**
 * A Find It request from the public form: rate limits (per address, per e-mail) and honeypot, then
 * saved before any e-mail (SPEC §8 "Your request has been saved..." when the e-mail fails), then
 * matched at once to up to five claimed listings (issue 36.2) unless its text holds a link, a
 * phone number or an e-mail address, which holds it for the admin. A honeypot hit answers like a
 * success and saves nothing.
 * @returns the request's id, whether its e-mails went out, and the cache tags to purge (the
 *   response times of the businesses it reached).
 * @throws AppError RATE_LIMITED past 10 an hour per address or 5 a day per e-mail.
 */
export async function submitServiceRequest(
  db: Db,
  mailer: Mailer,
  input: FindItData,
  clientAddress: string,
  userId: string | null = null,
  photos: RequestPhotoFiles | null = null,
): Promise<SubmissionResult & { tags: string[] }> {
  if (await guardPublicForm(db, clientAddress, 'find-it', input.hp, SUBMISSIONS_PER_HOUR))
    return { id: crypto.randomUUID(), emailStatus: 'sent', tags: [] };
  await enforceRateLimits(db, [
    {
      key: `form:find-it:email:${keyedAddress('find-it-email', input.email)}`,
      limit: REQUESTS_PER_EMAIL_PER_DAY,
      windowSeconds: 86_400,
    },
  ]);
  const id = photos?.files.length
    ? await saveWithPhotos(db, input, userId, photos)
    : await createServiceRequest(db, input, userId);
  const emailStatus = await notifyServiceRequest(db, mailer, id, input);
  const { tags } = await matchServiceRequest(db, mailer, id);
  return { id, emailStatus, tags };
}

/** A request's photo files as posted, and the store they go to (ADR 083). */
export interface RequestPhotoFiles {
  blobs: BlobStore;
  files: Uint8Array[];
}

/**
 * Saves a request with its photos: processed and stored first (a refused photo saves nothing),
 * then the request and their rows in one transaction; a failed save deletes the files.
 */
async function saveWithPhotos(
  db: Db,
  input: FindItData,
  userId: string | null,
  { blobs, files }: RequestPhotoFiles,
): Promise<string> {
  const id = crypto.randomUUID();
  const prepared = await requestPhotos.prepareRequestPhotos(blobs, id, files);
  try {
    return await db.transaction().execute(async (trx) => {
      await createServiceRequest(trx, input, userId, id);
      await requestPhotos.recordRequestPhotos(trx, prepared);
      return id;
    });
  } catch (error) {
    await requestPhotos.discardRequestPhotos(prepared, blobs);
    throw error;
  }
}

/**
 * Saves a Find It request (SPEC §7 service_requests insert, issue 36.1), with the hash of its
 * private key and the text rules that hold it (link, phone, e-mail in the motorist's words).
 */
export async function createServiceRequest(
  db: Db,
  input: FindItData,
  userId: string | null = null,
  id: string = crypto.randomUUID(),
): Promise<string> {
  const area = input.area ? (areaBySlug(input.area)?.name ?? null) : null;
  return repository.insert(db, {
    id,
    customer_name: input.name,
    customer_email: input.email,
    customer_phone: input.phone,
    customer_location: input.location,
    services_requested: input.services,
    additional_info: input.additionalInfo ?? null,
    car_make: input.carMake ?? null,
    car_model: input.carModel ?? null,
    car_year: input.carYear ?? null,
    job: input.job ?? null,
    area: area ?? deriveArea({ address: input.location }),
    urgency: input.urgency ?? null,
    contact_methods: input.contactMethods,
    access_key_hash: hashKey(accessKeyOf(id, 0)),
    user_id: userId,
    job_type: jobTypeOf(input.job, input.additionalInfo)?.key ?? null,
    held_reasons: textHoldReasons(
      input.job ?? '',
      input.additionalInfo ?? '',
      input.carModel ?? '',
    ),
  });
}

/**
 * The e-mails of a Find It request, sent after it is saved: the admin copy and the customer's
 * confirmation with the link to their private quotes page (SPEC §7 send-service-request, issue
 * 36.4). Businesses hear of it when it is matched (issue 36.2), never with the motorist's
 * contacts. `failed` when either e-mail failed.
 */
export async function notifyServiceRequest(
  db: Db,
  mailer: Mailer,
  id: string,
  input: FindItData,
): Promise<'sent' | 'failed'> {
  const details = detailsOf({
    customer_name: input.name,
    customer_email: input.email,
    customer_phone: input.phone,
    customer_location: input.location,
    services_requested: input.services,
    additional_info: input.additionalInfo ?? null,
  });
  details.job = {
    car: [input.carMake, input.carModel, input.carYear].filter(Boolean).join(' ') || null,
    job: input.job ?? null,
    area: input.area ? (areaBySlug(input.area)?.name ?? null) : null,
    urgency: URGENCIES.find((u) => u.key === input.urgency)?.label ?? null,
  };
  const key = accessKeyOf(id, 0);
  const [admin, customer] = await Promise.all([
    mailer.send(serviceRequestAdminEmail(adminNotifyAddress(), details)),
    mailer.send(serviceRequestCustomerEmail(details, key)),
  ]);
  const status = admin.ok && customer.ok ? 'sent' : 'failed';
  await repository.setEmailStatus(db, id, status);
  return status;
}

function detailsOf(
  r: Pick<
    ServiceRequestRow,
    | 'customer_name'
    | 'customer_email'
    | 'customer_phone'
    | 'customer_location'
    | 'services_requested'
    | 'additional_info'
  >,
): ServiceRequestDetails {
  return {
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    customerPhone: r.customer_phone,
    customerLocation: r.customer_location,
    servicesRequested: r.services_requested,
    additionalInfo: r.additional_info,
  };
}

/**
 * One page of the Requests tab (SPEC §2): pending newest first or handled most recently handled
 * first, with the SPEC §5 search, the matches in all and the panel's tiles (all requests).
 */
export async function listServiceRequests(
  db: Db,
  query: InboxListQuery,
): Promise<{ serviceRequests: ServiceRequestRow[]; total: number; stats: InboxStats }> {
  const filter = { status: query.status, q: query.q };
  const [serviceRequests, total, byStatus] = await Promise.all([
    repository.listPage(db, filter, pageWindow(query)),
    repository.count(db, filter),
    repository.countByStatus(db),
  ]);
  return {
    serviceRequests,
    total,
    stats: { total: byStatus.pending + byStatus.handled, ...byStatus },
  };
}

/** Requests matching the SPEC §5 search `q` (the Requests tab count). */
export function countServiceRequests(db: Db, q: string | undefined): Promise<number> {
  return repository.count(db, { q });
}

/** @throws AppError NOT_FOUND. */
async function getServiceRequest(db: Db, id: string): Promise<ServiceRequestRow> {
  const row = await repository.findById(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Service request not found');
  return row;
}

/**
 * The businesses a request could be forwarded to (issue 12.7): the first
 * {@link MAX_FORWARDED_BUSINESSES} by relevance, how many match in all, and how many more this
 * request may still be sent to.
 * @throws AppError NOT_FOUND.
 */
export async function findMatchingBusinesses(db: Db, id: string): Promise<MatchesResponse> {
  const request = await getServiceRequest(db, id);
  const [businesses, total] = await Promise.all([
    repository.findMatches(db, id, request.services_requested, {
      limit: MAX_FORWARDED_BUSINESSES,
    }),
    repository.countMatches(db, request.services_requested),
  ]);
  const forwarded = await repository.countForwarded(db, id);
  return {
    businesses: businesses.map(
      ({ owner_email: _owner, slug: _slug, contacted_at, ...business }) => ({
        ...business,
        contacted_at: contacted_at ? new Date(contacted_at).toISOString() : null,
      }),
    ),
    total,
    remaining: Math.max(0, MAX_FORWARDED_BUSINESSES - forwarded),
  };
}

/**
 * "Forward to matching businesses" (issue 12.7): e-mails the chosen businesses that still match
 * the request and were not e-mailed about it yet, up to {@link MAX_FORWARDED_BUSINESSES} per
 * request in all, each recorded in service_request_notifications (`sending`, then `sent` or
 * `failed`). The claim is made under a lock on the request, so two admins forwarding at once
 * never e-mail a business twice; the e-mails go out after that commit, in parallel.
 * @throws AppError NOT_FOUND.
 */
export async function forwardServiceRequest(
  db: Db,
  mailer: Mailer,
  id: string,
  ids: readonly string[],
): Promise<{
  sent: number;
  failed: number;
  skipped: number;
  serviceRequest: ServiceRequestRow;
  tags: string[];
}> {
  const claimed = await db.transaction().execute(async (trx) => {
    const request = await repository.lock(trx, id);
    if (!request) throw new AppError('NOT_FOUND', 'Service request not found');
    const room = MAX_FORWARDED_BUSINESSES - (await repository.countForwarded(trx, id));
    if (room <= 0) return { request, businesses: [], notificationIds: [] };
    const businesses = (
      await repository.findMatches(trx, id, request.services_requested, {
        limit: MAX_FORWARDED_BUSINESSES,
        ids: [...new Set(ids)],
      })
    )
      .filter((b) => !b.forwarded)
      .slice(0, room);
    const notificationIds = await repository.insertNotifications(
      trx,
      businesses.map((b) => ({
        service_request_id: id,
        business_registration_id: b.id,
        email: b.email,
        status: 'sending' as const,
        error: null,
        matched_by: 'admin' as const,
      })),
    );
    if (businesses.length > 0) await repository.markMatched(trx, id);
    return { request, businesses, notificationIds };
  });
  // Issue 36.2: the job without the motorist's contacts, to the owner's account when the listing
  // is claimed (where they quote), else to the listing's address with the way to claim it.
  const job = jobSummaryOf(claimed.request);
  const results = await Promise.all(
    claimed.businesses.map((business) =>
      mailer.send(
        quoteRequestAlertEmail(
          business.owner_email ?? business.email,
          business.business_name,
          job,
          business.owner_email === null ? claimUrl(business.slug) : undefined,
        ),
      ),
    ),
  );
  await Promise.all(
    results.map((result, i) =>
      repository.finishNotification(db, claimed.notificationIds[i]!, {
        status: result.ok ? 'sent' : 'failed',
        error: result.ok ? null : result.error,
      }),
    ),
  );
  const sent = results.filter((r) => r.ok).length;
  // Issue 36.5: the businesses it reached count it in their response time.
  const tags = await refreshResponseTimes(
    db,
    claimed.businesses.map((b) => b.id),
  );
  // What the listing earned (issue 27.1): each business the request reached.
  await countServerEvent(
    db,
    claimed.businesses.filter((_, i) => results[i]!.ok).map((b) => b.id),
    'find_it_forward',
  );
  return {
    sent,
    failed: results.length - sent,
    skipped: new Set(ids).size - results.length,
    serviceRequest: await getServiceRequest(db, id),
    tags,
  };
}

/**
 * Mark as Handled (SPEC §4: pending → handled, handled_at now, no way back).
 * @throws AppError CONFLICT "Already handled", NOT_FOUND.
 */
export async function handleServiceRequest(db: Db, id: string): Promise<ServiceRequestRow> {
  if (await repository.markHandled(db, id)) return getServiceRequest(db, id);
  throw (await repository.exists(db, id))
    ? new AppError('CONFLICT', 'Already handled')
    : new AppError('NOT_FOUND', 'Not found');
}

/** Deletes a request, then its photos' files (ADR 083). @throws AppError NOT_FOUND. */
export async function deleteServiceRequest(db: Db, blobs: BlobStore, id: string): Promise<void> {
  const keys = await requestPhotos.requestPhotoKeys(db, id);
  if ((await repository.remove(db, id)) === 0)
    throw new AppError('NOT_FOUND', 'Service request not found');
  await requestPhotos.deleteRequestPhotoFiles(blobs, keys);
}

/** Clear All, with every request's photos. @returns how many requests were deleted. */
export async function clearServiceRequests(db: Db, blobs: BlobStore): Promise<number> {
  const keys = await requestPhotos.requestPhotoKeys(db, null);
  const deleted = await repository.removeAll(db);
  await requestPhotos.deleteRequestPhotoFiles(blobs, keys);
  return deleted;
}

/**
 * The Find It requests sent to the listings `userId` owns (issue 27.4), newest first, with the
 * business's quote. The motorist's phone and e-mail are left out (null) until they accept this
 * business's quote or share them with it (issue 36.2).
 */
export async function listOwnerLeads(
  db: Db,
  userId: string,
  page: { page: number; limit: number },
): Promise<{ leads: Lead[]; total: number }> {
  const { leads, total } = await leadsRepository.listOwnerLeads(db, userId, pageWindow(page));
  const photosOf = await requestPhotos.photosOfRequests(
    db,
    leads.map((lead) => lead.request_id),
  );
  return {
    total,
    leads: leads.map((lead) => {
      const shared = lead.quote_status === 'accepted' || lead.shared_at !== null;
      return {
        id: lead.id,
        listing_id: lead.listing_id,
        business_name: lead.business_name,
        customer_name: shared ? lead.customer_name : null,
        customer_email: shared ? lead.customer_email : null,
        customer_phone: shared ? lead.customer_phone : null,
        contact_methods: lead.contact_methods,
        job: {
          services_requested: lead.services_requested,
          customer_location: lead.customer_location,
          area: lead.area,
          car_make: lead.car_make,
          car_model: lead.car_model,
          car_year: lead.car_year,
          job: lead.job,
          additional_info: lead.additional_info,
          urgency: lead.urgency,
          created_at: new Date(lead.created_at).toISOString(),
        },
        photos: photosOf.get(lead.request_id) ?? [],
        forwarded_at: new Date(lead.forwarded_at).toISOString(),
        contacted_at: lead.contacted_at ? new Date(lead.contacted_at).toISOString() : null,
        quote:
          lead.quote_status === null
            ? null
            : { status: lead.quote_status, total_naira: lead.quote_total_naira },
      };
    }),
  };
}

/**
 * The owner marks a lead "Contacted" (once; a repeat changes nothing). The admin's forward list
 * shows it (issue 27.4).
 * @throws AppError NOT_FOUND when the lead was not forwarded to a listing `userId` owns.
 */
export async function markLeadContacted(db: Db, userId: string, id: string): Promise<void> {
  if ((await leadsRepository.markLeadContacted(db, id, userId)) === 'missing')
    throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
}
