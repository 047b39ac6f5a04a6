import {
  MessageSchema,
  RecipientsQuerySchema,
  RecipientsResponseSchema,
  SendMessageResponseSchema,
  SentMessageListQuerySchema,
  SentMessageListResponseSchema,
} from '../../common/schemas/messages.ts';
import type { ApiContext } from '../_lib/context.ts';
import { parseOrThrow, queryOf, readJson, reply } from '../_lib/http.ts';
import * as service from './messages.service.ts';

/** Admin messaging (SPEC §2 Messaging panel, §5 Messaging, §8). Every route is admin-only. */

/**
 * GET /api/admin/messaging/recipients?type&q&page&limit → `{ users, businesses, total, page,
 * limit, businessesWithEmail }`: one page (limit ≤ 100) of the Compose tab's people or listings.
 */
export async function listRecipients(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(RecipientsQuerySchema, queryOf(request));
  return reply(RecipientsResponseSchema, await service.listRecipients(await ctx.db(), query));
}

/**
 * GET /api/admin/messages?page&limit → `{ sentMessages, total, page, limit }`: one page (limit
 * ≤ 100) newest first, each with its first 20 recipients and their count.
 */
export async function listSent(request: Request, ctx: ApiContext): Promise<Response> {
  const { page, limit } = parseOrThrow(SentMessageListQuerySchema, queryOf(request));
  const result = await service.listSentMessages(await ctx.db(), page, limit);
  return reply(SentMessageListResponseSchema, { ...result, page, limit });
}

/**
 * POST /api/admin/messages `{ recipient_type, recipients, recipient_set?, custom_emails, subject,
 * message }` →
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
