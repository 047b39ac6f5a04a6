import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@sendgrid/client';
import { MailService } from '@sendgrid/mail';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
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
}

/** Where mail goes: SendGrid when configured, the local outbox otherwise. */
export interface MailTransport {
  readonly name: string;
  send(message: MailMessage, from: string): Promise<void>;
}

/**
 * Local outbox: each message is also written as a readable file under `dir` (default
 * `.data/mail`), named by time and subject, for a person (or an e2e test) to open.
 * File errors (read-only serverless disks) are logged, never fatal.
 */
export function outboxTransport(dir = process.env.MAIL_OUTBOX_DIR || '.data/mail'): MailTransport {
  return {
    name: 'outbox',
    async send(message, from) {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const slug = message.subject.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 50);
      const body = [`From: ${from}`, `To: ${message.to.join(', ')}`, `Subject: ${message.subject}`, `Template: ${message.template ?? '-'}`, '', message.text, ''].join('\n');
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, `${stamp}-${slug}.txt`), body, 'utf8');
      } catch (error) {
        log.warn('outbox file not written', { error: String(error) });
      }
    },
  };
}

/**
 * SendGrid (v3 Mail Send) through the official client. `baseUrl` points it at a loopback fake in
 * tests: setApiKey() resets the base URL, so it is set after (DESIGN.md "E-mail").
 */
export function sendgridTransport(options: { apiKey: string; baseUrl?: string | undefined; timeoutMs?: number }): MailTransport {
  const client = new Client();
  client.setApiKey(options.apiKey);
  if (options.baseUrl) client.setDefaultRequest('baseUrl', options.baseUrl);
  client.setDefaultRequest('timeout' as never, (options.timeoutMs ?? 10_000) as never);
  const service = new MailService();
  service.setClient(client);
  return {
    name: 'sendgrid',
    async send(message, from) {
      try {
        await service.send({
          to: message.to,
          from,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          ...(message.template ? { categories: [message.template] } : {}),
        });
      } catch (error) {
        const status = (error as { code?: number }).code;
        throw new Error(status ? `SendGrid answered HTTP ${status}` : `SendGrid unreachable: ${(error as Error).message}`, {
          cause: error,
        });
      }
    },
  };
}

/** SendGrid when SENDGRID_API_KEY is set, otherwise the local outbox. */
export function defaultTransport(): MailTransport {
  const apiKey = process.env.SENDGRID_API_KEY;
  return apiKey ? sendgridTransport({ apiKey, baseUrl: process.env.SENDGRID_BASE_URL }) : outboxTransport();
}

/** Where admin notifications go (ADMIN_NOTIFY_EMAIL). */
export function adminNotifyAddress(): string {
  return process.env.ADMIN_NOTIFY_EMAIL || 'admin@lagosautohub.local';
}

export interface Mailer {
  /** Sends and records the message in mail_outbox. Never throws: returns the failure instead. */
  send(message: MailMessage): Promise<{ ok: true } | { ok: false; error: string }>;
}

/** The sender address (MAIL_FROM). */
export function mailFrom(): string {
  return process.env.MAIL_FROM || 'Lagos Auto Hub <no-reply@lagosautohub.local>';
}

export function createMailer(db: Kysely<Database>, transport: MailTransport = defaultTransport()): Mailer {
  return {
    async send(message) {
      let error: string | undefined;
      try {
        await transport.send(message, mailFrom());
      } catch (cause) {
        error = cause instanceof Error ? cause.message : String(cause);
        log.error('mail not sent', { transport: transport.name, template: message.template, error });
      }
      await db
        .insertInto('mail_outbox')
        .values({
          to_addresses: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
          template: message.template ?? null,
          transport: transport.name,
          status: error ? 'failed' : 'sent',
          error: error ?? null,
        })
        .execute()
        .catch((cause: unknown) => log.error('mail_outbox insert failed', { error: String(cause) }));
      return error ? { ok: false, error } : { ok: true };
    },
  };
}
