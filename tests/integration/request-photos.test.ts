import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../../common/schemas/photo-rules.ts';
import { QUOTE_KEY_HEADER } from '../../common/schemas/quotes.ts';
import { folderBlobStore } from '../../functions/_lib/blobs.ts';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import type { MailMessage, MailTransport } from '../../functions/_lib/mail.ts';
import { insertBusiness } from '../factories/business.ts';
import { multipartBody, phonePhoto } from '../factories/photos.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * A Find It request's photos (issue 36.1, ADR 083) through the API: up to 3 with the request,
 * processed and kept privately (no metadata, never under the public routes), each file served to
 * the admin, the businesses the request reached and the motorist only (404 for anyone else, and
 * for a business withdrawn or a request held, but for its motorist); the limits refuse a 4th photo and a file that is
 * not a photo, saving nothing; deleting the request deletes its files.
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
const blobs = folderBlobStore(mkdtempSync(path.join(tmpdir(), 'lagos-request-photos-test-')));
const mail: MailMessage[] = [];
const capture: MailTransport = {
  name: 'capture',
  send: async (message) => {
    mail.push(message);
  },
};
const owners: Record<string, string> = {};
let yabaListing = '';
const ADMIN = { as: 'admin' } as const;

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  api = testApi(handle.db, { blobs, mailTransport: capture });
  await signInAdmin(handle.db, api.call, {
    email: 'request-photos-admin@example.com',
    password: 'rp-admin-1',
  });
  for (const name of ['yaba', 'tyres']) {
    const json = { email: `${name}@photo-owners.example.ng`, password: `${name}-pass-1` };
    const signUp = await api.call('/api/auth/sign-up', { method: 'POST', json, as: name });
    expect(signUp.status).toBe(201);
    owners[name] = (await api.call('/api/auth/session', { as: name })).body.user.id as string;
  }
  yabaListing = (
    await insertBusiness(handle.db, {
      business_name: 'Yaba Panel Works',
      area: 'Yaba',
      business_categories: ['Body Work & Paint'],
      owner_user_id: owners.yaba!,
    })
  ).id;
  // Another trade: the requests never reach it.
  await insertBusiness(handle.db, {
    business_name: 'Yaba Tyres',
    area: 'Yaba',
    business_categories: ['Tyre Services'],
    owner_user_id: owners.tyres!,
  });
});
afterAll(() => handle?.close());

let sent = 0;
const request = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ngozi Eze',
  email: `ngozi${++sent}@example.ng`,
  phone: '0803 444 5555',
  location: 'Herbert Macaulay Way, Yaba',
  services: ['Body Work & Paint'],
  carMake: 'Toyota',
  carModel: 'Camry',
  job: 'Front bumper cracked after a knock',
  area: 'yaba',
  ...overrides,
});

async function submit(files: (Uint8Array | string)[], fields = request()) {
  const { body, type } = await multipartBody(
    { request: JSON.stringify(fields) },
    files.map((file) => ['photos', file] as const),
  );
  return api.call('/api/service-requests', {
    method: 'POST',
    ip: `198.51.100.${sent}`,
    body,
    headers: { 'content-type': type },
  });
}

/** The key of the newest private link e-mailed to `to`. */
function keyMailedTo(to: string): string {
  const message = mail.findLast((m) => m.to.includes(to) && /quotes\/\?key=/.test(m.text));
  const key = /quotes\/\?key=([A-Za-z0-9_-]+)/.exec(message?.text ?? '')?.[1];
  if (!key) throw new Error(`no quotes link was mailed to ${to}`);
  return key;
}

const requestsOf = (email: string) =>
  handle.db
    .selectFrom('service_requests')
    .select('id')
    .where('customer_email', '=', email)
    .execute();
/** The API address of a photo file from its page address. */
const apiPath = (src: string) => src.replace(/^\/find-it\/quotes\//, '/api/quote-requests/');

describe('Find It photos (issue 36.1)', () => {
  let id = '';
  let key = '';
  let src = '';

  it('keeps up to 3 photos with the request, privately, without their metadata', async () => {
    const fields = request();
    const response = await submit([await phonePhoto(), await phonePhoto()], fields);
    expect(response.status, response.text).toBe(201);
    id = response.body.id as string;
    key = keyMailedTo(fields.email);

    const rows = await handle.db
      .selectFrom('service_request_photos')
      .selectAll()
      .where('service_request_id', '=', id)
      .orderBy('position')
      .execute();
    expect(rows.map((r) => r.position)).toEqual([1, 2]);
    // JPEG variants only, under the private prefix; nothing under the public routes' prefix.
    const files = await blobs.list(`requests/${id}/`);
    expect(files).toHaveLength(6);
    expect(files.every((f) => f.endsWith('.jpg'))).toBe(true);
    expect(await blobs.list('listings/')).toEqual([]);
    // The phone's EXIF (with GPS) is gone from every file.
    for (const file of files) {
      const stored = await blobs.get(file);
      const meta = await sharp(stored!.bytes).metadata();
      expect(meta.exif).toBeUndefined();
    }

    const view = await api.call(`/api/quote-requests/${id}`, {
      headers: { [QUOTE_KEY_HEADER]: key },
    });
    expect(view.status).toBe(200);
    expect(view.body.photos).toHaveLength(2);
    src = view.body.photos[0].src as string;
    expect(src).toMatch(new RegExp(`^/find-it/quotes/${id}/photos/[0-9a-f]{32}\\.jpg$`));
    expect(view.body.photos[0].full).not.toBe(src);
    expect(view.body.photos[0].width).toBeLessThanOrEqual(320);
  });

  it('serves a file to the admin, the business it reached and the motorist; 404 for anyone else', async () => {
    const file = apiPath(src);
    const admin = await api.call(file, ADMIN);
    expect(admin.status).toBe(200);
    expect(admin.headers.get('content-type')).toBe('image/jpeg');
    expect(admin.headers.get('cache-control')).toBe('private, max-age=3600');
    expect((await sharp(admin.bytes).metadata()).format).toBe('jpeg');
    expect((await api.call(file, { as: 'yaba' })).status).toBe(200);
    expect((await api.call(file, { headers: { [QUOTE_KEY_HEADER]: key } })).status).toBe(200);

    const refused = [
      await api.call(file, { as: 'tyres' }),
      await api.call(file),
      await api.call(file, { headers: { [QUOTE_KEY_HEADER]: `${key.slice(0, -2)}xx` } }),
      // The public photo route and a made-up name know nothing of it.
      await api.call(`/api/photos/${id}/${src.split('/').pop()}`),
      await api.call(file.replace(/[0-9a-f]{32}/, '0'.repeat(32)), ADMIN),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/json/);
    }

    // The owner's lead, their quote page and the admin's dialog list the photos.
    const leads = (await api.call('/api/account/leads', { as: 'yaba' })).body.leads;
    const lead = leads.find((l: { job: { job: string } }) => l.job.job.includes('bumper'));
    expect(lead.photos).toHaveLength(2);
    const quotePage = await api.call(`/api/account/leads/${lead.id}/quote`, { as: 'yaba' });
    expect(quotePage.body.photos.map((p: { src: string }) => p.src)).toContain(src);
    const dialog = await api.call(`/api/admin/service-requests/${id}/quotes`, ADMIN);
    expect(dialog.body.photos).toHaveLength(2);

    // Withdrawn from the business: it no longer sees them.
    const withdrawn = await api.call(`/api/admin/service-requests/${id}/withdraw`, {
      method: 'POST',
      json: { listingId: yabaListing },
      ...ADMIN,
    });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect((await api.call(file, { as: 'yaba' })).status).toBe(404);
    expect((await api.call(file, ADMIN)).status).toBe(200);
  });

  it('shows a held request’s photos to the admin and the motorist only, until it is sent out', async () => {
    const fields = request({ job: 'Bumper cracked, call me on 0803 999 0000' });
    const response = await submit([await phonePhoto()], fields);
    expect(response.status, response.text).toBe(201);
    const heldId = response.body.id as string;
    const heldKey = keyMailedTo(fields.email);
    const dialog = await api.call(`/api/admin/service-requests/${heldId}/quotes`, ADMIN);
    const file = apiPath(dialog.body.photos[0].src);
    expect((await api.call(file, ADMIN)).status).toBe(200);
    // The motorist's own photos, held or not; no business yet.
    expect((await api.call(file, { headers: { [QUOTE_KEY_HEADER]: heldKey } })).status).toBe(200);
    expect((await api.call(file, { as: 'yaba' })).status).toBe(404);
    const view = await api.call(`/api/quote-requests/${heldId}`, {
      headers: { [QUOTE_KEY_HEADER]: heldKey },
    });
    expect(view.body).toMatchObject({ held: true });
    expect(view.body.photos).toHaveLength(1);

    const released = await api.call(`/api/admin/service-requests/${heldId}/release`, {
      method: 'POST',
      json: {},
      ...ADMIN,
    });
    expect(released.status, released.text).toBe(200);
    expect((await api.call(file, { headers: { [QUOTE_KEY_HEADER]: heldKey } })).status).toBe(200);
    expect((await api.call(file, { as: 'yaba' })).status).toBe(200);
  });

  it('refuses a 4th photo and a file that is not a photo, saving nothing', async () => {
    const four = request();
    const tooMany = await submit(
      [await phonePhoto(), await phonePhoto(), await phonePhoto(), await phonePhoto()],
      four,
    );
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.fields.photos).toEqual([PHOTO_MESSAGES.tooManyForRequest]);
    expect(await requestsOf(four.email)).toEqual([]);

    const wrong = request();
    const before = (await blobs.list('requests/')).length;
    const notPhoto = await submit([await phonePhoto(), 'this is a text file, not a photo'], wrong);
    expect(notPhoto.status).toBe(422);
    expect(notPhoto.body.error.message).toBe(PHOTO_MESSAGES.wrongType);
    expect(notPhoto.body.error.fields.photos).toEqual([PHOTO_MESSAGES.wrongType]);
    expect(await requestsOf(wrong.email)).toEqual([]);
    expect(await blobs.list('requests/')).toHaveLength(before);
  });

  it('takes a request without photos as before (JSON)', async () => {
    const response = await api.call('/api/service-requests', {
      method: 'POST',
      json: request(),
      ip: '198.51.100.250',
    });
    expect(response.status, response.text).toBe(201);
  });

  it('deletes the files with the request', async () => {
    expect(await blobs.list(`requests/${id}/`)).toHaveLength(6);
    const deleted = await api.call(`/api/admin/service-requests/${id}`, {
      method: 'DELETE',
      ...ADMIN,
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await blobs.list(`requests/${id}/`)).toEqual([]);
    expect((await api.call(apiPath(src), ADMIN)).status).toBe(404);
  });
});
