import type { Kysely } from 'kysely';
import { parseCustomEmails, type Message, type Recipients } from '../../src/schemas/messages.ts';
import { shownName } from '../../src/schemas/text.ts';
import type { Mailer } from '../_lib/mail.ts';
import type { Database } from '../db/database.ts';
import { emailHtml } from '../emails/layout.ts';
import * as repository from './messages.repository.ts';
import type { SentMessageRow } from './messages.repository.ts';

/** Admin messaging (SPEC §2 Messaging panel, §5 Messaging, §8). */
type Db = Kysely<Database>;

/** The accounts (with their shown name) and listings the Compose tab offers. */
export async function listRecipients(db: Db) {
  const [users, businesses] = await Promise.all([
    repository.listUserRecipients(db),
    repository.listBusinessRecipients(db),
  ]);
  return {
    users: users.map((u) => ({
      id: u.id,
      email: u.email,
      shownName: shownName(u.display_name, u.email),
    })),
    businesses,
  } satisfies Recipients;
}

export function listSentMessages(db: Db): Promise<SentMessageRow[]> {
  return repository.listSent(db);
}

/**
 * Sends one message: recipients are resolved on the server (ids → e-mails; businesses without an
 * e-mail are `skipped`), lower-cased and de-duplicated, sent in batches through the mailer, and
 * recorded in sent_messages by `adminId` with the outcome per recipient. Never throws for a
 * failed delivery: it is counted in `failed`.
 */
export async function sendMessage(
  db: Db,
  mailer: Mailer,
  input: Message,
  adminId: string | null,
): Promise<{ sentMessage: SentMessageRow; sent: number; failed: number; skipped: number }> {
  let emails: string[];
  let skipped = 0;
  if (input.recipient_type === 'custom') {
    emails = parseCustomEmails(input.custom_emails);
  } else if (input.recipient_type === 'users') {
    emails = await repository.userEmails(db, input.recipients);
  } else {
    emails = await repository.businessEmails(db, input.recipients);
    skipped = input.recipients.length - emails.length;
  }
  emails = [...new Set(emails.map((e) => e.toLowerCase()))];
  const outcomes = await mailer.sendToEach(
    {
      subject: input.subject,
      text: `${input.message}\n`,
      html: emailHtml(input.subject, input.message.split(/\n{2,}/)),
      template: 'admin-message',
    },
    emails,
  );
  const sent = outcomes.filter((o) => o.status === 'sent').length;
  const sentMessage = await repository.insertSent(db, {
    sent_by: adminId,
    recipient_type: input.recipient_type,
    recipients: input.recipient_type === 'custom' ? [] : input.recipients,
    recipient_emails: emails,
    subject: input.subject,
    message: input.message,
    outcomes: JSON.stringify(outcomes),
    sent_count: sent,
    failed_count: outcomes.length - sent,
  });
  return { sentMessage, sent, failed: outcomes.length - sent, skipped };
}
