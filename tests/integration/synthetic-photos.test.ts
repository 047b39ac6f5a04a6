import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhotoSchema } from '../../common/schemas/photos.ts';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import {
  bulkInsertSyntheticPhotos,
  SHARED_PHOTO_LISTING,
  type PhotoTemplate,
} from '../../functions/db/seeds/synthetic-photos.ts';
import { livePhotos, withCovers } from '../../functions/photos/photos.service.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase } from '../setup/test-db.ts';

/**
 * The bench's synthetic photo rows (issue 26.6, ADR 043): spread evenly, the cover first, each a
 * copy of a shared template, read back by the services as real photos are.
 */

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

const template = (n: number): PhotoTemplate => ({
  width: 1280,
  height: 960,
  variants: [320, 640, 1280].flatMap((width) =>
    (['avif', 'webp', 'jpeg'] as const).map((format) => ({
      format,
      width,
      height: (width * 3) / 4,
      key: `listings/${SHARED_PHOTO_LISTING}/${String(n).repeat(32).slice(0, 32)}.${format === 'jpeg' ? 'jpg' : format}`,
      bytes: width * 10 + n,
    })),
  ),
});

describe('bulkInsertSyntheticPhotos', () => {
  it('gives every listing its share, the cover first, each a copy of a template', async () => {
    const db = handle.db;
    await insertBusiness(db);
    await insertBusiness(db);
    const listings = Number(
      (
        await db
          .selectFrom('business_registrations')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const { listings: used } = await bulkInsertSyntheticPhotos(
      db,
      [template(1), template(2)],
      listings * 3,
    );
    expect(used).toBe(listings);
    const rows = await db
      .selectFrom('photos')
      .select(['listing_id', 'kind', 'position'])
      .orderBy('listing_id')
      .orderBy('position')
      .execute();
    expect(rows).toHaveLength(listings * 3);
    const ids = [...new Set(rows.map((r) => r.listing_id))];
    expect(ids).toHaveLength(listings);
    for (const id of ids)
      expect(rows.filter((r) => r.listing_id === id).map((r) => [r.position, r.kind])).toEqual([
        [1, 'cover'],
        [2, 'workshop'],
        [3, 'work'],
      ]);

    // Read back by the services as any photo: valid, with the template's files as URLs.
    const photos = await livePhotos(db, ids[0]!);
    expect(photos).toHaveLength(3);
    for (const photo of photos) expect(PhotoSchema.parse(photo)).toEqual(photo);
    expect(photos[0]!.variants[0]!.url).toMatch(
      new RegExp(`^/api/photos/${SHARED_PHOTO_LISTING}/[0-9a-f]{32}\\.avif$`),
    );
    const [covered] = (await withCovers(db, [{ id: ids[1]! } as never])) as unknown as [
      { cover: { avif: string } },
    ];
    expect(covered.cover.avif).toMatch(/ 320w, .+ 640w$/);
  });

  it('refuses more than 12 photos a listing, and nothing is inserted', async () => {
    const before = await handle.db.selectFrom('photos').select('id').execute();
    const listings = new Set(
      (await handle.db.selectFrom('business_registrations').select('id').execute()).map(
        (r) => r.id,
      ),
    ).size;
    await expect(
      bulkInsertSyntheticPhotos(handle.db, [template(3)], listings * 12 + 1),
    ).rejects.toThrow(/At most 12 photos a listing/);
    expect(await handle.db.selectFrom('photos').select('id').execute()).toHaveLength(before.length);
  });
});
