import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@sendgrid/client';
import { MailService } from '@sendgrid/mail';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { env } from './env.ts';
import { log } from './log.ts';

/** One e-mail: plain text always, HTML optionally; `template` names the builder for the log. */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  template?: string;
  /** Where replies go (the visitor, for contact notifications). */
  replyTo?: string;
  /**
   * Secrets the message carries (the token of a reset or verification link): delivered, but
   * replaced by `[redacted]` in the mail_outbox log, so the log holds no usable link (issue 12.8).
   */
  secrets?: string[];
  /**
   * Extra headers of this message, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post`
   * (RFC 2369, RFC 8058). Delivered as given; the local outbox file shows them.
   */
  headers?: Record<string, string>;
}

/** `text` with every secret (as is and URL-encoded) replaced by `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)]))
      out = out.replaceAll(form, '[redacted]');
  }
  return out;
}

/** Where mail goes: SendGrid when configured, the local outbox otherwise. */
export interface MailTransport {
  readonly name: string;
  send(message: MailMessage, from: string): Promise<void>;
  /**
   * One message to many recipients, each seeing only their own address (SendGrid
   * personalizations). Optional: without it, the mailer sends one message per recipient.
   */
  sendBatch?(message: Omit<MailMessage, 'to'>, recipients: string[], from: string): Promise<void>;
  /**
   * One template to many recipients, each with their own subject and values (SendGrid
   * personalizations with substitutions: one request per batch). Optional: without it, the
   * mailer renders and sends one message per recipient.
   */
  sendPersonalized?(
    template: MailTemplate,
    recipients: readonly Personalized[],
    from: string,
  ): Promise<void>;
}

/**
 * A message written once for many recipients (ADR 014): `text` holds `{{key}}` tokens and `html`
 * `{{html:key}}` tokens, replaced per recipient by {@link Personalized.values} (HTML-escaped in
 * the HTML body). `subject` is the log's subject; each recipient has their own.
 */
export interface MailTemplate {
  subject: string;
  text: string;
  html?: string;
  template?: string;
}

/** One recipient of a {@link MailTemplate}: the address, their subject and their token values. */
export interface Personalized {
  to: string;
  subject: string;
  values: Record<string, string>;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The substitutions of one recipient: `key` for the text body's `{{key}}` and `html:key`
 * (HTML-escaped) for the HTML body's `{{html:key}}`. The SendGrid helper wraps each key in
 * `{{…}}` (its default substitution wrappers) before sending.
 */
export function substitutionsOf(recipient: Personalized): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const [key, value] of Object.entries(recipient.values)) {
    pairs[key] = value;
    pairs[`html:${key}`] = escapeHtml(value);
  }
  return pairs;
}

/** The message one recipient of a template receives, rendered locally. */
export function renderPersonalized(template: MailTemplate, recipient: Personalized): MailMessage {
  const pairs = Object.entries(substitutionsOf(recipient)).map(
    ([key, value]) => [`{{${key}}}`, value] as const,
  );
  const fill = (text: string) =>
    pairs.reduce((out, [token, value]) => out.replaceAll(token, value), text);
  return {
    to: [recipient.to],
    subject: recipient.subject,
    text: fill(template.text),
    ...(template.html ? { html: fill(template.html) } : {}),
    ...(template.template ? { template: template.template } : {}),
  };
}

/** SendGrid accepts at most 1000 personalizations per request (DESIGN.md "E-mail"). */
export const MAX_BATCH = 1000;

/**
 * Local outbox: each message is also written as a readable file under `dir` (default
 * `.data/mail`), named by time and subject, for a person (or an e2e test) to open. The file is
 * the delivered e-mail (the local stand-in of the recipient's inbox), so it carries the real
 * links; the mail_outbox row is the log and has its secrets redacted.
 * File errors (read-only serverless disks) are logged, never fatal.
 */
export function outboxTransport(dir = env('MAIL_OUTBOX_DIR')): MailTransport {
  const transport: MailTransport = {
    name: 'outbox',
    async sendPersonalized(template, recipients, from) {
      for (const recipient of recipients)
        await transport.send(renderPersonalized(template, recipient), from);
    },
    async send(message, from) {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const slug = message.subject
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .slice(0, 50);
      const body = [
        `From: ${from}`,
        `To: ${message.to.join(', ')}`,
        `Subject: ${message.subject}`,
        `Template: ${message.template ?? '-'}`,
        ...Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
        '',
        message.text,
        '',
      ].join('\n');
      try {
        await mkdir(dir, { recursive: true });
        // Messages sent in the same millisecond share a stamp and often a subject: a random suffix
        // keeps every one of them (Find It notifies many businesses at once).
        await writeFile(
          path.join(dir, `${stamp}-${slug}-${crypto.randomUUID().slice(0, 8)}.txt`),
          body,
          'utf8',
        );
      } catch (error) {
        log.warn('outbox file not written', { error: String(error) });
      }
    },
  };
  return transport;
}

/**
 * SendGrid (v3 Mail Send) through the official client. `baseUrl` points it at a loopback fake in
 * tests: setApiKey() resets the base URL, so it is set after (DESIGN.md "E-mail").
 */
export function sendgridTransport(options: {
  apiKey: string;
  baseUrl?: string | undefined;
  timeoutMs?: number;
}): MailTransport {
  const client = new Client();
  client.setApiKey(options.apiKey);
  if (options.baseUrl) client.setDefaultRequest('baseUrl', options.baseUrl);
  client.setDefaultRequest('timeout' as never, (options.timeoutMs ?? 8_000) as never);
  const service = new MailService();
  service.setClient(client);
  // The client's ResponseError carries the HTTP status as a number in `code`; network errors
  // (timeouts, refused connections) carry a string code such as ECONNABORTED.
  const explain = (error: unknown) => {
    const code = (error as { code?: unknown }).code;
    return new Error(
      typeof code === 'number'
        ? `SendGrid answered HTTP ${code}`
        : `SendGrid unreachable: ${(error as Error).message}`,
      { cause: error },
    );
  };
  return {
    name: 'sendgrid',
    async sendPersonalized(template, recipients, from) {
      try {
        await service.send({
          personalizations: recipients.map((recipient) => ({
            to: [{ email: recipient.to }],
            subject: recipient.subject,
            substitutions: substitutionsOf(recipient),
          })),
          substitutionWrappers: ['{{', '}}'],
          from,
          subject: template.subject,
          content: [
            { type: 'text/plain', value: template.text },
            ...(template.html ? [{ type: 'text/html', value: template.html }] : []),
          ],
          ...(template.template ? { categories: [template.template] } : {}),
        } as never);
      } catch (error) {
        throw explain(error);
      }
    },
    async sendBatch(message, recipients, from) {
      try {
        await service.send({
          personalizations: recipients.map((email) => ({ to: [{ email }] })),
          from,
          subject: message.subject,
          content: [
            { type: 'text/plain', value: message.text },
            ...(message.html ? [{ type: 'text/html', value: message.html }] : []),
          ],
          ...(message.template ? { categories: [message.template] } : {}),
        } as never);
      } catch (error) {
        throw explain(error);
      }
    },
    async send(message, from) {
      try {
        await service.send({
          to: message.to,
          from,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
          ...(message.template ? { categories: [message.template] } : {}),
        });
      } catch (error) {
        throw explain(error);
      }
    },
  };
}

/** SendGrid when SENDGRID_API_KEY is set, otherwise the local outbox. */
export function defaultTransport(): MailTransport {
  const apiKey = env('SENDGRID_API_KEY');
  return apiKey
    ? sendgridTransport({ apiKey, baseUrl: env('SENDGRID_BASE_URL') })
    : outboxTransport();
}

/** Where admin notifications go (ADMIN_NOTIFY_EMAIL). */
export function adminNotifyAddress(): string {
  return env('ADMIN_NOTIFY_EMAIL');
}

export type SendResult = { ok: true } | { ok: false; error: string };

export interface Mailer {
  /** Sends and records the message in mail_outbox. Never throws: returns the failure instead. */
  send(message: MailMessage): Promise<SendResult>;
  /**
   * Sends one message to many recipients in batches of {@link MAX_BATCH}; a failed batch fails
   * its recipients only. Returns one outcome per recipient, in order.
   */
  sendToEach(
    message: Omit<MailMessage, 'to'>,
    recipients: string[],
  ): Promise<{ email: string; status: 'sent' | 'failed'; error?: string }[]>;
  /**
   * Sends a template to many recipients, each with their own subject and values, in batches of
   * {@link MAX_BATCH} (one SendGrid request per batch, one mail_outbox row per batch); a failed
   * batch fails its recipients only. Returns one outcome per recipient, in order. Never throws.
   */
  sendPersonalized(
    template: MailTemplate,
    recipients: readonly Personalized[],
  ): Promise<{ email: string; status: 'sent' | 'failed'; error?: string }[]>;
}

/** The sender address (MAIL_FROM). */
export function mailFrom(): string {
  return env('MAIL_FROM');
}

export function createMailer(
  db: Kysely<Database>,
  transport: MailTransport = defaultTransport(),
): Mailer {
  /** Runs one delivery and logs it in mail_outbox with its outcome; never throws. */
  async function deliver(message: MailMessage, run: () => Promise<void>): Promise<SendResult> {
    let error: string | undefined;
    try {
      await run();
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
      log.error('mail not sent', { transport: transport.name, template: message.template, error });
    }
    await db
      .insertInto('mail_outbox')
      .values({
        to_addresses: message.to,
        subject: message.subject,
        text_body: redactSecrets(message.text, message.secrets),
        html_body: message.html === undefined ? null : redactSecrets(message.html, message.secrets),
        template: message.template ?? null,
        transport: transport.name,
        status: error ? 'failed' : 'sent',
        error: error ?? null,
      })
      .execute()
      .catch((cause: unknown) => log.error('mail_outbox insert failed', { error: String(cause) }));
    return error ? { ok: false, error } : { ok: true };
  }

  return {
    send: (message) => deliver(message, () => transport.send(message, mailFrom())),
    async sendToEach(message, recipients) {
      const outcomes: { email: string; status: 'sent' | 'failed'; error?: string }[] = [];
      const record = (email: string, result: SendResult) =>
        outcomes.push(
          result.ok ? { email, status: 'sent' } : { email, status: 'failed', error: result.error },
        );
      for (let start = 0; start < recipients.length; start += MAX_BATCH) {
        const batch = recipients.slice(start, start + MAX_BATCH);
        const sendBatch = transport.sendBatch?.bind(transport);
        if (sendBatch) {
          const result = await deliver({ ...message, to: batch }, () =>
            sendBatch(message, batch, mailFrom()),
          );
          batch.forEach((email) => record(email, result));
        } else {
          for (const email of batch) {
            const single = { ...message, to: [email] };
            record(email, await deliver(single, () => transport.send(single, mailFrom())));
          }
        }
      }
      return outcomes;
    },
    async sendPersonalized(template, recipients) {
      const outcomes: { email: string; status: 'sent' | 'failed'; error?: string }[] = [];
      const send = transport.sendPersonalized?.bind(transport);
      for (let start = 0; start < recipients.length; start += MAX_BATCH) {
        const batch = recipients.slice(start, start + MAX_BATCH);
        const logged: MailMessage = { ...template, to: batch.map((r) => r.to) };
        const result = await deliver(logged, async () => {
          if (send) await send(template, batch, mailFrom());
          else
            for (const recipient of batch)
              await transport.send(renderPersonalized(template, recipient), mailFrom());
        });
        for (const recipient of batch)
          outcomes.push(
            result.ok
              ? { email: recipient.to, status: 'sent' }
              : { email: recipient.to, status: 'failed', error: result.error },
          );
      }
      return outcomes;
    },
  };
}
