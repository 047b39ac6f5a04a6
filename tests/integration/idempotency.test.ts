import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { KEY_REUSED_MESSAGE } from '../../functions/_lib/idempotency.ts';
import { newIdempotencyKey } from '../../common/schemas/idempotency.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Send twice, stored once (issue 23.4, ADR 028): a create request retried with the same
 * Idempotency-Key gets the first answer and leaves one row, one e-mail and one rate-limit hit.
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;

beforeAll(async () => {
  handle = await createTestDatabase();
  api = testApi(handle.db);
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.deleteFrom('contacts').execute();
  await handle.db.deleteFrom('service_requests').execute();
  await handle.db.deleteFrom('mail_outbox').execute();
  await handle.db.deleteFrom('rate_limits').execute();
  await handle.db.deleteFrom('idempotency_keys').execute();
});

const CONTACT = {
  name: 'Chidi Nwosu',
  email: 'chidi@example.ng',
  subject: 'Wrong phone number',
  message: 'The phone number of the Ikeja workshop is out of date.',
};

const send = (path: string, json: unknown, key?: string, ip = '198.51.100.20') =>
  api.call(path, {
    method: 'POST',
    json,
    ip,
    headers: key ? { 'idempotency-key': key } : {},
  });

const count = async (table: 'contacts' | 'service_requests') =>
  Number(
    (
      await handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const rateLimitHits = async () =>
  Number(
    (
      await sql<{ n: string }>`select coalesce(sum(count), 0) as n from rate_limits`.execute(
        handle.db,
      )
    ).rows[0]!.n,
  );

describe('Idempotency-Key on the create routes', () => {
  it('answers a retry with the first answer: one row, one notification, one rate-limit hit', async () => {
    const key = newIdempotencyKey();
    const first = await send('/api/contacts', CONTACT, key);
    const second = await send('/api/contacts', CONTACT, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await count('contacts')).toBe(1);
    expect(await rateLimitHits()).toBe(1);
    const mails = await handle.db.selectFrom('mail_outbox').select('id').execute();
    expect(mails).toHaveLength(1);
  });

  it('stores twice without a key, and twice with two keys', async () => {
    await send('/api/contacts', CONTACT);
    await send('/api/contacts', CONTACT);
    await send('/api/contacts', CONTACT, newIdempotencyKey());
    await send('/api/contacts', CONTACT, newIdempotencyKey());
    expect(await count('contacts')).toBe(4);
  });

  it('stores once when the same request arrives twice at the same moment', async () => {
    const key = newIdempotencyKey();
    const answers = await Promise.all([
      send('/api/contacts', CONTACT, key),
      send('/api/contacts', CONTACT, key),
    ]);
    expect(await count('contacts')).toBe(1);
    const statuses = answers.map((a) => a.status).sort();
    // The second either waited for the first's answer (replay, 201) or was told to wait (409).
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
  });

  it('releases the key after a refused request, so the corrected form goes through', async () => {
    const key = newIdempotencyKey();
    const invalid = await send('/api/contacts', { ...CONTACT, message: 'short' }, key);
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.fields.message).toEqual(['Message must be at least 10 characters']);
    const fixed = await send('/api/contacts', CONTACT, key);
    expect(fixed.status).toBe(201);
    expect(await count('contacts')).toBe(1);
  });

  it('refuses the key with another body once it has an answer', async () => {
    const key = newIdempotencyKey();
    expect((await send('/api/contacts', CONTACT, key)).status).toBe(201);
    const other = await send('/api/contacts', { ...CONTACT, subject: 'Another subject' }, key);
    expect(other.status).toBe(422);
    expect(other.body.error.message).toBe(KEY_REUSED_MESSAGE);
    expect(await count('contacts')).toBe(1);
  });

  it('keeps one key per route: the same key on another form is another request', async () => {
    const key = newIdempotencyKey();
    expect((await send('/api/contacts', CONTACT, key)).status).toBe(201);
    const findIt = await send(
      '/api/service-requests',
      {
        name: 'Chidi Nwosu',
        email: 'chidi@example.ng',
        phone: '08035550101',
        location: 'Yaba',
        services: ['Mechanic / Repair Services'],
      },
      key,
    );
    expect(findIt.status).toBe(201);
    expect(await count('service_requests')).toBe(1);
  });

  it('refuses a malformed key with 400 in the envelope and stores nothing', async () => {
    const answer = await send('/api/contacts', CONTACT, 'short key!');
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('BAD_REQUEST');
    expect(await count('contacts')).toBe(0);
  });

  it('takes over a key whose first request was abandoned (its process died)', async () => {
    const key = newIdempotencyKey();
    await handle.db
      .insertInto('idempotency_keys')
      .values({
        scope: 'POST /api/contacts',
        key,
        fingerprint: 'lost',
        created_at: new Date(Date.now() - 10 * 60_000),
      })
      .execute();
    expect((await send('/api/contacts', CONTACT, key)).status).toBe(201);
    expect(await count('contacts')).toBe(1);
  });

  it('counts a report once when it is sent twice', async () => {
    const business = await insertBusiness(handle.db, { status: 'approved' });
    const key = newIdempotencyKey();
    const report = { reason: 'wrong_phone', details: 'Rings a different shop.' };
    const path = `/api/listings/${business.id}/reports`;
    expect((await send(path, report, key)).status).toBe(201);
    expect((await send(path, report, key)).status).toBe(201);
    const reports = await handle.db.selectFrom('listing_reports').select('id').execute();
    expect(reports).toHaveLength(1);
  });
});
