import type { AstroGlobal } from 'astro';
import {
  LISTING_PHONE_CONFIRMED_MESSAGE,
  LISTING_PHONE_SENT_MESSAGE,
  type ListingPhoneState,
} from '../../common/schemas/listing-phone';
import { answerRefusedRead, callApi, loadErrorOf, NO_STORE, readFormBody } from './form-post';

/** What the owner's phone check page shows (src/pages/account/business/phone.astro). */
export interface ListingPhoneProps {
  /** The page's own address (`?listing=<id>`), where its forms post. */
  action: string;
  /** The listing's state, null when it could not be read (`signedOut`, or `loadError`). */
  listing: ListingPhoneState | null;
  signedOut: boolean;
  loadError: string | null;
  /** `send`: the "Send a code" button; `code`: the code form (a code went out). */
  step: 'send' | 'code';
  notice: string | null;
  error: string | null;
  codeError: string | null;
}

type ApiErrorBody = {
  error?: { code?: string; message?: string; fields?: Record<string, string[]> };
} | null;

const UNEXPECTED = 'An unexpected error occurred. Please try again.';
const LOAD_ERROR = 'This listing is not one of yours, or it does not exist.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Confirm the listing's phone (issue 37.5, ADR 075): plain forms that work without JavaScript,
 * posting to the page, which calls the API in-process. `intent=send` asks for a code and shows
 * the code form; `intent=verify` checks it and answers 303 to `?listing=<id>&confirmed=1`. The
 * number and the code travel only in POST bodies, never in the address.
 */
export async function listingPhonePage(astro: AstroGlobal): Promise<Response | ListingPhoneProps> {
  astro.response.headers.set('cache-control', NO_STORE);
  const raw = astro.url.searchParams.get('listing') ?? '';
  const id = UUID.test(raw) ? raw : '00000000-0000-4000-8000-000000000000';
  const action = `${astro.url.pathname}?listing=${encodeURIComponent(id)}`;
  const props: ListingPhoneProps = {
    action,
    listing: null,
    signedOut: false,
    loadError: null,
    step: 'send',
    notice: astro.url.searchParams.get('confirmed') ? LISTING_PHONE_CONFIRMED_MESSAGE : null,
    error: null,
    codeError: null,
  };

  if (astro.request.method === 'POST') {
    const params = await readFormBody(astro.request);
    const verify = params.get('intent') === 'verify';
    const { response, body } = verify
      ? await callApi(astro, 'POST', `/api/account/listings/${id}/phone/verify`, {
          json: { code: params.get('code') ?? '' },
        })
      : await callApi(astro, 'POST', `/api/account/listings/${id}/phone/code`, { json: {} });
    if (response.ok && verify)
      return new Response(null, {
        status: 303,
        headers: { location: `${action}&confirmed=1`, 'cache-control': NO_STORE },
      });
    if (response.ok) {
      props.step = 'code';
      props.notice = LISTING_PHONE_SENT_MESSAGE;
    } else if (response.status !== 401) {
      astro.response.status = response.status === 403 ? 404 : response.status;
      const retryAfter = response.headers.get('retry-after');
      if (retryAfter) astro.response.headers.set('retry-after', retryAfter);
      const error = (body as ApiErrorBody)?.error;
      const message = error?.message ?? UNEXPECTED;
      const codeField = error?.fields?.code?.[0];
      // A refused code keeps the code form; a refused request for a code keeps the button.
      props.step = verify ? 'code' : 'send';
      if (verify && codeField) props.codeError = codeField;
      else props.error = message;
    }
  }

  const { response, body } = await callApi(astro, 'GET', `/api/account/listings/${id}/phone`);
  if (astro.response.status === 200) answerRefusedRead(astro, response);
  props.signedOut = response.status === 401;
  if (response.ok) props.listing = body as ListingPhoneState;
  else if (!props.signedOut) props.loadError = loadErrorOf(body, LOAD_ERROR);
  return props;
}
