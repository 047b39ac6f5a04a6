import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES, REVIEW_PHOTOS_MAX_BYTES } from '../../common/schemas/photo-rules.ts';
import { lagosMonth } from '../../common/schemas/reviews.ts';
import { folderBlobStore } from '../../functions/_lib/blobs.ts';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { livePhotos } from '../../functions/photos/photos.service.ts';
import { UPLOAD_CUT_OFF_MESSAGE } from '../../functions/photos/photos.handler.ts';
import { insertBusiness } from '../factories/business.ts';
import { flakyBlobStore, multipartBody, phonePhoto } from '../factories/photos.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * Reviewers' photos (issue 26.1, ADR 042): up to 3 with a review, held with it until the admin
 * publishes it in the Reviews tab (the admin can remove one first), then shown with the review;
 * not the listing's photos; faults (26.5) refuse the review and leave nothing behind.
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
const ADMIN = { as: 'admin' } as const;
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

const { store: blobs, state: outage } = flakyBlobStore(
  folderBlobStore(mkdtempSync(path.join(tmpdir(), 'lagos-review-photos-test-'))),
);

beforeAll(async () => {
  handle = await createTestDatabase();
  api = testApi(handle.db, { blobs });
  await signInAdmin(handle.db, api.call, {
    email: 'review-photos-admin@example.com',
    password: 'review-photos-pass-1',
  });
});
afterAll(() => handle?.close());

let accounts = 0;
/** A signed-in, confirmed account of 30 days (not a "new account"); returns its jar name. */
async function reviewer(): Promise<string> {
  const name = `reviewer${++accounts}`;
  const signUp = await api.call('/api/auth/sign-up', {
    method: 'POST',
    as: name,
    ip: nextIp(),
    json: { email: `${name}-photos@example.com`, password: `${name}-pass-12` },
  });
  expect(signUp.status, signUp.text).toBe(201);
  await handle.db
    .updateTable('user')
    .set({ email_verified: true, created_at: sql`now() - interval '30 days'` })
    .where('id', '=', signUp.body.user.id)
    .execute();
  return name;
}

const photo = (width = 800, height = 600) => phonePhoto(width, height);

let texts = 0;
const review = () => ({
  rating: 5,
  title: 'Sorted my brakes',
  body: `New pads and discs, fair price and done while I waited, visit ${++texts}.`,
  service: 'Mechanic / Repair Services',
  visit_month: lagosMonth(),
  author_name: 'Kemi A.',
});

async function writeWithPhotos(
  listingId: string,
  as: string,
  files: (Uint8Array | string)[],
  fields: unknown = review(),
) {
  const { body, type } = await multipartBody(
    { review: JSON.stringify(fields) },
    files.map((file) => ['photos', file] as const),
  );
  return api.call(`/api/listings/${listingId}/reviews`, {
    method: 'POST',
    as,
    ip: nextIp(),
    body,
    headers: { 'content-type': type },
  });
}

const rowsOf = (listingId: string) =>
  handle.db.selectFrom('photos').selectAll().where('listing_id', '=', listingId).execute();
const filesOf = (listingId: string) => blobs.list(`listings/${listingId}/`);
const reviewsOf = (listingId: string) =>
  handle.db.selectFrom('reviews').selectAll().where('listing_id', '=', listingId).execute();

async function waitingCard(reviewId: string) {
  const { status, body } = await api.call('/api/admin/reviews?limit=100', ADMIN);
  expect(status).toBe(200);
  return body.reviews.find((r: { id: string }) => r.id === reviewId);
}

describe('a review with photos', () => {
  it('is held with its photos, not public; published by the admin, they show with it', async () => {
    const listing = await insertBusiness(handle.db);
    const as = await reviewer();
    const written = await writeWithPhotos(listing.id, as, [await photo(), await photo()]);
    expect(written.status, written.text).toBe(201);
    expect(written.body.review).toMatchObject({ status: 'held', hold_reasons: ['photos'] });
    expect(written.body.review.photos).toHaveLength(2);
    const [first, second] = written.body.review.photos as { id: string; src: string }[];
    expect(first!.src).toMatch(/^\/api\/account\/photos\//);

    // Held: not public, not the listing's photos (gallery, cover, 12), the author and admins see them.
    const publicSrc = first!.src.replace('/api/account/photos/', '/api/photos/');
    expect((await api.call(publicSrc)).status).toBe(404);
    expect((await api.call(first!.src, { as })).status).toBe(200);
    expect((await api.call(first!.src, ADMIN)).status).toBe(200);
    const stranger = await reviewer();
    expect((await api.call(first!.src, { as: stranger })).status).toBe(404);
    expect(await livePhotos(handle.db, listing.id)).toEqual([]);
    const adminList = await api.call(`/api/admin/listings/${listing.id}/photos`, ADMIN);
    expect(adminList.body.photos).toEqual([]);

    // The Reviews tab shows them; the admin removes one, then publishes.
    const card = await waitingCard(written.body.review.id);
    expect(card.hold_reasons).toEqual(['photos']);
    expect(card.photos.map((p: { id: string }) => p.id)).toEqual([first!.id, second!.id]);
    const removed = await api.call(`/api/admin/photos/${second!.id}`, {
      method: 'DELETE',
      ...ADMIN,
    });
    expect(removed.status).toBe(200);
    expect(await filesOf(listing.id)).toHaveLength(9);
    const published = await api.call(`/api/admin/reviews/${written.body.review.id}/publish`, {
      method: 'POST',
      ...ADMIN,
      json: {},
    });
    expect(published.status, published.text).toBe(200);

    const list = await api.call(`/api/listings/${listing.id}/reviews`);
    const shown = list.body.reviews.find((r: { id: string }) => r.id === written.body.review.id);
    expect(shown.photos).toHaveLength(1);
    expect(shown.photos[0]).toMatchObject({ id: first!.id, status: 'live' });
    expect(shown.photos[0].src).toMatch(/^\/api\/photos\/.+\.jpg$/);
    const served = await api.call(shown.photos[0].src);
    expect(served.status).toBe(200);
    expect((await sharp(served.bytes).metadata()).exif).toBeUndefined();
    // Still not the listing's gallery.
    expect(await livePhotos(handle.db, listing.id)).toEqual([]);

    // The listing's owner sees the published photo on their reviews page's answer too.
    const owner = await reviewer();
    const session = await api.call('/api/auth/session', { as: owner });
    await handle.db
      .updateTable('business_registrations')
      .set({ owner_user_id: session.body.user.id })
      .where('id', '=', listing.id)
      .execute();
    const ownerList = await api.call(`/api/account/listings/${listing.id}/reviews`, { as: owner });
    expect(ownerList.status, ownerList.text).toBe(200);
    const ownerShown = ownerList.body.reviews.find(
      (r: { id: string }) => r.id === written.body.review.id,
    );
    expect(ownerShown.photos).toEqual(shown.photos);

    // Hidden again: its photos are no longer public.
    const hidden = await api.call(`/api/admin/reviews/${written.body.review.id}/hide`, {
      method: 'POST',
      ...ADMIN,
      json: { reason: 'Shares private information' },
    });
    expect(hidden.status, hidden.text).toBe(200);
    expect((await api.call(shown.photos[0].src)).status).toBe(404);
  });

  it('a review without photos is unchanged: published at once', async () => {
    const listing = await insertBusiness(handle.db);
    const written = await writeWithPhotos(listing.id, await reviewer(), []);
    expect(written.status, written.text).toBe(201);
    expect(written.body.review).toMatchObject({ status: 'published', photos: [] });
  });

  it('deleting the review deletes its photos and their files', async () => {
    const listing = await insertBusiness(handle.db);
    const as = await reviewer();
    const written = await writeWithPhotos(listing.id, as, [await photo()]);
    expect(await filesOf(listing.id)).toHaveLength(9);
    const deleted = await api.call(`/api/reviews/${written.body.review.id}`, {
      method: 'DELETE',
      as,
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await rowsOf(listing.id)).toEqual([]);
    expect(await filesOf(listing.id)).toEqual([]);
  });
});

describe('bad input and faults (issue 26.5): the review is refused, nothing is saved', () => {
  async function expectNothingSaved(listingId: string) {
    expect(await reviewsOf(listingId)).toEqual([]);
    expect(await rowsOf(listingId)).toEqual([]);
    expect(await filesOf(listingId)).toEqual([]);
  }

  it('refuses a 4th photo, an SVG, a corrupt photo and photos over 4 MB together', async () => {
    const listing = await insertBusiness(handle.db);
    const as = await reviewer();
    const four = await Promise.all([photo(), photo(), photo(), photo()]);
    const tooMany = await writeWithPhotos(listing.id, as, four);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.message).toBe(PHOTO_MESSAGES.tooManyForReview);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const wrong = await writeWithPhotos(listing.id, as, [await photo(), svg]);
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.message).toBe(PHOTO_MESSAGES.svg);
    const whole = await photo();
    const corrupt = await writeWithPhotos(listing.id, as, [whole.subarray(0, whole.length / 2)]);
    expect(corrupt.body.error.message).toBe(PHOTO_MESSAGES.damaged);
    // Two photos of 2.1 MB: each would do alone, together they pass the 4 MB (ADR 048).
    const half = new Uint8Array(REVIEW_PHOTOS_MAX_BYTES / 2 + 100 * 1024);
    const large = await writeWithPhotos(listing.id, as, [half, half]);
    expect(large.status).toBe(413);
    expect(large.body.error.message).toBe(PHOTO_MESSAGES.reviewTooLarge);
    await expectNothingSaved(listing.id);
  });

  it('refuses an upload cut off half-way', async () => {
    const listing = await insertBusiness(handle.db);
    const as = await reviewer();
    const { body, type } = await multipartBody({ review: JSON.stringify(review()) }, [
      ['photos', await photo()],
    ]);
    const cut = await api.call(`/api/listings/${listing.id}/reviews`, {
      method: 'POST',
      as,
      ip: nextIp(),
      body: body.subarray(0, Math.floor(body.length / 2)),
      headers: { 'content-type': type },
    });
    expect(cut.status).toBe(400);
    expect(cut.body.error.message).toBe(UPLOAD_CUT_OFF_MESSAGE);
    await expectNothingSaved(listing.id);
  });

  it('a storage outage: 503, no review, no photo, no file', async () => {
    const listing = await insertBusiness(handle.db);
    const as = await reviewer();
    const files = [await photo(), await photo()];
    outage.failAfterPuts = 0;
    outage.puts = 0;
    try {
      const response = await writeWithPhotos(listing.id, as, files);
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      outage.failAfterPuts = Infinity;
    }
    await expectNothingSaved(listing.id);
    // The same review sent again once the store is back is saved whole.
    expect((await writeWithPhotos(listing.id, as, files)).status).toBe(201);
    expect(await rowsOf(listing.id)).toHaveLength(2);
  });

  it('a second review of the listing with photos: refused before any file is written', async () => {
    const listing = await insertBusiness(handle.db);
    const as = await reviewer();
    expect((await writeWithPhotos(listing.id, as, [])).status).toBe(201);
    const again = await writeWithPhotos(listing.id, as, [await photo()]);
    expect(again.status).toBe(409);
    expect(await rowsOf(listing.id)).toEqual([]);
    expect(await filesOf(listing.id)).toEqual([]);
  });
});
