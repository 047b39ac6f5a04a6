import {
  MessageSchema,
  RecipientsResponseSchema,
  SendMessageResponseSchema,
  SentMessageListResponseSchema,
} from '../../src/schemas/messages.ts';
import type { ApiContext } from '../_lib/context.ts';
import { parseOrThrow, readJson, reply } from '../_lib/http.ts';
import * as service from './messages.service.ts';

/** Admin messaging (SPEC §2 Messaging panel, §5 Messaging, §8). Every route is admin-only. */

/** GET /api/admin/messaging/recipients → `{ users, businesses }` for the Compose tab. */
export async function listRecipients(_request: Request, ctx: ApiContext): Promise<Response> {
  return reply(RecipientsResponseSchema, await service.listRecipients(await ctx.db()));
}

/** GET /api/admin/messages → `{ sentMessages }` newest first. */
export async function listSent(_request: Request, ctx: ApiContext): Promise<Response> {
  return reply(SentMessageListResponseSchema, {
    sentMessages: await service.listSentMessages(await ctx.db()),
  });
}

/**
 * POST /api/admin/messages `{ recipient_type, recipients, custom_emails, subject, message }` →
 * 201 `{ sentMessage, sent, failed, skipped }` (see the service). 422 with the SPEC §8 messages,
 * or for a listing id that is not a uuid.
 */
export async function send(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(MessageSchema, await readJson(request));
  const admin = await ctx.sessionUser();
  const result = await service.sendMessage(
    await ctx.db(),
    await ctx.mailer(),
    input,
    admin?.id ?? null,
  );
  return reply(SendMessageResponseSchema, result, 201);
}
