import { MessageSchema, parseCustomEmails } from '../../src/schemas/admin.ts';
import { shownName } from '../../src/schemas/text.ts';
import type { ApiContext } from '../_lib/context.ts';
import { json, parseOrThrow, readJson } from '../_lib/http.ts';
import { emailHtml } from '../emails/layout.ts';

/** Messaging (SPEC §2 Messaging panel, §5 Messaging, §8). Admin-only (router). */

/** GET /api/admin/messaging/recipients → `{ users, businesses }` for the Compose tab. */
export async function listRecipients(_request: Request, ctx: ApiContext) {
  const db = await ctx.db();
  const [users, businesses] = await Promise.all([
    db
      .selectFrom('user as u')
      .leftJoin('profiles as p', 'p.user_id', 'u.id')
      .select(['u.id', 'u.email', 'p.display_name'])
      .orderBy('u.created_at', 'desc')
      .execute(),
    db
      .selectFrom('business_registrations')
      .select(['id', 'email', 'business_name', 'business_type', 'status', 'verification_status'])
      .orderBy('business_name')
      .execute(),
  ]);
  return json({
    users: users.map((u) => ({
      id: u.id,
      email: u.email,
      shownName: shownName(u.display_name, u.email),
    })),
    businesses,
  });
}

/** GET /api/admin/messages → `{ sentMessages }` newest first. */
export async function listSentMessages(_request: Request, ctx: ApiContext) {
  const db = await ctx.db();
  return json({
    sentMessages: await db
      .selectFrom('sent_messages')
      .selectAll()
      .orderBy('sent_at', 'desc')
      .execute(),
  });
}

/**
 * POST /api/admin/messages `{ recipient_type, recipients, custom_emails, subject, message }` →
 * 201 `{ sentMessage, sent, failed, skipped }`. Recipients are resolved on the server (ids → e-mails;
 * businesses without an e-mail are skipped), sent in batches through the mailer, and recorded in
 * sent_messages with the outcome per recipient.
 */
export async function sendMessage(request: Request, ctx: ApiContext) {
  const input = parseOrThrow(MessageSchema, await readJson(request));
  const db = await ctx.db();
  let emails: string[];
  let skipped = 0;
  if (input.recipient_type === 'custom') {
    emails = parseCustomEmails(input.custom_emails);
  } else if (input.recipient_type === 'users') {
    const rows = await db
      .selectFrom('user')
      .select('email')
      .where('id', 'in', input.recipients)
      .execute();
    emails = rows.map((r) => r.email);
  } else {
    const rows = await db
      .selectFrom('business_registrations')
      .select('email')
      .where('id', 'in', input.recipients)
      .execute();
    emails = rows.flatMap((r) => (r.email ? [r.email] : []));
    skipped = input.recipients.length - emails.length;
  }
  emails = [...new Set(emails.map((e) => e.toLowerCase()))];
  const paragraphs = input.message.split(/\n{2,}/);
  const outcomes = await (
    await ctx.mailer()
  ).sendToEach(
    {
      subject: input.subject,
      text: `${input.message}\n`,
      html: emailHtml(input.subject, paragraphs),
      template: 'admin-message',
    },
    emails,
  );
  const sent = outcomes.filter((o) => o.status === 'sent').length;
  const admin = await ctx.sessionUser();
  const sentMessage = await db
    .insertInto('sent_messages')
    .values({
      sent_by: admin?.id ?? null,
      recipient_type: input.recipient_type,
      recipients: input.recipient_type === 'custom' ? [] : input.recipients,
      recipient_emails: emails,
      subject: input.subject,
      message: input.message,
      outcomes: JSON.stringify(outcomes),
      sent_count: sent,
      failed_count: outcomes.length - sent,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return json({ sentMessage, sent, failed: outcomes.length - sent, skipped }, 201);
}
