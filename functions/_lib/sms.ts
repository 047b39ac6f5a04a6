import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { env } from './env.ts';
import { log } from './log.ts';
import { redactSecrets } from './mail.ts';
import { keyedAddress } from './rate-limit.ts';
import { recordSms } from '../sms/sms.repository.ts';

/**
 * Text messages (issue 37.2, ADR 067): Termii's HTTP API when `TERMII_API_KEY` and
 * `TERMII_SENDER_ID` are set, otherwise a readable local outbox (`.data/sms/`, like the mailer's
 * `.data/mail/`). Every message is logged in `sms_outbox` with its outcome, the number partly
 * masked plus a keyed hash of it (the per-number limits count those), and its secrets (the
 * one-time code) replaced by `[redacted]`.
 */

/** One SMS: `to` in E.164 (`+2348031234567`), plain text (≤ 160 GSM characters is one part). */
export interface SmsMessage {
  to: string;
  text: string;
  /** What the message is, for the log (`phone-sign-in`, `listing-phone`). */
  template: string;
  /** Delivered, but replaced by `[redacted]` in the log (the code). */
  secrets?: string[];
  /**
   * Termii's route: `dnd` reaches numbers on the Do-Not-Disturb register (one-time codes: the
   * default), `generic` is the promotional route that DND numbers never receive.
   */
  channel?: 'dnd' | 'generic';
}

/** Where SMS go: Termii when configured, the local outbox otherwise. */
export interface SmsTransport {
  readonly name: string;
  /**
   * Delivers one message, resolving with the provider's message id (null without one).
   * @throws Error with a message fit for the log (never the number, the key or the code).
   */
  send(message: SmsMessage): Promise<{ providerId: string | null }>;
}

/** `+2348031234567` → `+234 803 *** **67`: the operator prefix and the last two digits only. */
export function maskPhone(e164: string): string {
  const match = /^\+234(\d{3})\d{5}(\d{2})$/.exec(e164);
  if (match) return `+234 ${match[1]} *** **${match[2]}`;
  return e164.length > 6 ? `${e164.slice(0, 4)}…${e164.slice(-2)}` : '…';
}

/**
 * The stored key of a phone number: HMAC-SHA-256 keyed by the auth secret (like
 * {@link keyedAddress}), so the log counts codes per number without holding the number.
 */
export function keyedPhone(e164: string): string {
  return keyedAddress('sms-number', e164);
}

/**
 * Local outbox: each SMS is written as a readable file under `dir` (default `.data/sms`) with
 * the number and the whole text (the local stand-in of the recipient's phone, which an e2e test
 * reads the code from); the sms_outbox row is the log and has the code redacted. File errors
 * (read-only serverless disks) are logged, never fatal.
 */
export function outboxSmsTransport(dir = env('SMS_OUTBOX_DIR')): SmsTransport {
  return {
    name: 'outbox',
    async send(message) {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const id = crypto.randomUUID().slice(0, 8);
      const body = [
        `To: ${message.to}`,
        `Template: ${message.template}`,
        `Channel: ${message.channel ?? 'dnd'}`,
        '',
        message.text,
        '',
      ].join('\n');
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, `${stamp}-${message.template}-${id}.txt`), body, 'utf8');
      } catch (error) {
        log.warn('sms outbox file not written', { error: String(error) });
      }
      return { providerId: `outbox-${id}` };
    },
  };
}

/** Termii's public API base (their dashboard shows each account's own; both serve this path). */
export const TERMII_DEFAULT_BASE_URL = 'https://v3.api.termii.com';

/** What Termii's Send Message endpoint answers on success (ADR 067). */
interface TermiiSendResponse {
  code?: string;
  message_id?: string;
  message_id_str?: string;
  message?: string;
  balance?: number;
  user?: string;
}

/**
 * Termii's Messaging API, Send Message (ADR 067): `POST {base}/api/sms/send` with a JSON body
 * `{ api_key, to, from, sms, type: 'plain', channel }` (`to` without the `+`); a 200 answer
 * carries `{ code: 'ok', message_id, message: 'Successfully Sent', balance, user }`, an error
 * answer (400, 401, 404, 5xx) `{ message }`. A request that takes longer than `timeoutMs`
 * (default 8000 ms) is abandoned and counts as a failure.
 */
export function termiiTransport(options: {
  apiKey: string;
  senderId: string;
  baseUrl?: string | undefined;
  timeoutMs?: number;
}): SmsTransport {
  const base = (options.baseUrl ?? TERMII_DEFAULT_BASE_URL).replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 8_000;
  return {
    name: 'termii',
    async send(message) {
      let response: Response;
      try {
        response = await fetch(`${base}/api/sms/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            api_key: options.apiKey,
            to: message.to.replace(/^\+/, ''),
            from: options.senderId,
            sms: message.text,
            type: 'plain',
            channel: message.channel ?? 'dnd',
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const name = (error as Error).name;
        throw new Error(
          name === 'TimeoutError' || name === 'AbortError'
            ? `Termii did not answer within ${timeoutMs} ms`
            : `Termii unreachable: ${(error as Error).message}`,
          { cause: error },
        );
      }
      const text = await response.text().catch(() => '');
      let body: TermiiSendResponse;
      try {
        body = text ? (JSON.parse(text) as TermiiSendResponse) : {};
      } catch {
        body = {};
      }
      // Termii's messages are short sentences ("Insufficient balance"); cut anything longer.
      const said = typeof body.message === 'string' ? body.message.slice(0, 200) : '';
      if (!response.ok)
        throw new Error(`Termii answered HTTP ${response.status}${said ? `: ${said}` : ''}`);
      const providerId = body.message_id_str ?? body.message_id;
      if (!providerId || (body.code !== undefined && body.code !== 'ok'))
        throw new Error(`Termii did not accept the message${said ? `: ${said}` : ''}`);
      return { providerId: String(providerId) };
    },
  };
}

/** Termii when `TERMII_API_KEY` and `TERMII_SENDER_ID` are both set, otherwise the local outbox. */
export function defaultSmsTransport(): SmsTransport {
  const apiKey = env('TERMII_API_KEY');
  const senderId = env('TERMII_SENDER_ID');
  return apiKey && senderId
    ? termiiTransport({ apiKey, senderId, baseUrl: env('TERMII_BASE_URL') })
    : outboxSmsTransport();
}

export type SmsResult = { ok: true } | { ok: false; error: string };

export interface SmsSender {
  /**
   * Sends and records the message in sms_outbox (masked number, keyed number, redacted text,
   * outcome). Never throws: a provider failure comes back as `{ ok: false }` for the caller to
   * tell the person to try again.
   */
  send(message: SmsMessage): Promise<SmsResult>;
}

export function createSmsSender(
  db: Kysely<Database>,
  transport: SmsTransport = defaultSmsTransport(),
): SmsSender {
  return {
    async send(message) {
      let error: string | undefined;
      let providerId: string | null = null;
      try {
        ({ providerId } = await transport.send(message));
      } catch (cause) {
        error = redactSecrets(cause instanceof Error ? cause.message : String(cause), [
          ...(message.secrets ?? []),
          message.to,
          message.to.replace(/^\+/, ''),
        ]);
      }
      const status = error ? 'failed' : 'sent';
      // The log line names neither the number nor the code (issue 37.3).
      (error ? log.error : log.info)('sms', {
        transport: transport.name,
        template: message.template,
        status,
        ...(error ? { error } : {}),
      });
      await recordSms(db, {
        to_masked: maskPhone(message.to),
        to_key: keyedPhone(message.to),
        text_body: redactSecrets(message.text, message.secrets),
        template: message.template,
        transport: transport.name,
        status,
        error: error ?? null,
        provider_message_id: providerId,
      }).catch((cause: unknown) => log.error('sms_outbox insert failed', { error: String(cause) }));
      return error ? { ok: false, error } : { ok: true };
    },
  };
}
