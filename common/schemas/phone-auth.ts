import { z } from 'zod';
import { nigerianMobile } from './nigerian-mobile.ts';

/**
 * Sign up and sign in with a phone number and a one-time code (issue 37.1, ADR 067), shared by
 * the page's form posts and the function layer.
 */
export const PHONE_CODE_LENGTH = 6;
/** A code is good for 10 minutes (600 s). */
export const PHONE_CODE_TTL_SECONDS = 600;
/** Wrong codes allowed before the code is void. */
export const PHONE_CODE_ATTEMPTS = 5;

export const PHONE_INVALID_MESSAGE = 'Enter a Nigerian mobile number, e.g. 0803 123 4567';
export const CODE_INVALID_MESSAGE = 'Enter the 6-digit code from the SMS';

/** A Nigerian mobile number in any usual form, normalised to E.164. */
export const nigerianMobileField = z
  .string(PHONE_INVALID_MESSAGE)
  .max(30, PHONE_INVALID_MESSAGE)
  .transform((value, ctx) => {
    const e164 = nigerianMobile(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: PHONE_INVALID_MESSAGE });
      return z.NEVER;
    }
    return e164;
  });

/** `POST /api/auth/phone/code` `{ phone }`: send a code to the number. */
export const PhoneCodeRequestSchema = z.object({ phone: nigerianMobileField });
export type PhoneCodeRequestInput = z.input<typeof PhoneCodeRequestSchema>;

/** `POST /api/auth/phone/verify` `{ phone, code }`: sign in (or up) with the code. */
export const PhoneCodeVerifySchema = z.object({
  phone: nigerianMobileField,
  code: z
    .string(CODE_INVALID_MESSAGE)
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, CODE_INVALID_MESSAGE)),
});
export type PhoneCodeVerifyInput = z.input<typeof PhoneCodeVerifySchema>;

/**
 * The answer to a code request, the same whether or not an account holds the number (issue
 * 37.3): no way to learn who has an account.
 */
export const PHONE_CODE_SENT_MESSAGE = 'We sent a 6-digit code by SMS. It works for 10 minutes.';

/**
 * The e-mail address Better Auth's user row needs for an account made with a phone number only
 * (issue 37.1): random, in the reserved `.invalid` domain, so it reveals nothing and reaches
 * nobody; {@link isPhoneOnlyEmail} tells it apart from a real one.
 */
export const PHONE_ONLY_EMAIL_DOMAIN = 'phone.lagosautohub.invalid';
export const isPhoneOnlyEmail = (email: string) => email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);
/** The display name of a new phone account until its owner sets one (never the number). */
export const PHONE_ACCOUNT_NAME = 'Lagos motorist';
