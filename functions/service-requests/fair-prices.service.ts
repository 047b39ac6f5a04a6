import type { Kysely } from 'kysely';
import { carClassOf, JOB_TYPES, jobTypeByKey, LUXURY_MAKES } from '../../common/search/jobs.ts';
import type { CategoryPageKey } from '../../common/schemas/categories.ts';
import { fairPriceText, type FairPrice } from '../../common/schemas/quotes.ts';
import type { Database } from '../db/database.ts';
import { CacheTags } from '../site/cache-tags.ts';
import * as repository from './fair-prices.repository.ts';

/**
 * Fair prices (issue 36.6, ADR 080): the ranges of quoted totals per job type, kept by the writes
 * that change a quote, read as they are by the pages (never recomputed per view), never from
 * fewer than five quotes and never naming a business.
 */
type Db = Kysely<Database>;

/**
 * Recomputes the ranges of job type `jobType` (nothing for null) in a transaction of its own.
 * @returns the cache tags to purge: the pages showing ranges when a shown range changed, else none.
 */
export async function refreshFairPrices(db: Db, jobType: string | null): Promise<string[]> {
  if (!jobType) return [];
  const changed = await db
    .transaction()
    .execute((trx) => repository.refresh(trx, jobType, LUXURY_MAKES));
  return changed ? [CacheTags.fairPrices] : [];
}

function shown(row: repository.FairPriceRow): FairPrice {
  const job = jobTypeByKey(row.job_type);
  const price = {
    job_type: row.job_type,
    label: job?.label ?? row.job_type,
    car_class: row.car_class,
    quotes: row.quotes,
    low_naira: row.low_naira,
    high_naira: row.high_naira,
  };
  return { ...price, text: fairPriceText(price) };
}

/**
 * The ranges of a category page's job types (all cars), in the vocabulary's order, and the cache
 * tag of an answer that shows them.
 */
export async function fairPricesOfCategory(
  db: Db,
  key: CategoryPageKey,
): Promise<{ prices: FairPrice[]; tags: string[] }> {
  const jobs = JOB_TYPES.filter((job) => job.categories.includes(key)).map((job) => job.key);
  const rows = await repository.list(db, jobs);
  const prices = jobs.flatMap((job) => {
    const row = rows.find((r) => r.job_type === job && r.car_class === 'all');
    return row ? [shown(row)] : [];
  });
  return { prices, tags: [CacheTags.fairPrices] };
}

/** The range for one request: its car's class when that has enough quotes, else all cars; or null. */
export async function fairPriceOfRequest(
  db: Db,
  jobType: string | null,
  carMake: string | null,
): Promise<FairPrice | null> {
  if (!jobType) return null;
  const rows = await repository.list(db, [jobType]);
  const carClass = carClassOf(carMake);
  const row = rows.find((r) => r.car_class === carClass) ?? rows.find((r) => r.car_class === 'all');
  return row ? shown(row) : null;
}
