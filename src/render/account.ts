import type { AstroGlobal } from 'astro';
import {
  type AccountIdentity,
  EMAIL_LINK_SENT_MESSAGE,
  PHONE_ADDED_MESSAGE,
} from '../../common/schemas/account';
import { VERIFY_RETURN_COOKIE, VERIFY_RETURN_COOKIE_PATH } from '../../common/schemas/auth';
import { localFormat, nigerianMobile } from '../../common/schemas/nigerian-mobile';
import { PHONE_CODE_SENT_MESSAGE } from '../../common/schemas/phone-auth';
import { answerRefusedRead, callApi, loadErrorOf, NO_STORE, readFormBody } from './form-post';

/** What the account page shows (src/pages/account/index.astro). */
export interface AccountProps {
  /** The page's own address, where its forms post. */
  action: string;
  account: AccountIdentity | null;
  signedOut: boolean;
  loadError: string | null;
  /** `number`: the add-a-phone form; `code`: the code form (a code went to `phone`). */
  phoneStep: 'number' | 'code';
  /** What was typed (the number step), or the E.164 number the code went to. */
  phone: string;
  shownPhone: string;
  /** The e-mail typed, shown again when it was refused. */
  email: string;
  notice: string | null;
  error: string | null;
  fieldErrors: { phone?: string; code?: string; email?: string };
}

type ApiErrorBody = {
  error?: { code?: string; message?: string; fields?: Record<string, string[]> };
} | null;

const UNEXPECTED = 'An unexpected error occurred. Please try again.';
const LOAD_ERROR = 'We could not load your account. Please try again.';
const EMAIL_CONFIRMED = 'Your e-mail address is confirmed.';
const EMAIL_LINK_BAD = 'That link is invalid or has expired. Ask for a new one below.';

/**
 * The signed-in account's page (issue 37.1, ADR 078): plain forms that work without JavaScript,
 * posting to the page, which calls the API in-process (as the phone sign-in page does).
 * `intent=send` (or `resend`) asks for a code and shows the code form with the number in a hidden
 * field; `intent=verify` confirms it and answers 303 to `?phone=1`; `intent=email` sends the
 * confirmation link to the e-mail a phone-only account adds, whose link comes back here. Neither
 * the number nor the code is ever in the address.
 */
export async function accountPage(astro: AstroGlobal): Promise<Response | AccountProps> {
  astro.response.headers.set('cache-control', NO_STORE);
  const action = astro.url.pathname;
  const query = astro.url.searchParams;
  const props: AccountProps = {
    action,
    account: null,
    signedOut: false,
    loadError: null,
    phoneStep: 'number',
    phone: '',
    shownPhone: '',
    email: '',
    notice: query.get('phone')
      ? PHONE_ADDED_MESSAGE
      : query.get('email_verified') === '1'
        ? EMAIL_CONFIRMED
        : null,
    error: query.get('email_verified') === '0' ? EMAIL_LINK_BAD : null,
    fieldErrors: {},
  };

  if (astro.request.method === 'POST') {
    const params = await readFormBody(astro.request);
    const intent = params.get('intent') ?? '';
    const typed = (params.get('phone') ?? '').slice(0, 40);
    const e164 = nigerianMobile(typed);
    const call =
      intent === 'email'
        ? callApi(astro, 'POST', '/api/account/email', {
            json: { email: (params.get('email') ?? '').slice(0, 300) },
          })
        : intent === 'verify' && e164
          ? callApi(astro, 'POST', '/api/account/phone/verify', {
              json: { phone: e164, code: params.get('code') ?? '' },
            })
          : callApi(astro, 'POST', '/api/account/phone/code', { json: { phone: typed } });
    const { response, body } = await call;
    if (response.ok && intent === 'verify')
      return new Response(null, {
        status: 303,
        headers: { location: `${action}?phone=1`, 'cache-control': NO_STORE },
      });
    if (response.ok && intent === 'email') {
      // The link, opened in this browser, comes back to this page.
      astro.cookies.set(VERIFY_RETURN_COOKIE, action, {
        path: VERIFY_RETURN_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: astro.url.protocol === 'https:',
        maxAge: 24 * 60 * 60,
      });
      props.notice = EMAIL_LINK_SENT_MESSAGE;
    } else if (response.ok && e164) {
      Object.assign(props, {
        phoneStep: 'code',
        phone: e164,
        shownPhone: localFormat(e164),
        notice: PHONE_CODE_SENT_MESSAGE,
      });
    } else if (response.status !== 401) {
      astro.response.status = response.ok ? 500 : response.status;
      const retryAfter = response.headers.get('retry-after');
      if (retryAfter) astro.response.headers.set('retry-after', retryAfter);
      const error = (body as ApiErrorBody)?.error;
      const validation = error?.code === 'VALIDATION_FAILED';
      const message = error?.message ?? UNEXPECTED;
      const field = (name: string) => error?.fields?.[name]?.[0];
      // A refused code (or a refused new code) keeps the code form for the number it went to.
      const onCode = (intent === 'verify' || intent === 'resend') && e164;
      props.phoneStep = onCode ? 'code' : 'number';
      props.phone = onCode ? e164 : typed;
      props.shownPhone = e164 ? localFormat(e164) : '';
      if (intent === 'email') props.email = (params.get('email') ?? '').slice(0, 300);
      props.fieldErrors = {
        phone: field('phone'),
        code: field('code') ?? (validation && intent === 'verify' ? message : undefined),
        email: field('email'),
      };
      props.error = validation ? null : message;
    }
  }

  const { response, body } = await callApi(astro, 'GET', '/api/account');
  if (astro.response.status === 200) answerRefusedRead(astro, response);
  props.signedOut = response.status === 401;
  if (response.ok) props.account = body as AccountIdentity;
  else if (!props.signedOut) props.loadError = loadErrorOf(body, LOAD_ERROR);
  return props;
}
