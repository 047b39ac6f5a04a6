import { z } from 'zod';
import { PasswordResetRequestSchema } from './auth.ts';
import { nigerianMobileField, PhoneCodeVerifySchema } from './phone-auth.ts';

/**
 * The account page (issue 37.1, ADR 078): the signed-in account's e-mail and phone, adding a
 * phone by an SMS code, and adding an e-mail to an account made with a phone.
 */

/** `GET /api/account`: the account's e-mail (null for a phone-only account) and phone. */
export const AccountIdentitySchema = z.object({
  email: z.string().nullable(),
  email_verified: z.boolean(),
  /** E.164, e.g. `+2348031234567`. */
  phone: z.string().nullable(),
  phone_verified: z.boolean(),
});
export type AccountIdentity = z.infer<typeof AccountIdentitySchema>;

/** `POST /api/account/phone/code` `{ phone }`: a code to the number the account adds. */
export const AccountPhoneCodeSchema = z.object({ phone: nigerianMobileField });
/** `POST /api/account/phone/verify` `{ phone, code }`: the code confirms the number. */
export const AccountPhoneVerifySchema = PhoneCodeVerifySchema;

/** `POST /api/account/email` `{ email }`: a phone-only account adds an e-mail address. */
export const AccountEmailSchema = z.object({ email: PasswordResetRequestSchema.shape.email });

export const PHONE_HELD_MESSAGE =
  'That number is already confirmed on another account. Sign in with it by phone, or add another number.';
export const PHONE_ALREADY_ADDED_MESSAGE = 'Your account already has a confirmed phone.';
export const PHONE_ADDED_MESSAGE = 'Phone confirmed. Your reviews now show "Phone confirmed".';
export const EMAIL_HELD_MESSAGE = 'That e-mail address is already on another account.';
export const EMAIL_ALREADY_ADDED_MESSAGE = 'Your account already has an e-mail address.';
export const EMAIL_LINK_SENT_MESSAGE =
  'We sent a link to that address. Open it to confirm your e-mail; it works for 3 days.';
