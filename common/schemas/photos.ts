import { z } from 'zod';
import { isoDateTime } from './api';
import { PHOTO_CAPTION_MAX, PHOTO_FORMATS, PHOTO_KINDS, PHOTOS_PER_LISTING } from './photo-rules';

/**
 * Photos of a listing (issue 26, ADR 039): the upload's fields, one photo as the API answers it,
 * and the list. The limits and messages are in the zod-free `photo-rules.ts`.
 */

/**
 * The fields sent with the file in `POST /api/admin/listings/:id/photos`
 * (multipart/form-data: `file`, `kind`, `caption`).
 */
export const PhotoUploadSchema = z.object({
  kind: z.enum(PHOTO_KINDS, 'Please choose what the photo shows'),
  caption: z
    .string('The caption must be text')
    .trim()
    .max(PHOTO_CAPTION_MAX, `The caption can be at most ${PHOTO_CAPTION_MAX} characters`)
    .default(''),
});
export type PhotoUpload = z.output<typeof PhotoUploadSchema>;

export const PhotoVariantSchema = z.object({
  format: z.enum(PHOTO_FORMATS),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /**
   * Where the variant is served: `/api/photos/<listing id>/<hash>.<ext>` (public, cached for a
   * year) for a live photo, `/api/account/photos/…` (owner and admins only) for a held one.
   */
  url: z.string(),
  /** Size of the file in bytes. */
  bytes: z.number().int().nonnegative(),
});
export type PhotoVariant = z.output<typeof PhotoVariantSchema>;

export const PhotoSchema = z.object({
  id: z.uuid(),
  listing_id: z.uuid(),
  kind: z.enum(PHOTO_KINDS),
  caption: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  position: z.number().int().positive(),
  /** `pending`: an owner's photo held until the admin approves the change (ADR 042). */
  status: z.enum(['live', 'pending']),
  created_at: isoDateTime,
  /** A live photo the owner's pending change proposes to remove. */
  removal_proposed: z.boolean(),
  /** Smallest first; within a width, AVIF, WebP, JPEG. */
  variants: z.array(PhotoVariantSchema),
});
export type Photo = z.output<typeof PhotoSchema>;

/** `GET /api/admin/listings/:id/photos`: every photo of a listing (at most 12: one page). */
export const PhotoListResponseSchema = z.object({
  photos: z.array(PhotoSchema).max(PHOTOS_PER_LISTING),
  limit: z.literal(PHOTOS_PER_LISTING),
});

/** `/api/account/listings/:id/photos/:photo/remove|keep` (ADR 042). */
export const OwnerPhotoParamsSchema = z.object({
  id: z.uuid('Business not found'),
  photo: z.uuid('Photo not found'),
});

/** `DELETE /api/admin/photos/:id`. */
export const PhotoIdSchema = z.object({ id: z.uuid('Photo not found') });

/**
 * A listing's cover photo as a card shows it (issue 26.4): the upright size of the largest variant
 * a card uses (at most 640 px wide) and a `srcset` per format (`url 320w, url 640w`), the JPEG's
 * smallest as `src`. Kept small: 24 cards carry it in the page.
 */
export interface PhotoCover {
  width: number;
  height: number;
  src: string;
  avif: string;
  webp: string;
  jpeg: string;
}

/**
 * A reviewer's photo as a review shows it (ADR 042): its upright size, the 320 px JPEG thumbnail
 * and the largest JPEG (the link of the thumbnail). Public URLs once the review and its photos are
 * published; before that `/api/account/photos/…`, for the reviewer and the admins only.
 */
export const ReviewPhotoSchema = z.object({
  id: z.uuid(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  src: z.string(),
  full: z.string(),
  status: z.enum(['live', 'pending']),
});
export type ReviewPhoto = z.output<typeof ReviewPhotoSchema>;
