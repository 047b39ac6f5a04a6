import { ContactFormSchema } from '../../src/schemas/forms.ts';
import type { ApiContext } from '../_lib/context.ts';
import { guardPublicForm } from '../_lib/forms.ts';
import { json, parseOrThrow, readJson } from '../_lib/http.ts';
import { adminNotifyAddress } from '../_lib/mail.ts';
import { contactNotification } from '../emails/notifications.ts';

/**
 * POST /api/contacts (Contact form) → 201 `{ id, emailStatus }`. Stored as pending first (SPEC §4),
 * then the notification is sent by the server (no e-mail keys in the browser). 429 past 10 per hour per IP.
 */
export async function submitContact(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(ContactFormSchema, await readJson(request));
  if (await guardPublicForm(ctx, 'contact', input.hp, 10))
    return json({ id: crypto.randomUUID(), emailStatus: 'sent' }, 201);
  const db = await ctx.db();
  const { id } = await db
    .insertInto('contacts')
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
      status: 'pending',
      handled_at: null,
      handled_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const result = await (
    await ctx.mailer()
  ).send(
    contactNotification(adminNotifyAddress(), {
      from_name: input.name,
      from_email: input.email,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
    }),
  );
  const emailStatus = result.ok ? 'sent' : 'failed';
  await db
    .updateTable('contacts')
    .set({ email_status: emailStatus })
    .where('id', '=', id)
    .execute();
  return json({ id, emailStatus }, 201);
}
