import type { Kysely } from 'kysely';
import {
  parseCustomEmails,
  type Message,
  type Recipients,
  type RecipientsQuery,
} from '../../common/schemas/messages.ts';
import { shownName } from '../../common/schemas/text.ts';
import { pageWindow } from '../_lib/paging.ts';
import type { Mailer } from '../_lib/mail.ts';
import type { Database } from '../db/database.ts';
import { emailHtml } from '../emails/layout.ts';
import * as repository from './messages.repository.ts';
import type { SentMessageSummary } from './messages.repository.ts';

/** Admin messaging (SPEC §2 Messaging panel, §5 Messaging, §8). */
type Db = Kysely<Database>;

/**
 * One page of the accounts (with their shown name) or listings the Compose tab offers, the
 * matches in all, and the size of the "all businesses with an e-mail" set.
 */
export async function listRecipients(db: Db, query: RecipientsQuery): Promise<Recipients> {
  const page = pageWindow(query);
  const businessesWithEmail = repository.countBusinessesWithEmail(db);
  if (query.type === 'users') {
    const [users, total] = await Promise.all([
      repository.listUserRecipients(db, query.q, page),
      repository.countUserRecipients(db, query.q),
    ]);
    return {
      users: users.map((u) => ({
        id: u.id,
        email: u.email,
        shownName: shownName(u.display_name, u.email),
      })),
      businesses: [],
      total,
      page: query.page,
      limit: query.limit,
      businessesWithEmail: await businessesWithEmail,
    };
  }
  const [businesses, total] = await Promise.all([
    repository.listBusinessRecipients(db, query.q, page),
    repository.countBusinessRecipients(db, query.q),
  ]);
  return {
    users: [],
    businesses,
    total,
    page: query.page,
    limit: query.limit,
    businessesWithEmail: await businessesWithEmail,
  };
}

/** One page of sent messages, newest first, and how many there are. */
export async function listSentMessages(
  db: Db,
  page: number,
  limit: number,
): Promise<{ sentMessages: SentMessageSummary[]; total: number }> {
  const [sentMessages, total] = await Promise.all([
    repository.listSent(db, pageWindow({ page, limit })),
    repository.countSent(db),
  ]);
  return { sentMessages, total };
}

/**
 * Sends one message: recipients are resolved on the server (ids → e-mails; businesses without an
 * e-mail are `skipped`; `all_businesses_with_email` → every listing's e-mail, ADR 014),
 * lower-cased and de-duplicated, sent in batches through the mailer, and
 * recorded in sent_messages by `adminId` with the outcome per recipient. Never throws for a
 * failed delivery: it is counted in `failed`.
 */
export async function sendMessage(
  db: Db,
  mailer: Mailer,
  input: Message,
  adminId: string | null,
): Promise<{ sentMessage: SentMessageSummary; sent: number; failed: number; skipped: number }> {
  let emails: string[];
  let skipped = 0;
  if (input.recipient_type === 'custom') {
    emails = parseCustomEmails(input.custom_emails);
  } else if (input.recipient_set === 'all_businesses_with_email') {
    emails = await repository.allBusinessEmails(db);
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
    recipients: input.recipient_type === 'custom' || input.recipient_set ? [] : input.recipients,
    recipient_emails: emails,
    subject: input.subject,
    message: input.message,
    outcomes: JSON.stringify(outcomes),
    sent_count: sent,
    failed_count: outcomes.length - sent,
  });
  return { sentMessage, sent, failed: outcomes.length - sent, skipped };
}
