import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import * as registrations from '../registrations/registrations.repository.ts';

/**
 * The listing's phone check (issue 37.5, ADR 075): the live code of a listing (its HMAC only) and
 * the confirmation's date on the listing. The trigger of migration 2026_11_28_2201 clears both
 * when the listing's phone changes.
 */
type Db = Kysely<Database>;

/** What the check needs of a listing: its owner, phone and the state its pages show (cache tags). */
export function findListing(db: Db, id: string) {
  return db
    .selectFrom('business_registrations')
    .select([
      'id',
      'business_name',
      'phone',
      'owner_user_id',
      'phone_confirmed_at',
      'status',
      'featured',
      'slug',
      'category_keys',
      'area',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type PhoneListing = NonNullable<Awaited<ReturnType<typeof findListing>>>;

/** Stores the listing's one live code (a new one replaces the old), good for `ttlSeconds`. */
export async function saveCode(
  db: Db,
  row: { listing_id: string; user_id: string; phone: string; code_hash: string },
  ttlSeconds: number,
): Promise<void> {
  const expires = sql<Date>`now() + make_interval(secs => ${ttlSeconds})`;
  await db
    .insertInto('listing_phone_codes')
    .values({ ...row, expires_at: expires })
    .onConflict((oc) =>
      oc.column('listing_id').doUpdateSet({
        user_id: row.user_id,
        phone: row.phone,
        code_hash: row.code_hash,
        attempts: 0,
        expires_at: expires,
        created_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

/** Takes back a code that never reached the phone (the provider failed). */
export async function dropCode(db: Db, listingId: string): Promise<void> {
  await db.deleteFrom('listing_phone_codes').where('listing_id', '=', listingId).execute();
}

/**
 * Spends one try of the listing's live code, atomically: the code's hash and number when a try
 * was left and it has not expired, otherwise why not (`none`: no live code; `spent`: no tries).
 */
export async function spendTry(
  db: Db,
  listingId: string,
  maxAttempts: number,
): Promise<{ code_hash: string; phone: string } | 'none' | 'spent'> {
  const row = await db
    .updateTable('listing_phone_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('listing_id', '=', listingId)
    .where('attempts', '<', maxAttempts)
    .where(sql<boolean>`expires_at > now()`)
    .returning(['code_hash', 'phone'])
    .executeTakeFirst();
  if (row) return row;
  const left = await db
    .selectFrom('listing_phone_codes')
    .select('attempts')
    .where('listing_id', '=', listingId)
    .where(sql<boolean>`expires_at > now()`)
    .executeTakeFirst();
  return left ? 'spent' : 'none';
}

/** Records the confirmation (the listing still has `phone`, as stored) and drops the code. */
export async function confirmPhone(db: Db, listingId: string, phone: string): Promise<Date | null> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('listing_phone_codes').where('listing_id', '=', listingId).execute();
    return registrations.setPhoneConfirmed(trx, listingId, phone);
  });
}
