import type { Kysely } from 'kysely';
import { areaByName, LAGOS_AREAS } from '../../common/config/lagos-areas.ts';
import type { Database } from '../db/database.ts';
import { quoteRequestAlertEmail } from '../emails/quotes.ts';
import { distanceKm } from '../imports/lagos-areas.ts';
import { countServerEvent } from '../insights/insights.service.ts';
import type { Mailer } from '../_lib/mail.ts';
import { log } from '../_lib/log.ts';
import * as repository from './matching.repository.ts';
import * as requests from './service-requests.repository.ts';
import { refreshResponseTimes } from './response-time.ts';
import { jobSummaryOf } from './quote-requests.repository.ts';

/**
 * Matching without waiting for an admin (issue 36.2, ADR 079): a Find It request goes at once to
 * up to {@link MAX_AUTO_MATCHES} claimed listings whose categories fit the services asked for,
 * nearest area first (the request's area, then the areas whose centres are nearest), then trust
 * (the search's `quality_score`). Each gets a lead alert without the motorist's contacts.
 */
type Db = Kysely<Database>;

/** Businesses a request reaches at once. */
export const MAX_AUTO_MATCHES = 5;
/** The first round reads this many nearest areas; the second, every other area. */
const NEAR_AREAS = 12;

/** Area names nearest first from `areaName`'s centre (itself first); every area when unknown. */
export function areasNearest(areaName: string | null): string[] {
  const from = areaName ? areaByName(areaName) : undefined;
  if (!from) return LAGOS_AREAS.map((a) => a.name);
  return [...LAGOS_AREAS]
    .map((a) => ({ name: a.name, km: distanceKm(from.lat, from.lon, a.lat, a.lon) }))
    .sort((a, b) => a.km - b.km || (a.name < b.name ? -1 : 1))
    .map((a) => a.name);
}

/**
 * Matches request `id` (once: a request matched before is left alone) and sends the lead alerts
 * after the matches are saved; a failed alert is recorded and the match stands. The businesses'
 * response times (issue 36.5) count the request at once.
 * @returns how many businesses it reached, and the cache tags to purge.
 */
export async function matchServiceRequest(
  db: Db,
  mailer: Mailer,
  id: string,
): Promise<{ matched: number; tags: string[] }> {
  const claimed = await db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('service_requests')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!request || request.matched_at || request.held_reasons.length > 0) return null;
    const areas = areasNearest(request.area);
    const services = request.services_requested;
    const first = await repository.findAutoMatches(
      trx,
      id,
      services,
      areas.slice(0, NEAR_AREAS),
      MAX_AUTO_MATCHES,
    );
    const rest = await repository.findAutoMatches(
      trx,
      id,
      services,
      areas.slice(NEAR_AREAS),
      MAX_AUTO_MATCHES - first.length,
    );
    const matches = [...first, ...rest];
    await requests.insertAutoMatches(trx, id, matches);
    return { request, matches };
  });
  if (!claimed) return { matched: 0, tags: [] };
  const job = jobSummaryOf(claimed.request);
  const results = await Promise.all(
    claimed.matches.map((m) =>
      m.alert_email
        ? mailer.send(quoteRequestAlertEmail(m.alert_email, m.business_name, job))
        : Promise.resolve({ ok: false as const, error: 'no e-mail address' }),
    ),
  );
  await Promise.all(
    results.map((result, i) =>
      result.ok
        ? undefined
        : requests.recordAlertFailure(db, id, claimed.matches[i]!.id, result.error),
    ),
  );
  if (results.some((r) => !r.ok)) log.warn('lead alert not sent', { request: id });
  await countServerEvent(
    db,
    claimed.matches.map((m) => m.id),
    'find_it_forward',
  );
  const tags = await refreshResponseTimes(
    db,
    claimed.matches.map((m) => m.id),
  );
  return { matched: claimed.matches.length, tags };
}
