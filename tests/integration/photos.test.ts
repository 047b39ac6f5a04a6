import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAGOS_AREAS } from '../../common/config/lagos-areas.ts';
import { CATEGORY_SORTS } from '../../common/schemas/directory.ts';
import { PHOTO_MESSAGES, PHOTOS_PER_LISTING } from '../../common/schemas/photo-rules.ts';
import { folderBlobStore } from '../../functions/_lib/blobs.ts';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { UPLOAD_CUT_OFF_MESSAGE } from '../../functions/photos/photos.handler.ts';
import { CacheTags } from '../../functions/site/cache-tags.ts';
import { insertBusiness } from '../factories/business.ts';
import { flakyBlobStore, multipartBody, phonePhoto } from '../factories/photos.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * Issue 26 (ADR 039): the admin adds, lists and removes a listing's photos; the public route
 * serves their variants for a year; faults (26.5) answer in the envelope and save nothing.
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
const ADMIN = { as: 'admin' } as const;

const { store: blobs, state: storeState } = flakyBlobStore(
  folderBlobStore(mkdtempSync(path.join(tmpdir(), 'lagos-photos-test-'))),
);

beforeAll(async () => {
  handle = await createTestDatabase();
  api = testApi(handle.db, { blobs });
  await signInAdmin(handle.db, api.call, {
    email: 'photos-admin@example.com',
    password: 'photos-pass-1',
  });
});
afterAll(() => handle?.close());

const photo = phonePhoto;

const multipart = (file: Uint8Array | string | null, fields: Record<string, string> = {}) =>
  multipartBody({ kind: 'workshop', ...fields }, file === null ? [] : [['file', file]]);

async function upload(
  listingId: string,
  file: Uint8Array | string | null,
  fields: Record<string, string> = {},
) {
  const { body, type } = await multipart(file, fields);
  return api.call(`/api/admin/listings/${listingId}/photos`, {
    method: 'POST',
    ...ADMIN,
    body,
    headers: { 'content-type': type },
  });
}

const rowsOf = (listingId: string) =>
  handle.db.selectFrom('photos').selectAll().where('listing_id', '=', listingId).execute();
const filesOf = (listingId: string) => blobs.list(`listings/${listingId}/`);

function expectEnvelope(
  response: Awaited<ReturnType<typeof upload>>,
  status: number,
  message: string,
) {
  expect(response.status, response.text.slice(0, 300)).toBe(status);
  expect(response.body.error).toMatchObject({ message, requestId: expect.any(String) });
}

describe('adding a photo', () => {
  it('stores the variants, records the photo and purges the listing’s pages', async () => {
    const listing = await insertBusiness(handle.db, { featured: true });
    const purgesBefore = api.purges.length;
    const response = await upload(listing.id, await photo(), {
      kind: 'cover',
      caption: '  Our workshop on Allen Avenue ',
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      listing_id: listing.id,
      kind: 'cover',
      caption: 'Our workshop on Allen Avenue',
      width: 900,
      height: 600,
      position: 1,
      status: 'live',
    });
    // 320, 640 and 900 (the original's width: never upscaled) wide, three formats each.
    expect(response.body.variants.map((v: { width: number }) => v.width)).toEqual([
      320, 320, 320, 640, 640, 640, 900, 900, 900,
    ]);
    const tags = api.purges.slice(purgesBefore).flat();
    for (const tag of [
      CacheTags.listing(listing.id),
      CacheTags.category('mechanic'),
      CacheTags.home,
      CacheTags.photos(listing.id),
    ])
      expect(tags).toContain(tag);

    const rows = await rowsOf(listing.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.variants.map((v) => v.key).sort()).toEqual(await filesOf(listing.id));

    const list = await api.call(`/api/admin/listings/${listing.id}/photos`, ADMIN);
    expect(list.status).toBe(200);
    expect(list.body.photos.map((p: { id: string }) => p.id)).toEqual([response.body.id]);
    expect(list.body.limit).toBe(PHOTOS_PER_LISTING);
  });

  it('serves each variant publicly for a year, with no EXIF', async () => {
    const listing = await insertBusiness(handle.db);
    const added = await upload(listing.id, await photo(1600, 1200));
    expect(added.status).toBe(201);
    const variants: { url: string; format: string; width: number; bytes: number }[] =
      added.body.variants;
    expect(variants.map((v) => `${v.format}@${v.width}`)).toContain('avif@1280');
    for (const variant of variants) {
      expect(variant.url).toMatch(
        new RegExp(`^/api/photos/${listing.id}/[0-9a-f]{32}\\.(avif|webp|jpg)$`),
      );
      const served = await api.call(variant.url); // a visitor
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('content-type')).toBe(
        { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' }[variant.format],
      );
      expect(served.headers.get('netlify-cache-tag')).toBe(CacheTags.photos(listing.id));
      expect(served.bytes.byteLength).toBe(variant.bytes);
      const meta = await sharp(served.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBe(variant.width);
    }
  });

  it('answers 404 for names that are not a variant’s', async () => {
    const listing = await insertBusiness(handle.db);
    for (const url of [
      `/api/photos/${listing.id}/${'a'.repeat(32)}.jpg`,
      `/api/photos/${listing.id}/..%2F..%2Fetc%2Fpasswd`,
      `/api/photos/${listing.id}/x.svg`,
      '/api/photos/not-a-uuid/aaaa.jpg',
    ]) {
      const response = await api.call(url);
      expect(response.status, url).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
    }
  });

  it('is for admins only', async () => {
    const listing = await insertBusiness(handle.db);
    const { body, type } = await multipart(await photo());
    const visitor = await api.call(`/api/admin/listings/${listing.id}/photos`, {
      method: 'POST',
      body,
      headers: { 'content-type': type },
    });
    expect(visitor.status).toBe(401);
    expect(await rowsOf(listing.id)).toEqual([]);
  });
});

describe('bad input and faults (issue 26.5): a clear error, nothing half-saved', () => {
  it('refuses an SVG, a truncated JPEG, a missing file and a bad kind', async () => {
    const listing = await insertBusiness(handle.db);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expectEnvelope(await upload(listing.id, svg), 422, PHOTO_MESSAGES.svg);
    const whole = await photo();
    expectEnvelope(
      await upload(listing.id, whole.subarray(0, whole.length / 2)),
      422,
      PHOTO_MESSAGES.damaged,
    );
    expectEnvelope(await upload(listing.id, null), 422, PHOTO_MESSAGES.noFile);
    const badKind = await upload(listing.id, await photo(), { kind: 'selfie' });
    expect(badKind.status).toBe(422);
    expect(badKind.body.error.fields.kind).toBeDefined();
    expect(await rowsOf(listing.id)).toEqual([]);
    expect(await filesOf(listing.id)).toEqual([]);
  });

  it('refuses a body over 10 MB (413) and one that is not a form (400)', async () => {
    const listing = await insertBusiness(handle.db);
    expectEnvelope(
      await upload(listing.id, new Uint8Array(10 * 1024 * 1024 + 100 * 1024)),
      413,
      PHOTO_MESSAGES.tooLarge,
    );
    const json = await api.call(`/api/admin/listings/${listing.id}/photos`, {
      method: 'POST',
      ...ADMIN,
      json: { file: 'x' },
    });
    expect(json.status).toBe(400);
    expect(await rowsOf(listing.id)).toEqual([]);
  });

  it('refuses an upload cut off half-way', async () => {
    const listing = await insertBusiness(handle.db);
    const { body, type } = await multipart(await photo());
    // The body ends early (the connection closed cleanly mid-upload).
    const ended = await api.call(`/api/admin/listings/${listing.id}/photos`, {
      method: 'POST',
      ...ADMIN,
      body: body.subarray(0, Math.floor(body.length / 2)),
      headers: { 'content-type': type },
    });
    expectEnvelope(ended, 400, UPLOAD_CUT_OFF_MESSAGE);
    // The stream fails mid-way (the connection dropped).
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(body.subarray(0, 1000));
        controller.error(new Error('connection reset'));
      },
    });
    const dropped = await api.call(`/api/admin/listings/${listing.id}/photos`, {
      method: 'POST',
      ...ADMIN,
      body: broken,
      headers: { 'content-type': type },
      duplex: 'half',
    } as RequestInit);
    expectEnvelope(dropped, 400, UPLOAD_CUT_OFF_MESSAGE);
    expect(await rowsOf(listing.id)).toEqual([]);
    expect(await filesOf(listing.id)).toEqual([]);
  });

  it('refuses the same photo twice and a 13th photo', async () => {
    const listing = await insertBusiness(handle.db);
    const first = await photo(64, 48);
    expect((await upload(listing.id, first)).status).toBe(201);
    expectEnvelope(await upload(listing.id, first), 409, PHOTO_MESSAGES.duplicate);
    for (let i = 1; i < PHOTOS_PER_LISTING; i++)
      expect((await upload(listing.id, await photo(64, 48))).status).toBe(201);
    const files = await filesOf(listing.id);
    expectEnvelope(await upload(listing.id, await photo(64, 48)), 409, PHOTO_MESSAGES.tooMany);
    const rows = await rowsOf(listing.id);
    expect(rows).toHaveLength(PHOTOS_PER_LISTING);
    expect(rows.map((r) => r.position).sort((a, b) => a - b)).toEqual(
      Array.from({ length: PHOTOS_PER_LISTING }, (_, i) => i + 1),
    );
    expect(await filesOf(listing.id)).toEqual(files);
  });

  it('a storage outage mid-upload: 503, no row, and the files already written are removed', async () => {
    const listing = await insertBusiness(handle.db);
    storeState.puts = 0;
    storeState.failAfterPuts = 4;
    try {
      const response = await upload(listing.id, await photo());
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(response.body.error.message).toMatch(/try again/);
    } finally {
      storeState.failAfterPuts = Infinity;
    }
    expect(await rowsOf(listing.id)).toEqual([]);
    expect(await filesOf(listing.id)).toEqual([]);
  });

  it('a row that cannot be saved after the files were: the files are removed', async () => {
    const listing = await insertBusiness(handle.db, { status: 'rejected' });
    // The listing is deleted while the files are being written.
    storeState.onPut = async () => {
      await handle.db.deleteFrom('business_registrations').where('id', '=', listing.id).execute();
    };
    try {
      const response = await upload(listing.id, await photo());
      expect(response.status).toBe(404);
    } finally {
      storeState.onPut = async () => {};
    }
    expect(await rowsOf(listing.id)).toEqual([]);
    expect(await filesOf(listing.id)).toEqual([]);
  });
});

describe('the card cover (issue 26.4)', () => {
  it('lists, searches and near-me answers carry the live cover photo, at most 640 px wide', async () => {
    const name = `Cover Motors ${Date.now().toString(36)}`;
    const listing = await insertBusiness(handle.db, {
      business_name: name,
      latitude: 6.6,
      longitude: 3.35,
    });
    const plain = await insertBusiness(handle.db, { business_name: `${name} Plain` });
    await upload(listing.id, await photo(), { kind: 'workshop' });
    const cover = await upload(listing.id, await photo(1600, 1200), { kind: 'cover' });
    expect(cover.status).toBe(201);
    await upload(plain.id, await photo(), { kind: 'team' });

    const search = await api.call(`/api/directory/search?q=${encodeURIComponent(name)}`);
    expect(search.status).toBe(200);
    const byId = new Map(
      search.body.businesses.map((b: { id: string; cover: unknown }) => [b.id, b.cover]),
    );
    expect(byId.get(plain.id)).toBeNull();
    const shown = byId.get(listing.id) as Record<string, string | number>;
    expect(shown).toMatchObject({ width: 640, height: 480 });
    expect(shown.avif).toMatch(
      /^\/api\/photos\/[^ ]+\.avif 320w, \/api\/photos\/[^ ]+\.avif 640w$/,
    );
    expect(shown.webp).toMatch(/\.webp 320w, .+\.webp 640w$/);
    expect(shown.jpeg).toMatch(/\.jpg 320w, .+\.jpg 640w$/);
    expect(shown.src).toMatch(/\.jpg$/);
    expect(String(shown.avif)).not.toContain('1280w');
    // The URLs are the cover's own variants.
    const own = cover.body.variants.map((v: { url: string }) => v.url);
    expect(own).toContain(shown.src);

    const list = await api.call('/api/directory?category=mechanic&limit=100');
    const inList = list.body.businesses.find((b: { id: string }) => b.id === listing.id);
    if (inList) expect(inList.cover).toEqual(shown);
    const near = await api.call('/api/directory/near?lat=6.6&lng=3.35&limit=100');
    expect(near.status, near.text.slice(0, 200)).toBe(200);
    const nearby = near.body.businesses.find((b: { id: string }) => b.id === listing.id);
    expect(nearby?.cover).toEqual(shown);
  });
});

describe('one finishing step (issues 34.8, 39.4)', () => {
  it('a category page carries the cover on every sort, with and without an area', async () => {
    const area = LAGOS_AREAS.find((a) => a.kind === 'neighbourhood')!;
    const listing = await insertBusiness(handle.db, {
      business_name: `Every Sort Motors ${Date.now().toString(36)}`,
      featured: true,
      display_order: -1_000_000,
      area: area.name,
    });
    // First in every order: featured and first in display order, the most and best reviews.
    await handle.db
      .updateTable('business_registrations')
      .set({ review_count: 1_000_000, review_sum: 5_000_000 })
      .where('id', '=', listing.id)
      .execute();
    const cover = await upload(listing.id, await photo(), { kind: 'cover' });
    expect(cover.status).toBe(201);
    for (const sort of CATEGORY_SORTS)
      for (const where of ['', `&area=${encodeURIComponent(area.lga)}`]) {
        const url = `/api/directory?category=mechanic&sort=${sort}&page=1&limit=5${where}`;
        const list = await api.call(url);
        expect(list.status, url).toBe(200);
        const shown = list.body.businesses.find((b: { id: string }) => b.id === listing.id);
        expect(shown, url).toBeDefined();
        expect(shown.cover, url).toMatchObject({ src: expect.stringMatching(/\.jpg$/) });
      }
  });
});

describe('removing', () => {
  it('a photo: its row and files go, its pages are purged, its files answer 404', async () => {
    const listing = await insertBusiness(handle.db);
    const added = await upload(listing.id, await photo());
    const kept = await upload(listing.id, await photo());
    const url: string = added.body.variants[0].url;
    expect((await api.call(url)).status).toBe(200);
    const purgesBefore = api.purges.length;

    const response = await api.call(`/api/admin/photos/${added.body.id}`, {
      method: 'DELETE',
      ...ADMIN,
    });
    expect(response.status).toBe(200);
    expect(api.purges.slice(purgesBefore).flat()).toEqual(
      expect.arrayContaining([CacheTags.listing(listing.id), CacheTags.photos(listing.id)]),
    );
    expect((await rowsOf(listing.id)).map((r) => r.id)).toEqual([kept.body.id]);
    expect((await filesOf(listing.id)).length).toBe(kept.body.variants.length);
    expect((await api.call(url)).status).toBe(404);

    const again = await api.call(`/api/admin/photos/${added.body.id}`, {
      method: 'DELETE',
      ...ADMIN,
    });
    expectEnvelope(again, 404, PHOTO_MESSAGES.notFound);
  });

  it('a listing: its photos’ files go with it', async () => {
    const listing = await insertBusiness(handle.db);
    await upload(listing.id, await photo());
    await upload(listing.id, await photo());
    expect((await filesOf(listing.id)).length).toBeGreaterThan(0);
    const response = await api.call(`/api/admin/listings/${listing.id}`, {
      method: 'DELETE',
      ...ADMIN,
    });
    expect(response.status).toBe(200);
    expect(await rowsOf(listing.id)).toEqual([]);
    expect(await filesOf(listing.id)).toEqual([]);
    expect(api.purges.at(-1)).toContain(CacheTags.photos(listing.id));
  });
});
