import { createHash, createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  quoteTotal,
  type ComparedQuote,
  type OwnRequest,
  type QuoteAnswer,
  type QuoteRequestView,
  type QuoteView,
} from '../../common/schemas/quotes.ts';
import { responseOf } from '../../common/schemas/listing-lines.ts';
import { reviewAverage } from '../../common/schemas/review-rules.ts';
import type { Database } from '../db/database.ts';
import {
  newQuoteEmail,
  quoteAcceptedBusinessEmail,
  quoteAcceptedCustomerEmail,
  quoteNotChosenEmail,
  contactsSharedEmail,
  quotesLinkEmail,
  type SharedContacts,
} from '../emails/quotes.ts';
import { countServerEvent } from '../insights/insights.service.ts';
import { listingUrl } from '../site/urls.ts';
import { authSecret } from '../_lib/env.ts';
import { AppError } from '../_lib/errors.ts';
import type { Mailer } from '../_lib/mail.ts';
import { fairPriceOfRequest, refreshFairPrices } from './fair-prices.service.ts';
import * as repository from './quote-requests.repository.ts';
import { refreshResponseTimes } from './response-time.ts';
import { photosOfRequest } from './request-photos.service.ts';
import * as requests from './service-requests.repository.ts';
import type { ComparedQuoteRow, QuoteRow, RequestRow } from './quote-requests.repository.ts';

/**
 * Find It quotes (issue 36, ADR 079): the business answers a lead with an itemised quote or a
 * decline; the motorist compares the quotes on a private page (opened by a long random key, or
 * by their account) and accepts one, after which each side gets the other's contact details.
 * Mail failures never lose a quote or an acceptance: the row is saved first.
 */
type Db = Kysely<Database>;

/** Shown with 404 for a request the caller may not open (no such request, or a wrong key). */
export const QUOTES_NOT_FOUND = 'This link is not valid, or a newer link replaced it.';
/** Shown with 404 for a lead that is not one of the caller's. */
export const LEAD_NOT_FOUND = 'This request was not sent to one of your businesses.';

/**
 * The private key of request `id` at `version`: HMAC-SHA-256 with the auth secret (43 base64url
 * characters, unguessable), so every e-mail can carry the current link while the database keeps
 * only its SHA-256. A new version revokes the links of the old one.
 */
export function accessKeyOf(id: string, version: number): string {
  return createHmac('sha256', authSecret())
    .update(`quote-key:${id}:${version}`)
    .digest('base64url');
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Who opens a request: the bearer of its key, or the account that sent it. */
export interface QuoteAccess {
  key?: string | undefined;
  userId?: string | undefined;
  /** The signed-in account's e-mail: a request is adopted only by the account of its address. */
  userEmail?: string | undefined;
}

/**
 * The request `access` opens. A signed-in visitor who opens it by its key becomes its account
 * when the account's e-mail is the request's (issue 36.4, 36.7): it is listed under their account
 * and their review of the chosen business reads "Job booked through Lagos Auto Hub". A link
 * forwarded to someone else, opened signed in, adopts nothing.
 * @throws AppError NOT_FOUND unless `access` opens request `id`.
 */
export async function openedRequest(db: Db, id: string, access: QuoteAccess): Promise<RequestRow> {
  const request = await repository.findRequest(db, id);
  const byKey =
    access.key !== undefined &&
    request?.access_key_hash !== null &&
    request?.access_key_hash === hashKey(access.key);
  const byAccount = access.userId !== undefined && request?.user_id === access.userId;
  if (!request || !(byKey || byAccount)) throw new AppError('NOT_FOUND', QUOTES_NOT_FOUND);
  const own = access.userEmail?.trim().toLowerCase() === request.customer_email.toLowerCase();
  if (byKey && access.userId && own && request.user_id === null)
    await requests.adoptRequest(db, id, access.userId);
  return request;
}

/** The request a private link's key opens. @throws AppError NOT_FOUND. */
export async function openByKey(db: Db, key: string): Promise<string> {
  const id = await repository.findRequestIdByKeyHash(db, hashKey(key));
  if (!id) throw new AppError('NOT_FOUND', QUOTES_NOT_FOUND);
  return id;
}

export function quoteViewOf(q: QuoteRow): QuoteView {
  return {
    id: q.id,
    status: q.status,
    labour_naira: q.labour_naira,
    parts: q.parts,
    total_naira: q.total_naira,
    warranty: q.warranty,
    available: q.available,
    note: q.note,
    decline_reason: q.decline_reason,
    updated_at: new Date(q.updated_at).toISOString(),
    accepted_at: q.accepted_at ? new Date(q.accepted_at).toISOString() : null,
    job_done: q.job_done,
    genuine_answer: q.genuine_answer,
  };
}

function comparedOf(q: ComparedQuoteRow): ComparedQuote {
  const accepted = q.status === 'accepted';
  return {
    ...quoteViewOf(q),
    listing: {
      id: q.listing_id,
      business_name: q.business_name,
      slug: q.slug,
      area: q.listing_area,
      star_rating: reviewAverage(q.review_count, q.review_sum),
      review_count: q.review_count,
      verified: q.verified || q.verification_checks.length > 0,
      phone_confirmed: q.phone_confirmed_at !== null,
      ...responseOf(q),
      phone: accepted ? q.phone : null,
      email: accepted ? (q.listing_email ?? q.owner_email) : null,
    },
    contacts_shared: q.shared_at !== null,
  };
}

/** The motorist's private page (issue 36.4). @throws AppError NOT_FOUND. */
export async function viewQuoteRequest(
  db: Db,
  id: string,
  access: QuoteAccess,
): Promise<QuoteRequestView> {
  const request = await openedRequest(db, id, access);
  const held = request.held_reasons.length > 0 && !request.matched_at;
  // The motorist sees their own photos, held or not (ADR 083 update).
  const [quotes, counts, photos] = await Promise.all([
    repository.listComparedQuotes(db, id),
    repository.countReached(db, id),
    photosOfRequest(db, id),
  ]);
  return {
    id,
    job: repository.jobSummaryOf(request),
    contact_methods: request.contact_methods,
    held,
    photos,
    fair_price: await fairPriceOfRequest(db, request.job_type, request.car_make),
    businesses_reached: counts.reached,
    declined: counts.declined,
    quotes: quotes.map(comparedOf),
  };
}

/**
 * Accepts quote `quoteId` of request `id`, once (issue 36.4, 36.10): a replay of the same accept
 * answers the same; another quote after one was accepted is refused. The chosen business gets the
 * motorist's contact details and the motorist the business's; the others are told politely.
 * @throws AppError NOT_FOUND, CONFLICT.
 */
export async function acceptQuote(
  db: Db,
  mailer: Mailer,
  id: string,
  quoteId: string,
  access: QuoteAccess,
): Promise<QuoteRequestView> {
  const request = await openedRequest(db, id, access);
  const outcome = await db.transaction().execute(async (trx) => {
    const quotes = await repository.lockQuotes(trx, id);
    const chosen = quotes.find((q) => q.id === quoteId && q.hidden_at === null);
    if (!chosen || chosen.status === 'declined')
      throw new AppError('NOT_FOUND', 'This quote is not one of your quotes.');
    if (chosen.status === 'accepted') return null;
    if (quotes.some((q) => q.status === 'accepted'))
      throw new AppError('CONFLICT', 'You have already accepted a quote for this request.');
    const others = await repository.acceptQuote(trx, id, quoteId);
    // An accepted quote ends the request (SPEC §4 pending → handled).
    await requests.markHandled(trx, id);
    return { chosen, others };
  });
  if (outcome) {
    await countServerEvent(db, [outcome.chosen.listing_id], 'quote_accepted');
    await tellAcceptance(db, mailer, request, outcome.chosen.id, outcome.others);
  }
  return viewQuoteRequest(db, id, access);
}

/** What a business gets of the motorist once they accept its quote or share their details. */
function contactsOf(request: RequestRow): SharedContacts {
  return {
    name: request.customer_name,
    phone: request.customer_phone,
    email: request.customer_email,
    methods: request.contact_methods,
  };
}

async function tellAcceptance(
  db: Db,
  mailer: Mailer,
  request: RequestRow,
  chosenId: string,
  otherIds: readonly string[],
): Promise<void> {
  const quotes = await repository.listComparedQuotes(db, request.id);
  const job = repository.jobSummaryOf(request);
  const chosen = quotes.find((q) => q.id === chosenId);
  const sends: Promise<unknown>[] = [];
  if (chosen) {
    const ownerAddress = chosen.owner_email ?? chosen.listing_email;
    if (ownerAddress)
      sends.push(
        mailer.send(
          quoteAcceptedBusinessEmail(
            ownerAddress,
            chosen.business_name,
            job,
            contactsOf(request),
            chosen.total_naira ?? 0,
          ),
        ),
      );
    sends.push(
      mailer.send(
        quoteAcceptedCustomerEmail(
          request.customer_email,
          {
            name: chosen.business_name,
            phone: chosen.phone,
            email: chosen.listing_email ?? chosen.owner_email,
            url: listingUrl(chosen.slug),
          },
          chosen.total_naira ?? 0,
        ),
      ),
    );
  }
  for (const other of quotes.filter((q) => otherIds.includes(q.id))) {
    const address = other.owner_email ?? other.listing_email;
    if (address) sends.push(mailer.send(quoteNotChosenEmail(address, other.business_name, job)));
  }
  await Promise.all(sends);
}

/**
 * The motorist shares their contact details with the business of quote `quoteId` before choosing
 * (issue 36.2: "or chooses to share it"): its owner sees them on the leads page and gets them by
 * e-mail. Once; a repeat answers the same.
 * @throws AppError NOT_FOUND.
 */
export async function shareContacts(
  db: Db,
  mailer: Mailer,
  id: string,
  quoteId: string,
  access: QuoteAccess,
): Promise<QuoteRequestView> {
  const request = await openedRequest(db, id, access);
  const quote = (await repository.listComparedQuotes(db, id)).find((q) => q.id === quoteId);
  if (!quote) throw new AppError('NOT_FOUND', 'This quote is not one of your quotes.');
  const first = !(await repository.isShared(db, id, quote.listing_id));
  if (!(await requests.setShared(db, id, quote.listing_id)))
    throw new AppError('NOT_FOUND', 'This quote is not one of your quotes.');
  const address = quote.owner_email ?? quote.listing_email;
  if (first && address)
    await mailer.send(
      contactsSharedEmail(
        address,
        quote.business_name,
        repository.jobSummaryOf(request),
        contactsOf(request),
      ),
    );
  return viewQuoteRequest(db, id, access);
}

/**
 * A new private link for request `id` (issue 36.4: revocable): the old key stops opening it and
 * the new one goes to the motorist's e-mail, never into the answer.
 * @throws AppError NOT_FOUND.
 */
export async function renewAccessKey(
  db: Db,
  mailer: Mailer,
  id: string,
  access: QuoteAccess,
): Promise<void> {
  const request = await openedRequest(db, id, access);
  const version = request.access_key_version + 1;
  const key = accessKeyOf(id, version);
  await requests.setAccessKey(db, id, hashKey(key), version);
  await mailer.send(quotesLinkEmail(request.customer_email, key));
}

// ---------------------------------------------------------------------------------------------
// The business's answer
// ---------------------------------------------------------------------------------------------

/** @throws AppError NOT_FOUND when lead `leadId` did not reach a listing `userId` owns. */
async function ownedLead(db: Db, userId: string, leadId: string) {
  const lead = await repository.findOwnedLead(db, leadId, userId);
  if (!lead) throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
  return lead;
}

/** The lead's job and the business's answer so far (null before one). */
export async function getLeadQuote(db: Db, userId: string, leadId: string) {
  const lead = await ownedLead(db, userId, leadId);
  const [request, quote, photos] = await Promise.all([
    repository.findRequest(db, lead.service_request_id),
    repository.findQuote(db, lead.service_request_id, lead.listing_id),
    photosOfRequest(db, lead.service_request_id),
  ]);
  if (!request) throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
  return {
    lead_id: lead.lead_id,
    business_name: lead.business_name,
    job: repository.jobSummaryOf(request),
    photos,
    quote: quote ? quoteViewOf(quote) : null,
  };
}

/**
 * The business answers lead `leadId` (issue 36.3): an itemised quote (its total kept with it) or
 * a decline. One answer per business per request, replaced until the motorist accepts one. The
 * motorist hears of a quote by e-mail (a decline is shown on their page only).
 * @throws AppError NOT_FOUND, CONFLICT (accepted or closed: no longer changes).
 */
export async function answerLead(
  db: Db,
  mailer: Mailer,
  userId: string,
  leadId: string,
  answer: QuoteAnswer,
): Promise<{ quote: QuoteView; tags: string[] }> {
  const lead = await ownedLead(db, userId, leadId);
  if (lead.quotes_blocked_at)
    throw new AppError(
      'FORBIDDEN',
      'Our team has paused quotes from this business. Please contact us.',
    );
  const before = await repository.findQuote(db, lead.service_request_id, lead.listing_id);
  const values: repository.QuoteValues =
    answer.kind === 'quote'
      ? {
          status: 'quoted',
          labour_naira: answer.labourNaira,
          parts: answer.parts,
          total_naira: quoteTotal(answer),
          warranty: answer.warranty ?? null,
          available: answer.available ?? null,
          note: answer.note ?? null,
          decline_reason: null,
        }
      : {
          status: 'declined',
          labour_naira: null,
          parts: [],
          total_naira: null,
          warranty: null,
          available: null,
          note: answer.note ?? null,
          decline_reason: answer.reason,
        };
  const saved = await repository.saveQuote(db, lead.service_request_id, lead.listing_id, values);
  if (saved === 'closed')
    throw new AppError(
      'CONFLICT',
      'The motorist has chosen a quote: this one can no longer change.',
    );
  // Owner insights (issue 36.8): a quote counts once, when first sent.
  if (answer.kind === 'quote' && before?.status !== 'quoted')
    await countServerEvent(db, [lead.listing_id], 'quote_sent');
  const request = await repository.findRequest(db, lead.service_request_id);
  if (request && answer.kind === 'quote')
    await mailer.send(
      newQuoteEmail(
        request.customer_email,
        lead.business_name,
        values.total_naira ?? 0,
        accessKeyOf(request.id, request.access_key_version),
        saved === 'updated',
      ),
    );
  const quote = await repository.findQuote(db, lead.service_request_id, lead.listing_id);
  // Fair prices (issue 36.6): the job type's ranges follow its quotes.
  const tags = [
    ...(await refreshFairPrices(db, request?.job_type ?? null)),
    // Issue 36.5: an answer moves the business's response time.
    ...(await refreshResponseTimes(db, [lead.listing_id])),
  ];
  return { quote: quoteViewOf(quote!), tags };
}

/** Requests an account's list shows. */
const OWN_REQUESTS_SHOWN = 20;

/** The Find It requests account `userId` sent while signed in (issue 36.4), newest first. */
export async function listOwnRequests(db: Db, userId: string): Promise<OwnRequest[]> {
  const rows = await repository.listForUser(db, userId, OWN_REQUESTS_SHOWN);
  return rows.map((r) => ({
    id: r.id,
    services_requested: r.services_requested,
    place: r.area ?? r.customer_location,
    created_at: new Date(r.created_at).toISOString(),
    quotes: r.quotes,
    accepted_business: r.accepted_business,
  }));
}
