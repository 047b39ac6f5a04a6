import { z } from 'zod';
import { DAY_KEYS, parseRange } from './hours';
import { LAGOS_AREA_NAMES } from '../config/lagos-areas';
import { AdminSearchSchema, isoDateTime, PageInfoSchema, PageQuerySchema } from './api';
import { nullableWebsite } from './url';
import { PhotoSchema } from './photos';
import { RoadsideFieldsSchema } from './roadside';

/**
 * Claiming a listing and the owner's edits (issue 16 points 1 and 2, ADR 018): the request bodies
 * of `/api/claims*`, `/api/account/listings*` and `/api/admin/claims*`, `/api/admin/listing-changes*`
 * and what they answer. One schema for the islands and the function layer.
 */

/** A code is valid this long after it was sent. */
export const CLAIM_CODE_MINUTES = 15;
/** Wrong codes a claim allows; the last one locks it. */
export const CLAIM_CODE_ATTEMPTS = 5;

const text = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message ?? `Must be at most ${max} characters`);

/** Optional free text: empty or absent → null. */
const nullableText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => value || null);

/**
 * `POST /api/claims`: ask to claim the listing `listing` (its slug or id). `role` and `phone` are
 * the evidence an admin reads when the listing has no e-mail (then both are required); `note` is
 * optional.
 */
export const ClaimRequestSchema = z.object({
  listing: z.string().trim().min(1, 'Listing is required').max(200),
  role: nullableText(80),
  phone: nullableText(30),
  note: nullableText(500),
});
export type ClaimRequestInput = z.input<typeof ClaimRequestSchema>;

/** `POST /api/claims/:id/verify`. */
export const ClaimVerifySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail'),
});

/** `POST /api/admin/claims/:id/reject` and `/api/admin/listing-changes/:id/reject`. */
export const DecisionSchema = z.object({ reason: nullableText(500) });

export const CLAIM_STATUSES = [
  'pending',
  'verified',
  'approved',
  'rejected',
  'expired',
  'locked',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** How a claim is decided: a code sent to the listing's e-mail, or an admin. */
export const ClaimMethodSchema = z.enum(['email', 'manual']);

/** A claim as its claimant sees it: never the listing's e-mail, never the code. */
export const ClaimSchema = z.object({
  id: z.uuid(),
  listing_id: z.uuid(),
  listing_name: z.string(),
  listing_slug: z.string().nullable(),
  method: ClaimMethodSchema,
  status: z.enum(CLAIM_STATUSES),
  attempts_left: z.number().int().min(0),
  code_expires_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type Claim = z.infer<typeof ClaimSchema>;

export const ClaimResponseSchema = z.object({ claim: ClaimSchema });

/**
 * `GET /api/listings/:id/claim`: what the claim page needs: the listing's name, whether it is
 * claimed already, how a claim would be decided (`email` when the listing has an e-mail; the
 * address itself is never sent), and the caller's open claim on it.
 */
export const ClaimTargetResponseSchema = z.object({
  listing: z.object({
    id: z.uuid(),
    slug: z.string().nullable(),
    business_name: z.string(),
    claimed: z.boolean(),
    owned_by_you: z.boolean(),
    method: ClaimMethodSchema,
  }),
  claim: ClaimSchema.nullable(),
});
export type ClaimTargetResponse = z.infer<typeof ClaimTargetResponseSchema>;

/** `GET /api/admin/claims?status&q&page&limit`. Default: claims waiting for a decision. */
export const AdminClaimListQuerySchema = PageQuerySchema.extend({
  status: z.enum(CLAIM_STATUSES, 'Unknown status').default('pending'),
  q: AdminSearchSchema,
});
export type AdminClaimListQuery = z.output<typeof AdminClaimListQuerySchema>;

/** A claim as the admin's Claims tab shows it, with the claimant's evidence. */
export const AdminClaimSchema = ClaimSchema.extend({
  claimant_name: z.string(),
  claimant_email: z.string(),
  role: z.string().nullable(),
  phone: z.string().nullable(),
  note: z.string().nullable(),
  decided_at: isoDateTime.nullable(),
});
export type AdminClaim = z.infer<typeof AdminClaimSchema>;

export const AdminClaimListResponseSchema = PageInfoSchema.extend({
  claims: z.array(AdminClaimSchema),
});
export const AdminClaimResponseSchema = z.object({ claim: AdminClaimSchema });

// ---------------------------------------------------------------------------------------------
// Owner edits

/** `"08:00-18:00"`: opening and closing time of one day, Lagos time, closing after opening. */
export const HoursRangeSchema = z
  .string()
  .trim()
  .refine((value) => {
    const range = parseRange(value);
    return range !== null && range[0] < range[1] && range[1] <= 24 * 60;
  }, 'Use opening and closing times like 08:00-18:00');

/** Opening hours per weekday (`mo`…`su`, Africa/Lagos); a day left out is closed. */
export const OpeningHoursSchema = z.partialRecord(z.enum(DAY_KEYS), HoursRangeSchema);

/** What an owner may edit (issue 16.2). Every field is sent; empty text clears it. */
export const ListingEditSchema = z.object({
  description: nullableText(2000),
  services: nullableText(1000),
  phone: nullableText(30),
  whatsapp: nullableText(30),
  website: nullableWebsite,
  address: nullableText(200),
  /** One of the Lagos area names (ADR 020); empty: worked out from the address on approval. */
  area: z
    .union([z.literal(''), z.enum(LAGOS_AREA_NAMES, 'Choose an area from the list')])
    .nullish()
    .transform((value) => value || null),
  opening_hours: OpeningHoursSchema.nullish()
    .transform((hours) => (hours && Object.keys(hours).length > 0 ? hours : null))
    .pipe(OpeningHoursSchema.nullable()),
  contact_visibility: z.enum(['public', 'registered_users_only']),
  // Issue 38.3: open 24 hours, comes to you (and where), the call-out fee range.
  ...RoadsideFieldsSchema.shape,
});
export type ListingEditInput = z.input<typeof ListingEditSchema>;
export type ListingEdit = z.output<typeof ListingEditSchema>;
export const LISTING_EDIT_FIELDS = Object.keys(ListingEditSchema.shape) as (keyof ListingEdit)[];

/** Field → value, for the fields of {@link ListingEditSchema} (a change holds only some). */
export const ListingFieldsSchema = z.object({
  description: z.string().nullable().optional(),
  services: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  whatsapp: z.string().nullable().optional(),
  website: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  area: z.string().nullable().optional(),
  opening_hours: z.record(z.string(), z.string()).nullable().optional(),
  contact_visibility: z.enum(['public', 'registered_users_only']).optional(),
  open_24_hours: z.boolean().optional(),
  comes_to_you: z.boolean().optional(),
  coverage_areas: z.array(z.string()).optional(),
  callout_fee: z.object({ min: z.number(), max: z.number() }).nullable().optional(),
});
export type ListingFields = z.infer<typeof ListingFieldsSchema>;

export const CHANGE_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** An owner's change: the fields changed, their values before and after. */
export const ListingChangeSchema = z.object({
  id: z.uuid(),
  listing_id: z.uuid(),
  status: z.enum(CHANGE_STATUSES),
  changes: ListingFieldsSchema,
  before: ListingFieldsSchema,
  reason: z.string().nullable(),
  created_at: isoDateTime,
  decided_at: isoDateTime.nullable(),
});
export type ListingChange = z.infer<typeof ListingChangeSchema>;

/** One listing on the owner dashboard: its live fields and its latest change. */
export const OwnedListingSchema = z.object({
  id: z.uuid(),
  slug: z.string().nullable(),
  business_name: z.string(),
  status: z.string(),
  fields: ListingFieldsSchema.required(),
  change: ListingChangeSchema.nullable(),
});
export type OwnedListing = z.infer<typeof OwnedListingSchema>;

/** `GET /api/account/listings` (an owner holds at most a few; bounded at 100). */
export const OwnedListingsResponseSchema = z.object({ listings: z.array(OwnedListingSchema) });
export const ListingChangeResponseSchema = z.object({ change: ListingChangeSchema });

/** `GET /api/admin/listing-changes?status&page&limit`. Default: pending. */
export const AdminChangeListQuerySchema = PageQuerySchema.extend({
  status: z.enum(CHANGE_STATUSES, 'Unknown status').default('pending'),
  q: AdminSearchSchema,
});
export type AdminChangeListQuery = z.output<typeof AdminChangeListQuerySchema>;

/** A change in the Claims tab: before/after, plus the listing's current values of those fields. */
export const AdminListingChangeSchema = ListingChangeSchema.extend({
  listing_name: z.string(),
  listing_slug: z.string().nullable(),
  owner_name: z.string(),
  owner_email: z.string(),
  current: ListingFieldsSchema,
  /**
   * Photos before/after (ADR 042): the live photos the change keeps, the held ones it adds (shown
   * to admins through `/api/account/photos/…`), the live ones it removes.
   */
  photos: z.object({
    current: z.array(PhotoSchema),
    added: z.array(PhotoSchema),
    removed: z.array(PhotoSchema),
  }),
});
export type AdminListingChange = z.infer<typeof AdminListingChangeSchema>;
export const AdminChangeListResponseSchema = PageInfoSchema.extend({
  changes: z.array(AdminListingChangeSchema),
});
export const AdminChangeResponseSchema = z.object({ change: AdminListingChangeSchema });

/** Labels of the editable fields, for the before/after view. */
export const LISTING_FIELD_LABELS: Record<keyof ListingFields, string> = {
  description: 'Description',
  services: 'Services',
  phone: 'Phone',
  whatsapp: 'WhatsApp',
  website: 'Website',
  address: 'Address',
  area: 'Area',
  opening_hours: 'Opening hours',
  contact_visibility: 'Contact visibility',
  open_24_hours: 'Open 24 hours',
  comes_to_you: 'Comes to you',
  coverage_areas: 'Areas covered',
  callout_fee: 'Call-out fee',
};
