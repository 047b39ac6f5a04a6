import { z } from 'zod';
import { normalizeWebUrl, WEBSITE_MAX } from './web-url';

export { normalizeWebUrl, safeWebUrl, WEBSITE_MAX } from './web-url';

/** The message of a website that breaks the rule of web-url.ts (issue 12.4, ADR 015). */
export const WEBSITE_URL_MESSAGE = 'Please enter a valid URL (including https://)';

/** A required website: the rule of web-url.ts, normalised. */
export const websiteUrl = z
  .string()
  .trim()
  .max(WEBSITE_MAX, `Must be at most ${WEBSITE_MAX} characters`)
  .transform((value, ctx) => {
    const url = normalizeWebUrl(value);
    if (url === null) {
      ctx.addIssue({ code: 'custom', message: WEBSITE_URL_MESSAGE });
      return z.NEVER;
    }
    return url;
  });

/** An optional website for forms: empty or absent → undefined. */
export const optionalWebsite = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .pipe(websiteUrl.optional());

/** A nullable website for stored rows (admin edit, imports): empty, null or absent → null. */
export const nullableWebsite = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || null)
  .pipe(websiteUrl.nullable());
