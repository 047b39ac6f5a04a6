import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import {
  createSmsSender,
  keyedPhone,
  outboxSmsTransport,
  termiiTransport,
} from '../../functions/_lib/sms.ts';
import { start, type FakeTermii } from '../fakes/termii.ts';
import { createTestDatabase } from '../setup/test-db.ts';

/** Issue 37.2, ADR 067: the real Termii client against a loopback fake, and the SMS log. */
let handle: DatabaseHandle;
let fake: FakeTermii;
const NUMBER = '+2348031234567';
const message = {
  to: NUMBER,
  text: 'Your Lagos Auto Hub code is 482915. It expires in 10 minutes.',
  template: 'phone-sign-in',
  secrets: ['482915'],
};

beforeAll(async () => {
  handle = await createTestDatabase();
  fake = await start({ apiKey: 'tk_test' });
});
afterAll(async () => {
  await fake.stop();
  await handle.close();
});
beforeEach(async () => {
  fake.reset();
  await handle.db.deleteFrom('sms_outbox').execute();
});

const termii = (timeoutMs = 2_000) =>
  termiiTransport({ apiKey: 'tk_test', senderId: 'LagosAuto', baseUrl: fake.baseUrl, timeoutMs });
const rows = () => handle.db.selectFrom('sms_outbox').selectAll().execute();

describe('Termii client (issue 37.2)', () => {
  it("sends Termii's documented body on the DND route and logs the message with the code redacted", async () => {
    const result = await createSmsSender(handle.db, termii()).send(message);
    expect(result).toEqual({ ok: true });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/sms/send',
      body: {
        api_key: 'tk_test',
        to: '2348031234567',
        from: 'LagosAuto',
        sms: message.text,
        type: 'plain',
        channel: 'dnd',
      },
    });
    const [row] = await rows();
    expect(row).toMatchObject({
      to_masked: '+234 803 *** **67',
      to_key: keyedPhone(NUMBER),
      text_body: 'Your Lagos Auto Hub code is [redacted]. It expires in 10 minutes.',
      transport: 'termii',
      status: 'sent',
      error: null,
    });
    expect(row!.provider_message_id).toMatch(/^\d+$/);
    expect(JSON.stringify(row)).not.toContain('8031234567');
  });

  it('a provider error fails the send, never throws, and is logged with its reason', async () => {
    fake.fail(400, 'Insufficient balance');
    const result = await createSmsSender(handle.db, termii()).send(message);
    expect(result).toEqual({ ok: false, error: 'Termii answered HTTP 400: Insufficient balance' });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', error: result.ok ? null : result.error });
    expect(row!.text_body).not.toContain('482915');
  });

  it('a wrong API key is a failure, not a success', async () => {
    const wrong = termiiTransport({ apiKey: 'nope', senderId: 'LagosAuto', baseUrl: fake.baseUrl });
    const result = await createSmsSender(handle.db, wrong).send(message);
    expect(result).toEqual({ ok: false, error: 'Termii answered HTTP 401: Invalid API key' });
  });

  it('a provider that does not answer times out and is logged as failed', async () => {
    fake.hang();
    const started = Date.now();
    const result = await createSmsSender(handle.db, termii(300)).send(message);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(result).toEqual({ ok: false, error: 'Termii did not answer within 300 ms' });
    expect((await rows())[0]).toMatchObject({ status: 'failed' });
  });

  it('an unreachable provider is a failure with the reason, without the number', async () => {
    const gone = termiiTransport({
      apiKey: 'tk_test',
      senderId: 'LagosAuto',
      baseUrl: 'http://127.0.0.1:9',
    });
    const result = await createSmsSender(handle.db, gone).send(message);
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain('8031234567');
  });
});

describe('local SMS outbox', () => {
  it('writes a readable file with the whole text, while the log keeps the code redacted', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lagos-sms-'));
    const result = await createSmsSender(handle.db, outboxSmsTransport(dir)).send(message);
    expect(result).toEqual({ ok: true });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const file = readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(file).toContain(`To: ${NUMBER}`);
    expect(file).toContain('482915');
    const [row] = await rows();
    expect(row).toMatchObject({ transport: 'outbox', status: 'sent' });
    expect(row!.text_body).not.toContain('482915');
  });
});
