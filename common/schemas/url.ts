import { z } from './zod-mini';
import { normalizeWebUrl, WEBSITE_MAX } from './web-url';

export { normalizeWebUrl, safeWebUrl, WEBSITE_MAX } from './web-url';

/** The message of a website that breaks the rule of web-url.ts (issue 12.4, ADR 015). */
export const WEBSITE_URL_MESSAGE = 'Please enter a valid URL (including https://)';

/** A required website: the rule of web-url.ts, normalised. */
export const websiteUrl = z.pipe(
  z.string().check(z.trim(), z.maxLength(WEBSITE_MAX, `Must be at most ${WEBSITE_MAX} characters`)),
  z.transform((value: string, payload) => {
    const url = normalizeWebUrl(value);
    if (url === null) {
      payload.issues.push({ code: 'custom', message: WEBSITE_URL_MESSAGE, input: value });
      return z.NEVER;
    }
    return url;
  }),
);

/** An optional website for forms: empty or absent → undefined. */
export const optionalWebsite = z.pipe(
  z.pipe(
    z.optional(z.string().check(z.trim())),
    z.transform((value) => value || undefined),
  ),
  z.optional(websiteUrl),
);

/** A nullable website for stored rows (admin edit, imports): empty, null or absent → null. */
export const nullableWebsite = z.pipe(
  z.pipe(
    z.nullish(z.string().check(z.trim())),
    z.transform((value) => value || null),
  ),
  z.nullable(websiteUrl),
);
