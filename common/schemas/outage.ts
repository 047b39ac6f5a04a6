/**
 * What the API and the site say while the database cannot be reached (issue 23.2, ADR 029), in
 * one place for the server (functions/_lib/db-resilience.ts, the 503 page) and the browser
 * (src/browser/api-client.ts). No Zod here: islands import it without the schema library.
 */

/**
 * The code of the error envelope while the database cannot be reached (issue 23.2): the API
 * answers 503 with it and a `Retry-After`, the pages the site's own 503 page.
 */
export const DATABASE_UNAVAILABLE = 'DATABASE_UNAVAILABLE';

/** Seconds a client is asked to wait (`Retry-After`) while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_S = 30;

/** The message of {@link DATABASE_UNAVAILABLE}: the API's envelope and the 503 page say it. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "We can't reach our directory right now. Please try again in a minute.";

/**
 * What a form shows when its POST was answered {@link DATABASE_UNAVAILABLE}: nothing was saved,
 * and what the visitor typed stays in the form.
 */
export const NOT_SENT_MESSAGE =
  "We can't reach our directory right now, so this was not sent. What you typed is still here: please try again in a minute.";
