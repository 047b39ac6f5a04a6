/**
 * A readable cookie that only says "a session may exist", so static pages skip the session
 * request for visitors (ADR 006). It carries no secret: the session itself is the HttpOnly
 * cookie. Set and cleared by the auth API, read and cleared by the session store.
 */
export const SESSION_HINT_COOKIE = 'la_signed_in';
