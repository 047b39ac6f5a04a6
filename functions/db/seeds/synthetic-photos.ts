import { type Kysely, sql } from 'kysely';
import type { Database, PhotoVariantRecord } from '../database.ts';

/**
 * Synthetic photo rows for `npm run bench:scale` (issue 26.6): set-based SQL (`insert … select`
 * from `generate_series`), so 300,000 rows take seconds, not a round trip each. Never shipped.
 * The rows are metadata only; their variants point at a few real processed photos whose files
 * are stored once under {@link SHARED_PHOTO_LISTING} (scripts/bench/scale-photos.ts), so a page
 * that shows them serves real bytes without 2.7 million files on disk.
 */

/** The blob-key "listing" of the bench's shared files (`listings/<this>/<hash>.<ext>`). */
export const SHARED_PHOTO_LISTING = '00000000-0000-4000-8000-0000000b1075';

/** A processed photo the synthetic rows reuse: its upright size and stored variants. */
export interface PhotoTemplate {
  width: number;
  height: number;
  variants: PhotoVariantRecord[];
}

const KINDS = ['cover', 'workshop', 'work', 'team'] as const;

/**
 * Inserts `count` live photos spread evenly over every listing (photo `g` goes to listing
 * `g mod L` by id, at position `floor(g / L) + 1`, so each listing's first photo is its cover,
 * then workshop, work, team in turn), each a copy of `templates[(g + listing) mod T]`.
 * `content_hash` is the SHA-256 of `g` (unique per listing, as the table asks).
 * @returns the milliseconds of the insert and the number of listings.
 * @throws when there is no listing, or `count` is more than 12 a listing.
 */
export async function bulkInsertSyntheticPhotos(
  db: Kysely<Database>,
  templates: readonly PhotoTemplate[],
  count: number,
): Promise<{ insertMs: number; listings: number }> {
  if (templates.length === 0) throw new Error('No photo template');
  const { listings } = await db
    .selectFrom('business_registrations')
    .select((eb) => eb.fn.countAll<string>().as('listings'))
    .executeTakeFirstOrThrow();
  const total = Number(listings);
  if (total === 0) throw new Error('No listing to give photos');
  if (count > total * 12) throw new Error(`At most 12 photos a listing: ${count} for ${total}`);
  const kinds = sql.raw(`array[${KINDS.map((k) => `'${k}'`).join(',')}]`);
  const started = performance.now();
  await sql`
    with listings as (
      select id, (row_number() over (order by id) - 1)::int as n from business_registrations),
    templates as (
      select (t.ordinality - 1)::int as i, t.value as t
      from jsonb_array_elements(${JSON.stringify(templates)}::jsonb) with ordinality t)
    insert into photos (listing_id, kind, caption, width, height, variants, content_hash,
                        position, status, created_at)
    select l.id, (${kinds})[1 + (g / ${total}::int) % ${KINDS.length}::int],
           'Synthetic photo ' || g, (t.t ->> 'width')::int, (t.t ->> 'height')::int,
           t.t -> 'variants', encode(sha256(convert_to(g::text, 'UTF8')), 'hex'),
           1 + g / ${total}::int, 'live', now() - make_interval(hours => g % 10000)
    from generate_series(0, ${count - 1}::int) g
    join listings l on l.n = g % ${total}::int
    join templates t on t.i = (g + l.n) % ${templates.length}::int`.execute(db);
  return { insertMs: performance.now() - started, listings: total };
}

/**
 * Gives the synthetic photos of `listingIds` files of their own, as an upload would: every variant
 * key under {@link SHARED_PHOTO_LISTING} becomes the same file under `listings/<listing id>/`.
 * The variant route serves a file only to a live photo of the listing in its URL (ADR 042), so
 * the shared files answer 404 on a page; the bench does this for the listings of the category
 * pages it weighs (a few dozen: 2.7 million files for every row would be a disk of their own).
 * `copy(from, to)` writes the file first; then the row points at it.
 * @returns how many rows and files.
 */
export async function ownSyntheticPhotoFiles(
  db: Kysely<Database>,
  listingIds: readonly string[],
  copy: (from: string, to: string) => Promise<void>,
): Promise<{ rows: number; files: number }> {
  if (listingIds.length === 0) return { rows: 0, files: 0 };
  const shared = `listings/${SHARED_PHOTO_LISTING}/`;
  const rows = await db
    .selectFrom('photos')
    .select(['id', 'listing_id', 'variants'])
    .where('listing_id', 'in', listingIds)
    .execute();
  const copied = new Set<string>();
  let changed = 0;
  for (const row of rows) {
    if (!row.variants.some((v) => v.key.startsWith(shared))) continue;
    const variants = row.variants.map((variant) => {
      if (!variant.key.startsWith(shared)) return variant;
      return { ...variant, key: `listings/${row.listing_id}/${variant.key.slice(shared.length)}` };
    });
    for (const [i, variant] of variants.entries()) {
      const from = row.variants[i]!.key;
      if (from === variant.key || copied.has(variant.key)) continue;
      await copy(from, variant.key);
      copied.add(variant.key);
    }
    await db
      .updateTable('photos')
      .set({ variants: JSON.stringify(variants) })
      .where('id', '=', row.id)
      .execute();
    changed += 1;
  }
  return { rows: changed, files: copied.size };
}
