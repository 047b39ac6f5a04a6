import { BusinessRegistrationSchema } from '../../src/schemas/forms.ts';
import type { ApiContext } from '../_lib/context.ts';
import { guardPublicForm } from '../_lib/forms.ts';
import { json, parseOrThrow, readJson } from '../_lib/http.ts';
import { createRegistration, notifyNewRegistration } from './registrations.service.ts';

/**
 * POST /api/registrations (List Your Business) → 201 `{ id, emailStatus }`.
 * 409 CONFLICT for a duplicate e-mail, 422 with field messages, 429 past 5 per hour per IP.
 */
export async function submitRegistration(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(BusinessRegistrationSchema, await readJson(request));
  if (await guardPublicForm(ctx, 'registration', input.hp, 5))
    return json({ id: crypto.randomUUID(), emailStatus: 'sent' }, 201);
  const db = await ctx.db();
  const { id } = await createRegistration(db, input);
  const emailStatus = await notifyNewRegistration(db, await ctx.mailer(), id, input);
  return json({ id, emailStatus }, 201);
}
