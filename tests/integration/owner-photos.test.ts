import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES, PHOTOS_PER_LISTING } from '../../common/schemas/photo-rules.ts';
import { folderBlobStore } from '../../functions/_lib/blobs.ts';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { UPLOAD_CUT_OFF_MESSAGE } from '../../functions/photos/photos.handler.ts';
import { livePhotos } from '../../functions/photos/photos.service.ts';
import { CacheTags } from '../../functions/site/cache-tags.ts';
import { insertBusiness } from '../factories/business.ts';
import { flakyBlobStore, multipartBody, phonePhoto } from '../factories/photos.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * Owners' photos (issue 26.1, ADR 042): held in the listing's reviewed change until the admin
 * approves it in the Claims tab, never public meanwhile; 12 a listing counting live and held;
 * owner-only; faults (26.5) refuse the upload and leave nothing behind.
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
const ADMIN = { as: 'admin' } as const;
const OWNER = { as: 'owner' } as const;
const OTHER = { as: 'other' } as const;
const users: Record<string, string> = {};

const { store: blobs, state: outage } = flakyBlobStore(
  folderBlobStore(mkdtempSync(path.join(tmpdir(), 'lagos-owner-photos-test-'))),
);

beforeAll(async () => {
  handle = await createTestDatabase();
  api = testApi(handle.db, { blobs });
  await signInAdmin(handle.db, api.call, {
    email: 'owner-photos-admin@example.com',
    password: 'owner-photos-pass-1',
  });
  for (const name of ['owner', 'other']) {
    const signUp = await api.call('/api/auth/sign-up', {
      method: 'POST',
      as: name,
      json: {
        displayName: `Photo ${name}`,
        email: `photo-${name}@example.com`,
        password: `photo-${name}-pass-12`,
      },
    });
    expect(signUp.status, signUp.text).toBe(201);
    users[name] = signUp.body.user.id;
  }
});
afterAll(() => handle?.close());

const photo = phonePhoto;

const multipart = (file: Uint8Array | string | null, fields: Record<string, string> = {}) =>
  multipartBody({ kind: 'workshop', ...fields }, file === null ? [] : [['file', file]]);

async function ownerUpload(
  listingId: string,
  file: Uint8Array | string | null,
  fields: Record<string, string> = {},
  as: { as?: string } = OWNER,
) {
  const { body, type } = await multipart(file, fields);
  return api.call(`/api/account/listings/${listingId}/photos`, {
    method: 'POST',
    ...as,
    body,
    headers: { 'content-type': type },
  });
}

async function adminUpload(listingId: string, file: Uint8Array) {
  const { body, type } = await multipart(file);
  return api.call(`/api/admin/listings/${listingId}/photos`, {
    method: 'POST',
    ...ADMIN,
    body,
    headers: { 'content-type': type },
  });
}

/** An approved listing owned by the `owner` account. */
async function ownedListing(overrides: Parameters<typeof insertBusiness>[1] = {}) {
  return insertBusiness(handle.db, { owner_user_id: users.owner!, ...overrides });
}

const rowsOf = (listingId: string) =>
  handle.db.selectFrom('photos').selectAll().where('listing_id', '=', listingId).execute();
const filesOf = (listingId: string) => blobs.list(`listings/${listingId}/`);
const pendingChangeOf = (listingId: string) =>
  handle.db
    .selectFrom('listing_changes')
    .selectAll()
    .where('business_registration_id', '=', listingId)
    .where('status', '=', 'pending')
    .executeTakeFirst();

/** The pending change of `listingId` as the Claims tab lists it. */
async function claimsTabChange(listingId: string) {
  const list = await api.call('/api/admin/listing-changes?limit=100', ADMIN);
  expect(list.status).toBe(200);
  return list.body.changes.find((c: { listing_id: string }) => c.listing_id === listingId);
}

function expectEnvelope(
  response: Awaited<ReturnType<typeof ownerUpload>>,
  status: number,
  message: string,
) {
  expect(response.status, response.text.slice(0, 300)).toBe(status);
  expect(response.body.error).toMatchObject({ message, requestId: expect.any(String) });
}

/** The public URL of a photo's variant (the held URL's public twin). */
const publicUrl = (url: string) => url.replace('/api/account/photos/', '/api/photos/');

describe('an owner adds a photo: held until the admin approves the change', () => {
  it('is stored but not public, not on the page, not on the card', async () => {
    const name = `Held Motors ${Date.now().toString(36)}`;
    const listing = await ownedListing({ business_name: name });
    const added = await ownerUpload(listing.id, await photo(), {
      kind: 'cover',
      caption: 'Our bay',
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ status: 'pending', kind: 'cover', caption: 'Our bay' });
    expect(await filesOf(listing.id)).toHaveLength(9);
    const change = await pendingChangeOf(listing.id);
    expect(change?.changes).toEqual({});
    expect((await rowsOf(listing.id))[0]).toMatchObject({ change_id: change!.id });

    // Not public: the variant route answers 404, the page and the card do not show it.
    const url: string = added.body.variants[0].url;
    expect(url).toMatch(/^\/api\/account\/photos\//);
    expect((await api.call(publicUrl(url))).status).toBe(404);
    expect(await livePhotos(handle.db, listing.id)).toEqual([]);
    const search = await api.call(`/api/directory/search?q=${encodeURIComponent(name)}`);
    expect(search.body.businesses.find((b: { id: string }) => b.id === listing.id).cover).toBe(
      null,
    );

    // The owner and the admin see it; someone else and visitors do not.
    expect((await api.call(url, OWNER)).status).toBe(200);
    expect((await api.call(url, ADMIN)).status).toBe(200);
    expect((await api.call(url, OTHER)).status).toBe(404);
    expect((await api.call(url)).status).toBe(401);
    const own = await api.call(`/api/account/listings/${listing.id}/photos`, OWNER);
    expect(own.body.photos.map((p: { status: string }) => p.status)).toEqual(['pending']);
  });

  it('the Claims tab shows it before/after; approving makes it live, on the page and the card', async () => {
    const name = `Approved Photos ${Date.now().toString(36)}`;
    const listing = await ownedListing({ business_name: name });
    const live = await adminUpload(listing.id, await photo());
    expect(live.status).toBe(201);
    const added = await ownerUpload(listing.id, await photo(), { kind: 'cover' });
    expect(added.status).toBe(201);
    const removed = await api.call(
      `/api/account/listings/${listing.id}/photos/${live.body.id}/remove`,
      { method: 'POST', ...OWNER },
    );
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.photos.find((p: { id: string }) => p.id === live.body.id)).toMatchObject({
      status: 'live',
      removal_proposed: true,
    });
    // Proposed only: still public until approved.
    expect((await api.call(live.body.variants[0].url)).status).toBe(200);

    const change = await claimsTabChange(listing.id);
    expect(change.photos.added.map((p: { id: string }) => p.id)).toEqual([added.body.id]);
    expect(change.photos.removed.map((p: { id: string }) => p.id)).toEqual([live.body.id]);
    expect(change.photos.current).toEqual([]);

    const purgesBefore = api.purges.length;
    const approve = await api.call(`/api/admin/listing-changes/${change.id}/approve`, {
      method: 'POST',
      ...ADMIN,
      json: {},
    });
    expect(approve.status, approve.text).toBe(200);
    expect(api.purges.slice(purgesBefore).flat()).toEqual(
      expect.arrayContaining([CacheTags.listing(listing.id), CacheTags.photos(listing.id)]),
    );
    const rows = await rowsOf(listing.id);
    expect(rows.map((r) => [r.id, r.status])).toEqual([[added.body.id, 'live']]);
    // The removed photo's files are gone, the added one's served publicly without EXIF.
    expect((await api.call(live.body.variants[0].url)).status).toBe(404);
    expect(await filesOf(listing.id)).toHaveLength(9);
    const jpeg = added.body.variants.find((v: { format: string }) => v.format === 'jpeg');
    const served = await api.call(publicUrl(jpeg.url));
    expect(served.status).toBe(200);
    const meta = await sharp(served.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect((await livePhotos(handle.db, listing.id)).map((p) => p.id)).toEqual([added.body.id]);
    const search = await api.call(`/api/directory/search?q=${encodeURIComponent(name)}`);
    const card = search.body.businesses.find((b: { id: string }) => b.id === listing.id);
    expect(card.cover.src).toMatch(/^\/api\/photos\//);
  });

  it('rejecting deletes the held photos and their files, and keeps the live ones', async () => {
    const listing = await ownedListing();
    const live = await adminUpload(listing.id, await photo());
    await ownerUpload(listing.id, await photo());
    await api.call(`/api/account/listings/${listing.id}/photos/${live.body.id}/remove`, {
      method: 'POST',
      ...OWNER,
    });
    expect(await filesOf(listing.id)).toHaveLength(18);
    const change = await claimsTabChange(listing.id);
    const reject = await api.call(`/api/admin/listing-changes/${change.id}/reject`, {
      method: 'POST',
      ...ADMIN,
      json: { reason: 'Blurry' },
    });
    expect(reject.status, reject.text).toBe(200);
    const rows = await rowsOf(listing.id);
    expect(rows.map((r) => [r.id, r.status, r.removal_change_id])).toEqual([
      [live.body.id, 'live', null],
    ]);
    expect(await filesOf(listing.id)).toHaveLength(9);
    expect((await api.call(live.body.variants[0].url)).status).toBe(200);
  });

  it('a field edit and photos travel in one change; taking a held photo back deletes it', async () => {
    const listing = await ownedListing();
    const held = await ownerUpload(listing.id, await photo());
    const edit = await api.call(`/api/account/listings/${listing.id}/changes`, {
      method: 'POST',
      ...OWNER,
      json: {
        description: 'We fix gearboxes.',
        services: null,
        phone: null,
        whatsapp: null,
        website: null,
        address: null,
        area: null,
        opening_hours: null,
        contact_visibility: 'public',
      },
    });
    expect(edit.status, edit.text).toBe(201);
    const change = await pendingChangeOf(listing.id);
    expect((await rowsOf(listing.id))[0]!.change_id).toBe(change!.id);
    const back = await api.call(
      `/api/account/listings/${listing.id}/photos/${held.body.id}/remove`,
      { method: 'POST', ...OWNER },
    );
    expect(back.status).toBe(200);
    expect(back.body.photos).toEqual([]);
    expect(await filesOf(listing.id)).toEqual([]);
    // The change still proposes the description, so it stays.
    expect((await pendingChangeOf(listing.id))?.id).toBe(change!.id);
  });

  it('a change left proposing nothing is withdrawn; "keep" withdraws a proposed removal', async () => {
    const listing = await ownedListing();
    const live = await adminUpload(listing.id, await photo());
    const base = `/api/account/listings/${listing.id}/photos/${live.body.id}`;
    expect((await api.call(`${base}/remove`, { method: 'POST', ...OWNER })).status).toBe(200);
    expect(await pendingChangeOf(listing.id)).toBeDefined();
    const kept = await api.call(`${base}/keep`, { method: 'POST', ...OWNER });
    expect(kept.body.photos[0]).toMatchObject({ status: 'live', removal_proposed: false });
    expect(await pendingChangeOf(listing.id)).toBeUndefined();
  });
});

describe('who may add or remove (roles on the server)', () => {
  it('another signed-in user is 403, a visitor 401; nothing is saved', async () => {
    const listing = await ownedListing();
    const file = await photo();
    expectEnvelope(
      await ownerUpload(listing.id, file, {}, OTHER),
      403,
      PHOTO_MESSAGES.notYourListing,
    );
    expect((await ownerUpload(listing.id, file, {}, {})).status).toBe(401);
    expect((await api.call(`/api/account/listings/${listing.id}/photos`, OTHER)).status).toBe(403);
    const live = await adminUpload(listing.id, await photo());
    const removal = await api.call(
      `/api/account/listings/${listing.id}/photos/${live.body.id}/remove`,
      { method: 'POST', ...OTHER },
    );
    expect(removal.status).toBe(403);
    expect((await rowsOf(listing.id)).map((r) => r.status)).toEqual(['live']);
    expect(await pendingChangeOf(listing.id)).toBeUndefined();
    // A photo of another listing cannot be removed through this one.
    const mine = await ownedListing();
    const elsewhere = await api.call(
      `/api/account/listings/${mine.id}/photos/${live.body.id}/remove`,
      { method: 'POST', ...OWNER },
    );
    expect(elsewhere.status).toBe(404);
    expect(await pendingChangeOf(mine.id)).toBeUndefined();
  });
});

describe('bad input and faults (issue 26.5): refused, nothing half-saved', () => {
  /** Nothing of the listing's photos or change was left by a refused request. */
  async function expectNothingSaved(listingId: string) {
    expect(await rowsOf(listingId)).toEqual([]);
    expect(await filesOf(listingId)).toEqual([]);
    expect(await pendingChangeOf(listingId)).toBeUndefined();
  }

  it('refuses an SVG, a corrupt file and a file over 10 MB', async () => {
    const listing = await ownedListing();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expectEnvelope(await ownerUpload(listing.id, svg), 422, PHOTO_MESSAGES.svg);
    const whole = await photo();
    expectEnvelope(
      await ownerUpload(listing.id, whole.subarray(0, whole.length / 2)),
      422,
      PHOTO_MESSAGES.damaged,
    );
    expectEnvelope(
      await ownerUpload(listing.id, new Uint8Array(10 * 1024 * 1024 + 100 * 1024)),
      413,
      PHOTO_MESSAGES.tooLarge,
    );
    await expectNothingSaved(listing.id);
  });

  it('refuses an upload cut off half-way', async () => {
    const listing = await ownedListing();
    const { body, type } = await multipart(await photo());
    const ended = await api.call(`/api/account/listings/${listing.id}/photos`, {
      method: 'POST',
      ...OWNER,
      body: body.subarray(0, Math.floor(body.length / 2)),
      headers: { 'content-type': type },
    });
    expectEnvelope(ended, 400, UPLOAD_CUT_OFF_MESSAGE);
    await expectNothingSaved(listing.id);
  });

  it('counts live and held photos toward 12', async () => {
    const listing = await ownedListing();
    for (let i = 0; i < 8; i++)
      expect((await adminUpload(listing.id, await photo(64, 48))).status).toBe(201);
    for (let i = 0; i < 4; i++)
      expect((await ownerUpload(listing.id, await photo(64, 48))).status).toBe(201);
    const files = await filesOf(listing.id);
    expectEnvelope(await ownerUpload(listing.id, await photo(64, 48)), 409, PHOTO_MESSAGES.tooMany);
    // The admin cannot pass 12 either while the owner's photos wait.
    expect((await adminUpload(listing.id, await photo(64, 48))).status).toBe(409);
    expect(await rowsOf(listing.id)).toHaveLength(PHOTOS_PER_LISTING);
    expect(await filesOf(listing.id)).toEqual(files);
  });

  it('refuses the same photo twice', async () => {
    const listing = await ownedListing();
    const file = await photo(64, 48);
    expect((await ownerUpload(listing.id, file)).status).toBe(201);
    expectEnvelope(await ownerUpload(listing.id, file), 409, PHOTO_MESSAGES.duplicate);
    expect(await rowsOf(listing.id)).toHaveLength(1);
  });

  it('a storage outage: 503, no row, no change, no file left', async () => {
    const listing = await ownedListing();
    outage.puts = 0;
    outage.failAfterPuts = 3;
    try {
      const response = await ownerUpload(listing.id, await photo());
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(response.body.error.message).toMatch(/try again/);
    } finally {
      outage.failAfterPuts = Infinity;
    }
    await expectNothingSaved(listing.id);
    // What was saved before the outage is untouched.
    const before = await ownerUpload(listing.id, await photo());
    expect(before.status).toBe(201);
    outage.puts = 0;
    outage.failAfterPuts = 0;
    try {
      expect((await ownerUpload(listing.id, await photo())).status).toBe(503);
    } finally {
      outage.failAfterPuts = Infinity;
    }
    expect((await rowsOf(listing.id)).map((r) => r.id)).toEqual([before.body.id]);
    expect(await filesOf(listing.id)).toHaveLength(9);
  });
});
