import type { IncomingHttpHeaders } from 'node:http';
import { serveLoopbackFake } from './loopback.ts';

/**
 * A loopback fake of SendGrid's v3 Mail Send API (DESIGN.md "E-mail"): the real @sendgrid/client
 * is pointed at it with `setDefaultRequest('baseUrl', fake.baseUrl)`. It records every request
 * and answers 202 with an empty body, like SendGrid; fault modes make it answer an error or hang.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined when the body was not JSON). */
  body: SendGridMailBody;
  raw: string;
}

/** The parts of the v3 Mail Send body the tests read. */
export interface SendGridMailBody {
  personalizations: { to: { email: string; name?: string }[]; cc?: unknown; bcc?: unknown }[];
  from: { email: string; name?: string };
  reply_to?: { email: string; name?: string };
  subject: string;
  content: { type: string; value: string }[];
  categories?: string[];
  [key: string]: unknown;
}

export type FailStatus = 400 | 401 | 403 | 429 | 451 | 500 | 502 | 503;

export interface FakeSendGrid {
  baseUrl: string;
  /** Every request received, in arrival order (also the ones answered with an error or hung). */
  requests: RecordedRequest[];
  /** Answer every following request with `status` and a SendGrid-style `{ errors: [...] }` body. */
  fail(status: FailStatus, message?: string): void;
  /** Never answer following requests (the client's timeout fires). */
  hang(): void;
  /** Back to 202 for everything; clears `requests` and releases hung requests. */
  reset(): void;
  stop(): Promise<void>;
}

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Bad Request',
  401: 'The provided authorization grant is invalid, expired, or revoked',
  403: 'The from address does not match a verified Sender Identity.',
  429: 'too many requests',
  451: 'Unavailable for legal reasons',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
};

export async function start(options: { apiKey?: string } = {}): Promise<FakeSendGrid> {
  const apiKey = options.apiKey;
  const requests: RecordedRequest[] = [];
  const fake = await serveLoopbackFake<FailStatus>({
    messages: DEFAULT_MESSAGES,
    onReset: () => {
      requests.length = 0;
    },
    respond({ method, path, headers, raw, json: body }, res, mode, hold) {
      requests.push({ method, path, headers, body: body as SendGridMailBody, raw });

      const sendErrors = (status: number, message: string, field: string | null = null) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message, field, help: null }] }));
      };
      if (method !== 'POST' || path !== '/v3/mail/send') return sendErrors(404, 'Not found');
      const auth = headers.authorization ?? '';
      if (!/^Bearer \S+$/.test(auth) || (apiKey && auth !== `Bearer ${apiKey}`)) {
        return sendErrors(401, DEFAULT_MESSAGES[401]!);
      }
      if (body === undefined || typeof body !== 'object')
        return sendErrors(400, 'Bad Request', 'body');
      if (mode.kind === 'hang') return hold();
      if (mode.kind === 'fail') return sendErrors(mode.status, mode.message);
      res.writeHead(202, { 'x-message-id': `fake-${requests.length}` });
      res.end();
    },
  });
  return { ...fake, requests };
}
