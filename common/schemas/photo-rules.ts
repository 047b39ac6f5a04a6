/**
 * The rules of photos (issue 26, ADR 039), zod-free so the admin island and the server share them:
 * limits, the kinds, the widths of the variants, and every message a person sees.
 */

/** Largest file accepted, in bytes (10 MB). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Largest image accepted, in pixels (40 megapixels): refused from its header, before decoding. */
export const PHOTO_MAX_PIXELS = 40_000_000;
/** Photos a listing may have. */
export const PHOTOS_PER_LISTING = 12;
/** Photos a reviewer may attach to a review (ADR 042). */
export const REVIEW_PHOTOS_MAX = 3;
/**
 * Largest sum of a review's photos, in bytes (4 MB; ADR 048). The review form posts them without
 * JavaScript, so nothing shrinks them first, and on Netlify a request body is at most 6 MB once
 * Base64-encoded (4/3 larger): 4 MB of photos and the form's fields are 5.7 MB there. The form's
 * hint and the too-large message say this figure, so the limit a reviewer reads is the one that
 * holds on every host.
 */
export const REVIEW_PHOTOS_MAX_BYTES = 4 * 1024 * 1024;
/** Largest review body with photos: {@link REVIEW_PHOTOS_MAX_BYTES} and the form's fields (64 KB). */
export const REVIEW_UPLOAD_MAX_BYTES = REVIEW_PHOTOS_MAX_BYTES + 64 * 1024;
/** Photos of the car or the problem a motorist may attach to a Find It request (ADR 083). */
export const REQUEST_PHOTOS_MAX = 3;
/**
 * Largest Find It body with photos: the same 4 MB of photos as a review's (the form posts them
 * without JavaScript too, ADR 048) and the form's fields.
 */
export const REQUEST_UPLOAD_MAX_BYTES = REVIEW_UPLOAD_MAX_BYTES;
/** Widths of the variants in CSS pixels (never wider than the original: no upscaling). */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;
/** Formats of the variants, best first: `<picture>` offers them in this order. */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};
/** File extension of each variant format (the served key ends with it). */
export const PHOTO_EXTENSIONS: Record<PhotoFormat, string> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
};

/** What a photo shows; `cover` is the one on cards and the business page's head. */
export const PHOTO_KINDS = ['cover', 'workshop', 'work', 'team'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];
export const PHOTO_KIND_LABELS: Record<PhotoKind, string> = {
  cover: 'Cover',
  workshop: 'Workshop',
  work: 'Work',
  team: 'Team',
};
export const PHOTO_CAPTION_MAX = 200;

/** The `accept` of the file input: a hint only; the server sniffs the bytes. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif';

export const PHOTO_MESSAGES = {
  wrongType:
    'This file isn’t a photo we can use. Please choose a JPEG, PNG, WebP, HEIC or AVIF photo.',
  svg: 'SVG drawings can’t be added as photos. Please choose a JPEG, PNG, WebP, HEIC or AVIF photo.',
  tooLarge: 'This photo is larger than 10 MB. Please choose a smaller photo.',
  tooManyPixels: 'This photo is larger than 40 megapixels. Please choose a smaller photo.',
  damaged:
    'This photo looks damaged or incomplete and can’t be read. Please choose it again or try another photo.',
  noFile: 'Please choose a photo to upload.',
  tooMany: `This listing already has ${PHOTOS_PER_LISTING} photos. Please remove one before adding another.`,
  duplicate: 'This photo is already in the gallery.',
  notFound: 'Photo not found.',
  reviewTooLarge:
    'Your photos are larger than 4 MB together. Please choose smaller or fewer photos.',
  cutOff: 'The upload was cut off before the photo arrived. Please try again.',
  notYourListing: 'Only the owner of this business can change its photos.',
  tooManyForReview: `You can add up to ${REVIEW_PHOTOS_MAX} photos to a review.`,
  tooManyForRequest: `You can add up to ${REQUEST_PHOTOS_MAX} photos to a request.`,
} as const;
