import { openDatabase } from '../../functions/_lib/db.ts';
import { checkEnv } from '../../functions/_lib/env.ts';
import { oneClickUnsubscribe } from '../one-click-unsubscribe.ts';

/**
 * `POST /.netlify/functions/one-click-unsubscribe?token=…`: the monthly summary's RFC 8058
 * one-click address on Netlify (netlify/one-click-unsubscribe.ts, ADR 045). Its default URL,
 * not a `path`: that route is this function's alone, whatever the SSR function matches.
 */
const handler = oneClickUnsubscribe(openDatabase);

export default function oneClick(request: Request): Promise<Response> {
  checkEnv();
  return handler(request);
}
