import { z } from 'astro/zod';

/**
 * E-mail preferences (issue 27.3, ADR 045). The monthly summary can be stopped from a link in
 * the e-mail without signing in: the link carries a signed token (the account id and an HMAC of
 * it), never a guessable id.
 */

/** A signed unsubscribe token: `<account id>.<signature>` (base64url), as the link carries it. */
export const UnsubscribeTokenSchema = z
  .string()
  .trim()
  .min(1, 'This link is not complete.')
  .max(200, 'This link is not valid.');

/** GET /api/email/preferences?token=…: whose preferences a link opens. */
export const PreferenceQuerySchema = z.object({ token: UnsubscribeTokenSchema });

/**
 * POST /api/email/preferences (the confirmation page's form, no sign-in): the token and the
 * choice. Posted as a form, so `monthly_summary` arrives as the text `"true"` or `"false"`.
 */
export const PreferenceChangeSchema = z.object({
  token: UnsubscribeTokenSchema,
  monthly_summary: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
});

/** POST /api/account/email-preferences (signed in, the dashboard's form). */
export const AccountPreferenceChangeSchema = PreferenceChangeSchema.omit({ token: true });

/** 200 body of the preference routes. `email` is the address the summary goes to. */
export const EmailPreferencesResponseSchema = z.object({
  email: z.string(),
  monthly_summary: z.boolean(),
});
export type EmailPreferencesResponse = z.infer<typeof EmailPreferencesResponseSchema>;

/** The page a summary's unsubscribe link opens (a confirmation with a POST button). */
export const unsubscribePagePath = (token: string) =>
  `/email/unsubscribe/?token=${encodeURIComponent(token)}`;

/**
 * The RFC 8058 one-click address (`List-Unsubscribe`), POSTed by mail clients: the API's route,
 * or on Netlify the function of its own (netlify/functions/one-click-unsubscribe.mts), since
 * Astro's origin check in the SSR function refuses a mail provider's POST there (ADR 045).
 */
export const oneClickUnsubscribePath = (token: string, onNetlify = false) =>
  `${onNetlify ? '/.netlify/functions/one-click-unsubscribe' : '/api/email/unsubscribe'}?token=${encodeURIComponent(token)}`;

/** Shown when a link's token does not verify (edited, cut short, or from another site). */
export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid. Please use the link in your latest e-mail, or sign in and change your e-mail settings on your dashboard.';
