import type { Kysely } from 'kysely';
import type { RequestQuotesResponse } from '../../common/schemas/quotes.ts';
import type { Database } from '../db/database.ts';
import * as registrations from '../registrations/registrations.repository.ts';
import { AppError } from '../_lib/errors.ts';
import type { Mailer } from '../_lib/mail.ts';
import { refreshFairPrices } from './fair-prices.service.ts';
import { matchServiceRequest } from './matching.ts';
import { refreshResponseTimes } from './response-time.ts';
import * as repository from './quote-requests.repository.ts';
import * as requests from './service-requests.repository.ts';
import { quoteViewOf } from './quotes.service.ts';
import { photosOfRequest } from './request-photos.service.ts';

/**
 * The admin's side of Find It quotes (issue 36.2, 36.8; ADR 079): each request's businesses and
 * quotes, withdrawing a business, hiding a quote, blocking a business from quoting, and letting a
 * held request go to businesses.
 */
type Db = Kysely<Database>;

/** The businesses request `id` reached and their answers (hidden ones marked). @throws NOT_FOUND. */
export async function requestQuotes(db: Db, id: string): Promise<RequestQuotesResponse> {
  if (!(await repository.findRequest(db, id)))
    throw new AppError('NOT_FOUND', 'Service request not found');
  const [reached, quotes, photos] = await Promise.all([
    repository.listReached(db, id),
    repository.listAllQuotes(db, id),
    photosOfRequest(db, id),
  ]);
  const byId = new Map(quotes.map((q) => [q.id, q]));
  return {
    photos,
    businesses: reached.map((r) => {
      const quote = r.quote_id ? byId.get(r.quote_id) : undefined;
      return {
        lead_id: r.lead_id,
        listing_id: r.listing_id,
        business_name: r.business_name,
        matched_by: r.matched_by,
        withdrawn: r.withdrawn_at !== null,
        email_failed: r.email_error !== null,
        quotes_blocked: r.quotes_blocked_at !== null,
        quote: quote ? { ...quoteViewOf(quote), hidden: quote.hidden_at !== null } : null,
      };
    }),
  };
}

/**
 * Withdraws request `id` from listing `listingId` (it leaves their leads and their response time).
 * @returns the cache tags to purge. @throws NOT_FOUND.
 */
export async function withdrawBusiness(db: Db, id: string, listingId: string): Promise<string[]> {
  if (!(await requests.withdrawLead(db, id, listingId)))
    throw new AppError('NOT_FOUND', 'This business was not sent this request.');
  return refreshResponseTimes(db, [listingId]);
}

/**
 * Hides quote `quoteId` from the motorist (and from fair prices), or shows it again.
 * @returns the cache tags to purge (a fair-price range changed). @throws NOT_FOUND.
 */
export async function hideQuote(db: Db, quoteId: string, hidden: boolean): Promise<string[]> {
  const requestId = await repository.setQuoteHidden(db, quoteId, hidden);
  if (!requestId) throw new AppError('NOT_FOUND', 'Quote not found');
  const request = await repository.findRequest(db, requestId);
  return refreshFairPrices(db, request?.job_type ?? null);
}

/** Blocks listing `listingId` from quoting, or lets it quote again. @throws NOT_FOUND. */
export async function blockQuoting(db: Db, listingId: string, blocked: boolean): Promise<void> {
  if (!(await registrations.setQuotesBlocked(db, listingId, blocked)))
    throw new AppError('NOT_FOUND', 'Business not found');
}

/**
 * Lets a held request (its words held a link, phone number or e-mail address) go to businesses:
 * the holds are cleared and it is matched as a new request would be.
 * @returns how many businesses it reached, and the cache tags to purge. @throws NOT_FOUND.
 */
export async function releaseRequest(
  db: Db,
  mailer: Mailer,
  id: string,
): Promise<{ matched: number; tags: string[] }> {
  if (!(await requests.releaseHeld(db, id)))
    throw new AppError('NOT_FOUND', 'Service request not found');
  return matchServiceRequest(db, mailer, id);
}
