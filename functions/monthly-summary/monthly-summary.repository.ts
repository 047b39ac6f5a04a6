import { type Kysely, sql } from 'kysely';
import { INSIGHT_COUNTERS, type InsightTotals } from '../../common/schemas/insights.ts';
import type { Database } from '../db/database.ts';

/**
 * Queries of the monthly summary (issue 27.3, ADR 045): owners in keyset pages, their listings'
 * totals of one month, the per-owner claim that makes a send happen once, the run's cursor, and
 * the e-mail preferences. `db` may be a transaction.
 */
type Db = Kysely<Database>;

/** One listing of an owner, with its totals of the month (zeros when it had no events). */
export interface OwnerListingTotals {
  ownerId: string;
  email: string;
  name: string;
  listingId: string;
  businessName: string;
  totals: InsightTotals;
}

/**
 * The next `limit` accounts after `after` (ordered by id) that own at least one approved listing:
 * a keyset page read through the partial index on `owner_user_id` (never every owner in memory).
 */
export async function ownersAfter(db: Db, after: string | null, limit: number): Promise<string[]> {
  let query = db
    .selectFrom('business_registrations')
    .select('owner_user_id')
    .where('owner_user_id', 'is not', null)
    .where('status', '=', 'approved')
    .groupBy('owner_user_id')
    .orderBy('owner_user_id')
    .limit(limit);
  if (after !== null) query = query.where('owner_user_id', '>', after);
  return (await query.execute()).map((row) => row.owner_user_id!);
}

/**
 * The approved listings of `ownerIds` whose owner still wants the summary (no preference row, or
 * `monthly_summary` true), each with its totals of the days `from`…`to` (inclusive,
 * `YYYY-MM-DD`), ordered by owner then business name. At most one row per listing.
 */
export async function listingTotals(
  db: Db,
  ownerIds: readonly string[],
  from: string,
  to: string,
): Promise<OwnerListingTotals[]> {
  if (ownerIds.length === 0) return [];
  const sums = INSIGHT_COUNTERS.map((c) => sql<string>`coalesce(sum(s.${sql.ref(c)}), 0)`.as(c));
  const rows = await db
    .selectFrom('business_registrations as r')
    .innerJoin('user as u', 'u.id', 'r.owner_user_id')
    .leftJoin('email_preferences as p', 'p.user_id', 'r.owner_user_id')
    .leftJoin('listing_stats_daily as s', (join) =>
      join
        .onRef('s.listing_id', '=', 'r.id')
        .on(sql<boolean>`s.day between ${from}::date and ${to}::date`),
    )
    .select(['r.owner_user_id', 'u.email', 'u.name', 'r.id', 'r.business_name', ...sums])
    .where('r.owner_user_id', 'in', ownerIds)
    .where('r.status', '=', 'approved')
    .where(sql<boolean>`coalesce(p.monthly_summary, true)`)
    .groupBy(['r.owner_user_id', 'u.email', 'u.name', 'r.id', 'r.business_name'])
    .orderBy('r.owner_user_id')
    .orderBy('r.business_name')
    .execute();
  return rows.map((row) => {
    const record = row as unknown as Record<string, unknown>;
    return {
      ownerId: row.owner_user_id!,
      email: row.email,
      name: row.name,
      listingId: row.id,
      businessName: row.business_name,
      totals: Object.fromEntries(
        INSIGHT_COUNTERS.map((c) => [c, Number(record[c] ?? 0)]),
      ) as InsightTotals,
    };
  });
}

/**
 * A send that may be taken again: its last attempt failed with attempts left, or its claim is
 * older than the lease (a run that died between claim and send).
 */
const retryable = (options: { maxAttempts: number; leaseMinutes: number }) => sql<boolean>`
  (monthly_summary_sends.status = 'failed'
    and monthly_summary_sends.attempts < ${options.maxAttempts})
  or (monthly_summary_sends.status = 'claimed'
    and monthly_summary_sends.claimed_at < now() - make_interval(mins => ${options.leaseMinutes}))`;

/**
 * Claims the send of `userId`'s summary of `month` for this run: true when this caller may send
 * it. A new row is claimed; an existing one only when its last attempt failed (fewer than
 * `maxAttempts` so far) or its claim is older than `leaseMinutes` (a run that died mid-send).
 * One statement: of two runs at once, the second waits on the row and then sees it claimed.
 */
export async function claimSend(
  db: Db,
  userId: string,
  month: string,
  options: { maxAttempts: number; leaseMinutes: number },
): Promise<boolean> {
  const row = await db
    .insertInto('monthly_summary_sends')
    .values({ user_id: userId, month, status: 'claimed' })
    .onConflict((oc) =>
      oc
        .columns(['month', 'user_id'])
        .doUpdateSet({
          status: 'claimed',
          attempts: sql`monthly_summary_sends.attempts + 1`,
          claimed_at: sql`now()`,
          error: null,
        })
        .where(retryable(options)),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Records the outcome of a claimed send: `sent`, or `failed` with the transport's error. */
export async function finishSend(
  db: Db,
  userId: string,
  month: string,
  outcome: { ok: true } | { ok: false; error: string },
): Promise<void> {
  await db
    .updateTable('monthly_summary_sends')
    .set(
      outcome.ok
        ? { status: 'sent', sent_at: new Date(), error: null }
        : { status: 'failed', error: outcome.error.slice(0, 500) },
    )
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .execute();
}

/** Owners of `month` whose send may be retried (failed with attempts left, or a stale claim). */
export async function retryableAfter(
  db: Db,
  month: string,
  after: string | null,
  limit: number,
  options: { maxAttempts: number; leaseMinutes: number },
): Promise<string[]> {
  let query = db
    .selectFrom('monthly_summary_sends')
    .select('user_id')
    .where('month', '=', month)
    .where(retryable(options))
    .orderBy('user_id')
    .limit(limit);
  if (after !== null) query = query.where('user_id', '>', after);
  return (await query.execute()).map((row) => row.user_id);
}

/** Sends of `month` by status (tests, the job's log line). */
export async function sendCounts(db: Db, month: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('monthly_summary_sends')
    .select(['status', sql<string>`count(*)`.as('n')])
    .where('month', '=', month)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/** The run of `month`, created when first asked for (`cursor` null, not completed). */
export async function runOf(
  db: Db,
  month: string,
): Promise<{ cursor: string | null; completed: boolean }> {
  await db
    .insertInto('monthly_summary_runs')
    .values({ month })
    .onConflict((oc) => oc.column('month').doNothing())
    .execute();
  const row = await db
    .selectFrom('monthly_summary_runs')
    .select(['cursor', 'completed_at'])
    .where('month', '=', month)
    .executeTakeFirstOrThrow();
  return { cursor: row.cursor, completed: row.completed_at !== null };
}

/** Moves the run's keyset cursor forward (never back: two runs at once may both call it). */
export async function advanceCursor(db: Db, month: string, cursor: string): Promise<void> {
  await db
    .updateTable('monthly_summary_runs')
    .set({ cursor })
    .where('month', '=', month)
    .where((eb) => eb.or([eb('cursor', 'is', null), eb('cursor', '<', cursor)]))
    .execute();
}

/** Marks the run of `month` done: later runs of the month stop at {@link runOf}. */
export async function completeRun(db: Db, month: string): Promise<void> {
  await db
    .updateTable('monthly_summary_runs')
    .set({ completed_at: new Date() })
    .where('month', '=', month)
    .where('completed_at', 'is', null)
    .execute();
}

/** The account's address and whether it gets the monthly summary; undefined: no such account. */
export async function preferencesOf(
  db: Db,
  userId: string,
): Promise<{ email: string; monthly_summary: boolean } | undefined> {
  const row = await db
    .selectFrom('user as u')
    .leftJoin('email_preferences as p', 'p.user_id', 'u.id')
    .select(['u.email', sql<boolean>`coalesce(p.monthly_summary, true)`.as('monthly_summary')])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row;
}

/** Sets whether the account gets the monthly summary (a row is created on first change). */
export async function setMonthlySummary(db: Db, userId: string, on: boolean): Promise<void> {
  await db
    .insertInto('email_preferences')
    .values({ user_id: userId, monthly_summary: on })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ monthly_summary: on, updated_at: sql`now()` }),
    )
    .execute();
}
