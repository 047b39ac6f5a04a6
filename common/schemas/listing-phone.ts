import { z } from 'zod';
import { CODE_INVALID_MESSAGE } from './phone-auth.ts';

/**
 * An owner confirms the listing's phone with a code sent to it (issue 37.5, ADR 075), shared by
 * the owner's page (src/pages/account/business/phone.astro) and the function layer.
 */

/** `POST /api/account/listings/:id/phone/verify` `{ code }`. */
export const ListingPhoneVerifySchema = z.object({
  code: z
    .string(CODE_INVALID_MESSAGE)
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, CODE_INVALID_MESSAGE)),
});
export type ListingPhoneVerifyInput = z.input<typeof ListingPhoneVerifySchema>;

/** `GET /api/account/listings/:id/phone` (and the answer of both POSTs): the owner's view. */
export const ListingPhoneStateSchema = z.object({
  listing_id: z.string(),
  business_name: z.string(),
  /** The listing's phone as Lagos writes a mobile (`0803 123 4567`), or as stored when not one. */
  phone: z.string().nullable(),
  /** Whether the phone is a Nigerian mobile number, which alone can take a text. */
  mobile: z.boolean(),
  /** When the phone was confirmed (ISO), null when not (or no longer: the number changed). */
  phone_confirmed_at: z.string().nullable(),
});
export type ListingPhoneState = z.infer<typeof ListingPhoneStateSchema>;

export const LISTING_PHONE_NOT_MOBILE_MESSAGE =
  "Your listing's phone is not a mobile number, and only a mobile can take a text. Change the phone in your listing to a mobile number, then confirm it.";
export const LISTING_PHONE_SENT_MESSAGE =
  "We sent a 6-digit code by SMS to the listing's phone. It works for 10 minutes.";
export const LISTING_PHONE_CONFIRMED_MESSAGE =
  'Phone confirmed. Your business page now shows the date.';

/** The owner's page that confirms a listing's phone (its forms post without JavaScript). */
export const ownerPhonePath = (listingId: string) =>
  `/account/business/phone/?listing=${encodeURIComponent(listingId)}`;
