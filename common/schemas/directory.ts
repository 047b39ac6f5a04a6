import { z } from 'zod';
import type { PublicBusiness } from './listing';
import { CATEGORY_PAGES, type CategoryPageKey } from './categories';
import { areaByName, areaBySlug } from '../config/lagos-areas';

export * from './listing';
export * from './card-data';

const CATEGORY_PAGE_KEYS = Object.keys(CATEGORY_PAGES) as [CategoryPageKey, ...CategoryPageKey[]];

/**
 * Public directory shapes and the rules shared by the site and the function layer
 * (SPEC §2 business card, §3 business_directory, §4 verification, §7 search, §9 card counts).
 */

/** Contact details as signed-in users receive them (`GET /api/listings/:id/contact`). */
export interface BusinessContact {
  email: string | null;
  phone: string | null;
  whatsapp: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
  /** E.164 forms for tel: and wa.me links, null when the number cannot be read. */
  phone_e164: string | null;
  whatsapp_e164: string | null;
}

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

/**
 * The `area` parameter of the directory APIs and pages (issue 16.4, ADR 020): a slug of the
 * shipped Lagos area list (`ikeja`, `victoria-island`) or its name (any case), output as the
 * area's name as stored in `business_registrations.area`. 422 "Unknown area" otherwise.
 */
export const AreaParamSchema = z
  .string()
  .trim()
  .max(100)
  .transform((value, ctx) => {
    const area = areaBySlug(value) ?? areaByName(value);
    if (!area) {
      ctx.addIssue({ code: 'custom', message: 'Unknown area' });
      return z.NEVER;
    }
    return area.name;
  });

/** Most rows any list endpoint returns at once (ADR 011: every list is paged). */
export const MAX_PAGE_SIZE = 100;
/** Cards on one page of a category page, the featured list and the listing API by default. */
export const DIRECTORY_PAGE_SIZE = 24;
/** Deepest numbered page served (24 × 5,000 = 120,000 listings in one category). */
export const MAX_PAGE_NUMBER = 5_000;

/**
 * The orders of a category or area page (issue 24.5, ADR 034): `recommended` is the listing order
 * of SPEC §7 (the default), `top_rated` the stored Bayesian `review_score`, `most_reviewed` the
 * number of published reviews; unreviewed listings follow in the Recommended order.
 */
export const CATEGORY_SORTS = ['recommended', 'top_rated', 'most_reviewed'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];

/** The `open` filter's one value (issue 38.4): `?open=now`. */
export const OPEN_FILTERS = ['now'] as const;
export type OpenFilter = (typeof OPEN_FILTERS)[number];

/** What the sort links of a category page say. */
export const CATEGORY_SORT_LABELS: Record<CategorySort, string> = {
  recommended: 'Recommended',
  top_rated: 'Top rated',
  most_reviewed: 'Most reviewed',
};

/**
 * `GET /api/directory` parameters: approved listings in the listing order of SPEC §7, paged.
 * `category` is a category page key (its own index); `type` the free SPEC §7 type filter.
 * Either `cursor` (keyset, from the previous page's `nextCursor`) or `page` (1-based, as the
 * numbered category pages link them), never both. `sort` (issue 24.5): a category's order other
 * than the listing order, with `category` and `page` only.
 */
export const DirectoryListQuerySchema = z
  .object({
    category: z.enum(CATEGORY_PAGE_KEYS, 'Unknown category').optional(),
    type: text(100).optional(),
    location: text(100).optional(),
    area: AreaParamSchema.optional(),
    featured: z.enum(['true']).optional(),
    cursor: z.string().max(300).optional(),
    page: z.coerce.number().int().min(1).max(MAX_PAGE_NUMBER).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DIRECTORY_PAGE_SIZE),
    sort: z.enum(CATEGORY_SORTS, 'Unknown sort').optional(),
    /** Issue 38.4 (ADR 081): only the listings open now, in Lagos time. */
    open: z.enum(OPEN_FILTERS, 'Unknown open filter').optional(),
  })
  .refine((q) => !(q.cursor && q.page), {
    message: 'Use either cursor or page, not both.',
    path: ['cursor'],
  })
  .refine((q) => !q.sort || q.sort === 'recommended' || (q.category && !q.cursor), {
    message: 'Top rated and Most reviewed are orders of one category, paged by number.',
    path: ['sort'],
  });
export type DirectoryListQuery = z.output<typeof DirectoryListQuerySchema>;

/**
 * One page of a list: the rows, the total number of matches, and the cursor of the next page
 * (null on the last page).
 */
export interface DirectoryPage {
  businesses: PublicBusiness[];
  total: number;
  nextCursor: string | null;
}

export const BusinessIdSchema = z.object({ id: z.uuid('Invalid business id') });

/** The type-filter rule (SPEC §7): business_type, services or a tag contains the type, any case. */
export function matchesTypeFilter(
  business: Pick<PublicBusiness, 'business_type' | 'services' | 'tags'>,
  type: string,
): boolean {
  const needle = type.toLowerCase();
  return (
    business.business_type.toLowerCase().includes(needle) ||
    (business.services ?? '').toLowerCase().includes(needle) ||
    business.tags.some((tag) => tag.toLowerCase().includes(needle))
  );
}

/**
 * SPEC §9 "Count per service card": a business counts for a card when its business_type
 * matches the card's type, or its services match it (case-insensitive substring), or one of
 * its tags equals it exactly.
 */
export function countsForServiceCard(
  business: Pick<PublicBusiness, 'business_type' | 'services' | 'tags'>,
  cardType: string,
): boolean {
  const needle = cardType.toLowerCase();
  return (
    business.business_type.toLowerCase().includes(needle) ||
    (business.services ?? '').toLowerCase().includes(needle) ||
    business.tags.includes(cardType)
  );
}
