import type { DatabaseHandle } from '../functions/_lib/db.ts';
import { AppError } from '../functions/_lib/errors.ts';
import { log } from '../functions/_lib/log.ts';
import {
  setMonthlySummary,
  verifyUnsubscribeToken,
} from '../functions/monthly-summary/monthly-summary.service.ts';

/**
 * The RFC 8058 one-click unsubscribe on Netlify (issue 27.3, ADR 045), served by a function of
 * its own at `/.netlify/functions/one-click-unsubscribe?token=…`: the API's
 * `POST /api/email/unsubscribe` runs inside Astro's SSR function there, whose origin check
 * refuses a form POST without a same-origin `Origin`, which is what a mail provider sends.
 * POST (any body; `List-Unsubscribe=One-Click`): 200 `Unsubscribed.` and the monthly summary off;
 * 400 for a token that does not verify (before any database work), 405 for another method.
 * @param open opens the database (Postgres/Neon on Netlify); closed after each request.
 */
export function oneClickUnsubscribe(open: () => Promise<DatabaseHandle>) {
  return async (request: Request): Promise<Response> => {
    const text = (status: number, body: string, headers: Record<string, string> = {}) =>
      new Response(body, {
        status,
        headers: {
          'content-type': 'text/plain; charset=utf-8',
          'cache-control': 'no-store',
          ...headers,
        },
      });
    if (request.method !== 'POST') return text(405, 'Method not allowed', { allow: 'POST' });
    let userId: string;
    try {
      userId = verifyUnsubscribeToken(new URL(request.url).searchParams.get('token') ?? '');
    } catch (error) {
      return text(400, (error as AppError).message);
    }
    const handle = await open();
    try {
      await setMonthlySummary(handle.db, userId, false);
      return text(200, 'Unsubscribed.');
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return text(400, error.message);
      log.error('one-click unsubscribe failed', { error: String(error) });
      return text(500, 'Something went wrong. Please use the link in the e-mail instead.');
    } finally {
      await handle.close();
    }
  };
}
