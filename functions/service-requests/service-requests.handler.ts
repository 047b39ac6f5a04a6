import { FindItSchema } from '../../src/schemas/forms.ts';
import type { ApiContext } from '../_lib/context.ts';
import { guardPublicForm } from '../_lib/forms.ts';
import { json, parseOrThrow, readJson } from '../_lib/http.ts';
import { createServiceRequest, notifyServiceRequest } from './service-requests.service.ts';

/**
 * POST /api/service-requests (Find It) → 201 `{ id, emailStatus }`. The request is saved before
 * any e-mail; `emailStatus: failed` lets the page show "Request Submitted: Your request has been
 * saved..." (SPEC §8). 429 past 10 per hour per IP.
 */
export async function submitServiceRequest(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(FindItSchema, await readJson(request));
  if (await guardPublicForm(ctx, 'find-it', input.hp, 10))
    return json({ id: crypto.randomUUID(), emailStatus: 'sent' }, 201);
  const db = await ctx.db();
  const id = await createServiceRequest(db, input);
  const emailStatus = await notifyServiceRequest(db, await ctx.mailer(), id, input);
  return json({ id, emailStatus }, 201);
}
