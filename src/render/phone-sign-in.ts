import type { AstroGlobal } from 'astro';
import { safeNextPath } from '../../common/schemas/auth';
import { localFormat, nigerianMobile } from '../../common/schemas/nigerian-mobile';
import { PHONE_CODE_SENT_MESSAGE } from '../../common/schemas/phone-auth';
import { callApi, NO_STORE, readFormBody } from './form-post';

/** Which form the phone sign-in page shows: the number, or the code sent to it. */
export interface PhoneSignInProps {
  /** The page's own address (with `?next=`), where both forms post. */
  action: string;
  step: 'number' | 'code';
  /** What the person typed (the number step), or the E.164 number the code went to. */
  phone: string;
  /** The number as Lagos writes it, for "We sent a code to …". */
  shownPhone: string;
  notice: string | null;
  /** The refusal above the form (a limit, a provider failure). */
  error: string | null;
  fieldErrors: { phone?: string; code?: string };
}

type ApiErrorBody = {
  error?: { code?: string; message?: string; fields?: Record<string, string[]> };
} | null;

const UNEXPECTED = 'An unexpected error occurred. Please try again.';

/**
 * Sign up or sign in with a phone number (issue 37.1, ADR 067), a page of two plain forms that
 * work without JavaScript and on the first tap: the number (`intent=send`) posts to the page,
 * which asks the API for a code in-process and shows the code form, the number in a hidden field
 * (never in the address); the code (`intent=verify`) signs in and answers 303 to `?next=` (or the
 * home page) with the session cookie. Returns the redirect to send, or the page's props.
 */
export async function phoneSignIn(astro: AstroGlobal): Promise<Response | PhoneSignInProps> {
  astro.response.headers.set('cache-control', NO_STORE);
  const next = safeNextPath(astro.url.searchParams.get('next'));
  const action = next
    ? `${astro.url.pathname}?next=${encodeURIComponent(next)}`
    : astro.url.pathname;
  const fresh: PhoneSignInProps = {
    action,
    step: 'number',
    phone: '',
    shownPhone: '',
    notice: null,
    error: null,
    fieldErrors: {},
  };
  if (astro.request.method !== 'POST') return fresh;

  const params = await readFormBody(astro.request);
  const typed = (params.get('phone') ?? '').slice(0, 40);
  const e164 = nigerianMobile(typed);
  const refusal = (body: unknown) => {
    const error = (body as ApiErrorBody)?.error;
    return {
      message: error?.message ?? UNEXPECTED,
      fields: error?.fields ?? {},
      validation: error?.code === 'VALIDATION_FAILED',
    };
  };
  const keepStatus = (response: Response) => {
    astro.response.status = response.status;
    const retryAfter = response.headers.get('retry-after');
    if (retryAfter) astro.response.headers.set('retry-after', retryAfter);
  };

  if (params.get('intent') === 'verify' && e164) {
    const { response, body } = await callApi(astro, 'POST', '/api/auth/phone/verify', {
      json: { phone: e164, code: params.get('code') ?? '' },
    });
    if (response.ok) {
      const answer = new Response(null, {
        status: 303,
        headers: { location: next ?? '/', 'cache-control': NO_STORE },
      });
      for (const cookie of response.headers.getSetCookie())
        answer.headers.append('set-cookie', cookie);
      return answer;
    }
    keepStatus(response);
    const { message, fields, validation } = refusal(body);
    return {
      ...fresh,
      step: 'code',
      phone: e164,
      shownPhone: localFormat(e164),
      error: validation ? null : message,
      fieldErrors: { code: fields.code?.[0] ?? (validation ? message : undefined) },
    };
  }

  const { response, body } = await callApi(astro, 'POST', '/api/auth/phone/code', {
    json: { phone: typed },
  });
  if (response.ok && e164)
    return {
      ...fresh,
      step: 'code',
      phone: e164,
      shownPhone: localFormat(e164),
      notice: PHONE_CODE_SENT_MESSAGE,
    };
  keepStatus(response);
  const { message, fields, validation } = refusal(body);
  // A refused new code leaves the person on the code form when they were already there.
  const onCode = params.get('intent') === 'resend' && e164;
  return {
    ...fresh,
    step: onCode ? 'code' : 'number',
    phone: onCode ? e164 : typed,
    shownPhone: e164 ? localFormat(e164) : '',
    error: validation ? null : message,
    fieldErrors: { phone: fields.phone?.[0] },
  };
}
