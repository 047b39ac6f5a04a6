import { z } from 'zod';
import { AdminSearchSchema, isoDateTime, PageInfoSchema, PageQuerySchema } from './api';
import { SERVICE_CATEGORIES } from './categories';
import { LAGOS_AREA_NAMES } from '../config/lagos-areas';
import { VERIFICATION_CHECK_KEYS } from './review-rules';
import { nullableWebsite } from './url';
import { RoadsideFieldsSchema } from './roadside';

/**
 * Business listings as the admin manages them (SPEC §2 Admin dashboard, §4, §5, §9): the status
 * state machine, the edit form, and what `/api/admin/listings*` answers. Shared by the
 * dashboard island and the function layer. The public "List Your Business" form is in `forms.ts`.
 */

/** SPEC §4: every allowed status change. Anything else answers 409 and changes nothing. */
export const STATUS_TRANSITIONS = {
  pending: ['approved', 'rejected'],
  approved: ['rejected', 'suspended'],
  rejected: ['approved'],
  suspended: ['approved'],
} as const satisfies Record<string, readonly string[]>;

export type RegistrationStatus = keyof typeof STATUS_TRANSITIONS;

export function canTransition(from: string, to: string): boolean {
  if (!Object.hasOwn(STATUS_TRANSITIONS, from)) return false;
  return (STATUS_TRANSITIONS as Record<string, readonly string[]>)[from]!.includes(to);
}

/** SPEC §4: Edit Details and Delete Permanently are offered for these statuses. */
export const EDITABLE_STATUSES: readonly string[] = ['approved', 'rejected', 'suspended'];
/** SPEC §4: verification is adjustable only for these. */
export const VERIFIABLE_STATUSES: readonly string[] = ['approved', 'suspended'];

/** `POST /api/admin/listings/:id/status`. */
export const StatusChangeSchema = z.object({
  status: z.enum(['approved', 'rejected', 'suspended']),
});
/** `POST /api/admin/listings/:id/featured`. */
export const FeaturedSchema = z.object({ featured: z.boolean() });
/** `POST /api/admin/listings/:id/verification`. */
export const VerificationSchema = z.object({
  verification_status: z.enum(['verified', 'verification_pending', 'not_verified']),
  /**
   * Issue 24.6: the checks that passed, recorded with the date and the admin when the status is
   * `verified` (ignored otherwise, and cleared).
   */
  checks: z.array(z.enum(VERIFICATION_CHECK_KEYS)).max(4).default([]),
});

/** SPEC §4 star_rating steps. */
export const STAR_RATINGS = [0, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5] as const;
/** `POST /api/admin/listings/:id/rating`. */
export const RatingSchema = z.object({
  star_rating: z
    .number()
    .refine(
      (n) => (STAR_RATINGS as readonly number[]).includes(n),
      'Rating must be 0 or 1 to 5 in half steps',
    ),
});

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

/** SPEC §5 Admin business edit: `PATCH /api/admin/listings/:id`. */
export const BusinessEditSchema = z.object({
  // The database's check is the spec's "at least 2 characters" (SPEC §5); empty is "required".
  business_name: z
    .string()
    .trim()
    .min(1, { message: 'Business name is required', abort: true })
    .min(2, 'Business name must be at least 2 characters')
    .max(120),
  phone: z.string().trim().min(1, 'Phone is required').max(30),
  display_name: nullableText(80),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .nullish()
    .transform((value) => value || null)
    .pipe(z.email('Invalid email address').nullable()),
  address: nullableText(200),
  city: nullableText(80),
  state: nullableText(80),
  website: nullableWebsite,
  description: nullableText(2000),
  services: nullableText(1000),
  business_categories: z
    .array(z.enum(SERVICE_CATEGORIES))
    .max(SERVICE_CATEGORIES.length)
    .default([]),
  additional_tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  contact_visibility: z.enum(['public', 'registered_users_only']),
  /**
   * Issue 16.4 (ADR 020): one of the Lagos area names, or '' to derive it again from the address,
   * city and coordinates. Absent: kept, unless the address or city changed (then derived again).
   */
  area: z
    .union([z.literal(''), z.enum(LAGOS_AREA_NAMES, 'Choose an area from the list')])
    .optional(),
  /** Issue 38.3: the roadside declarations; absent (an older client), kept as they are. */
  roadside: RoadsideFieldsSchema.optional(),
});
export type BusinessEditInput = z.input<typeof BusinessEditSchema>;
export type BusinessEdit = z.output<typeof BusinessEditSchema>;

/**
 * SPEC §5: business_type becomes the first selected category; tags keep the non-standard tags plus
 * the selected categories.
 */
export function editedTypeAndTags(
  categories: readonly string[],
  additionalTags: readonly string[],
  currentType: string,
) {
  const standard = new Set<string>(SERVICE_CATEGORIES);
  const tags = [...new Set([...additionalTags.filter((t) => !standard.has(t)), ...categories])];
  return { business_type: categories[0] ?? currentType, tags };
}

/**
 * A registration as the admin API returns it: every column of business_registrations (SPEC §3)
 * but the generated search columns.
 */
export const AdminRegistrationSchema = z.object({
  id: z.uuid(),
  business_name: z.string(),
  business_type: z.string(),
  display_name: z.string().nullable(),
  business_categories: z.array(z.string()),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  general_location: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  services: z.string().nullable(),
  tags: z.array(z.string()),
  status: z.enum(['pending', 'approved', 'rejected', 'suspended']),
  featured: z.boolean(),
  verified: z.boolean(),
  display_order: z.number().int(),
  verification_status: z.enum(['verified', 'verification_pending', 'not_verified', 'pending']),
  star_rating: z.number(),
  contact_visibility: z.enum(['public', 'registered_users_only']),
  user_id: z.string().nullable(),
  user_created: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  slug: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  opening_hours: z.unknown(),
  whatsapp: z.string().nullable(),
  source: z.string().nullable(),
  source_id: z.string().nullable(),
  owner_user_id: z.string().nullable(),
  notification_status: z.enum(['sent', 'failed']).nullable(),
  is_sample: z.boolean(),
  area: z.string().nullable(),
  category_keys: z.array(z.string()),
  /** Issue 24.6: the checks behind Verified and when they were recorded. */
  verification_checks: z.array(z.string()).optional(),
  verified_at: isoDateTime.nullable().optional(),
  /** Issue 38.3: what the owner declares for a stranded motorist. */
  open_24_hours: z.boolean().optional(),
  comes_to_you: z.boolean().optional(),
  coverage_areas: z.array(z.string()).optional(),
  callout_fee_min: z.number().int().nullable().optional(),
  callout_fee_max: z.number().int().nullable().optional(),
  /**
   * Issue 16.3 (ADR 019): three distinct reporters have open "Permanently closed" reports.
   * Sent by the list (`GET /api/admin/listings`) only.
   */
  reported_closed: z.boolean().optional(),
});
export type AdminRegistration = z.infer<typeof AdminRegistrationSchema>;

export const REGISTRATION_STATUSES = ['pending', 'approved', 'suspended', 'rejected'] as const;

/**
 * `GET /api/admin/listings`: one page of one status tab (or of the featured list), with the
 * tab search (SPEC §5 "Admin search": name, type, city or services contain `q`, any case).
 * Newest first (SPEC §7); `featured=true` lists featured businesses by display_order instead.
 */
export const RegistrationListQuerySchema = PageQuerySchema.extend({
  status: z.enum(REGISTRATION_STATUSES, 'Unknown status').optional(),
  featured: z.enum(['true']).optional(),
  q: AdminSearchSchema,
});
export type RegistrationListQuery = z.output<typeof RegistrationListQuerySchema>;

/** `GET /api/admin/listings` → one page and the number of matches in all. */
export const RegistrationListResponseSchema = PageInfoSchema.extend({
  registrations: z.array(AdminRegistrationSchema),
});
export type RegistrationListResponse = z.infer<typeof RegistrationListResponseSchema>;

/** `GET /api/admin/listings/export.csv`: the SPEC §9 export of one tab's search, or all. */
export const RegistrationExportQuerySchema = z.object({
  status: z.enum(REGISTRATION_STATUSES, 'Unknown status').optional(),
  q: AdminSearchSchema,
});
export type RegistrationExportQuery = z.output<typeof RegistrationExportQuerySchema>;

/** Bulk actions (ADR 014): the same SPEC §4 rules as the buttons on one card. */
export const BULK_ACTIONS = ['approve', 'reject', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** Most ids one bulk request may name (a 2,000-row import fits). */
export const MAX_BULK_IDS = 2_000;

/** The statuses from which each bulk action applies (SPEC §4); other rows are skipped. */
export const BULK_FROM: Record<BulkAction, readonly RegistrationStatus[]> = {
  approve: (Object.keys(STATUS_TRANSITIONS) as RegistrationStatus[]).filter((from) =>
    canTransition(from, 'approved'),
  ),
  reject: (Object.keys(STATUS_TRANSITIONS) as RegistrationStatus[]).filter((from) =>
    canTransition(from, 'rejected'),
  ),
  delete: EDITABLE_STATUSES as RegistrationStatus[],
};

/**
 * Which rows a bulk action covers: the ids selected on the page(s), or every row of a status tab
 * matching its current search ("all matching the current search").
 */
export const BulkSelectionSchema = z.union([
  z.object({
    ids: z
      .array(z.uuid('Invalid id'))
      .min(1, 'Select at least one business')
      .max(MAX_BULK_IDS, `Select at most ${MAX_BULK_IDS} businesses`),
  }),
  z.object({
    match: z.object({
      status: z.enum(REGISTRATION_STATUSES, 'Unknown status'),
      q: AdminSearchSchema,
    }),
  }),
]);
export type BulkSelection = z.output<typeof BulkSelectionSchema>;

/** `POST /api/admin/listings/bulk/preview`: what the confirmation shows. */
export const BulkPreviewSchema = z.object({
  action: z.enum(BULK_ACTIONS, 'Unknown action'),
  selection: BulkSelectionSchema,
});

/** → the number the confirmation shows (`willChange`) and how many would be skipped. */
export const BulkPreviewResponseSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  /** Rows the selection names that exist. */
  matched: z.number().int().min(0),
  /** Rows the action applies to (legal transitions): the confirmation's number. */
  willChange: z.number().int().min(0),
  /** Rows whose status does not allow the action (SPEC §4). */
  skipped: z.number().int().min(0),
});
export type BulkPreviewResponse = z.infer<typeof BulkPreviewResponseSchema>;

/**
 * `POST /api/admin/listings/bulk`: the action, the selection and `expected`, the number the
 * confirmation showed; when the rows it would change are not that many any more, nothing changes
 * (409) and the admin confirms again.
 */
export const BulkActionSchema = BulkPreviewSchema.extend({
  expected: z.number().int().min(0),
});
export type BulkActionInput = z.input<typeof BulkActionSchema>;

/** Welcome e-mails of a bulk approval (SPEC §4), sent in batches after the commit. */
export const BulkWelcomeSchema = z.object({
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  /** Approved businesses without an e-mail address. */
  skipped: z.number().int().min(0),
  /** The first failure's message, for the Warning toast. */
  error: z.string().optional(),
});

/** → what changed: `changed` = the confirmation's number, `skipped` illegal, `notFound` gone. */
export const BulkActionResponseSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  changed: z.number().int().min(0),
  skipped: z.number().int().min(0),
  notFound: z.number().int().min(0),
  welcomeEmails: BulkWelcomeSchema,
});
export type BulkActionResponse = z.infer<typeof BulkActionResponseSchema>;
/** One registration after a write (featured, verification, rating, edit). */
export const RegistrationResponseSchema = z.object({ registration: AdminRegistrationSchema });
export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>;

/** Outcome of the welcome e-mail (SPEC §4): `failed` carries the error for the Warning toast. */
export const WelcomeEmailSchema = z.object({
  status: z.enum(['sent', 'failed', 'skipped']),
  error: z.string().optional(),
});
export type WelcomeEmailOutcome = z.infer<typeof WelcomeEmailSchema>;

/** `POST /api/admin/listings/:id/status` → the registration and the welcome e-mail's outcome. */
export const StatusChangeResponseSchema = z.object({
  registration: AdminRegistrationSchema,
  welcomeEmail: WelcomeEmailSchema,
});
export type StatusChangeResponse = z.infer<typeof StatusChangeResponseSchema>;

/** `POST /api/admin/listings/:id/test-welcome`. */
export const TestWelcomeResponseSchema = z.object({ welcomeEmail: WelcomeEmailSchema });
export type TestWelcomeResponse = z.infer<typeof TestWelcomeResponseSchema>;
