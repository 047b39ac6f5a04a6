import { z } from 'zod';
import { ARTICLE_CATEGORIES } from './articles';
import { SERVICE_CATEGORIES } from './categories';
import { slugify } from './text';

/**
 * Admin dashboard rules (SPEC §4, §5, §9), shared by the dashboard island and the admin API.
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

export const StatusChangeSchema = z.object({
  status: z.enum(['approved', 'rejected', 'suspended']),
});
export const FeaturedSchema = z.object({ featured: z.boolean() });
export const VerificationSchema = z.object({
  verification_status: z.enum(['verified', 'verification_pending', 'not_verified']),
});

/** SPEC §4 star_rating steps. */
export const STAR_RATINGS = [0, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5] as const;
export const RatingSchema = z.object({
  star_rating: z
    .number()
    .refine(
      (n) => (STAR_RATINGS as readonly number[]).includes(n),
      'Rating must be 0 or 1 to 5 in half steps',
    ),
});

export const OrderSchema = z.object({ ids: z.array(z.uuid()).min(1).max(500) });

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

/** SPEC §5 Admin business edit. */
export const BusinessEditSchema = z.object({
  business_name: z.string().trim().min(1, 'Business name is required').max(120),
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
  website: nullableText(300),
  description: nullableText(2000),
  services: nullableText(1000),
  business_categories: z
    .array(z.enum(SERVICE_CATEGORIES))
    .max(SERVICE_CATEGORIES.length)
    .default([]),
  additional_tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  contact_visibility: z.enum(['public', 'registered_users_only']),
});
export type BusinessEditInput = z.input<typeof BusinessEditSchema>;

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

/** SPEC §5 Article form. Read time falls back to 5; an empty slug comes from the title. */
export const ArticleFormSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(200),
    slug: z.string().trim().max(200).optional().default(''),
    content: z.string().trim().min(1, 'Content is required').max(100_000),
    excerpt: nullableText(500),
    author: nullableText(100),
    category: z.enum(ARTICLE_CATEGORIES, 'Please choose a category'),
    read_time: z
      .unknown()
      .optional()
      .transform((value) => {
        const n = Number.parseInt(String(value ?? ''), 10);
        return Number.isFinite(n) && n > 0 ? Math.min(n, 240) : 5;
      }),
    published: z.boolean().default(false),
    featured: z.boolean().default(false),
    image_url: nullableText(500),
    meta_title: nullableText(200),
    meta_description: nullableText(300),
  })
  .transform((article) => ({ ...article, slug: slugify(article.slug || article.title) }))
  .refine((article) => article.slug.length > 0, {
    message: 'The title needs at least one letter or number',
    path: ['slug'],
  });
export type ArticleFormInput = z.input<typeof ArticleFormSchema>;

export const ServiceCardEditSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(80),
    description: z.string().trim().max(300).nullable(),
    button_text: z.string().trim().min(1, 'Button text is required').max(40),
    enabled: z.boolean(),
  })
  .partial();

/** SPEC §9 recipient types; custom lists are comma-separated, trimmed, empties dropped (§5). */
export const MessageSchema = z
  .object({
    recipient_type: z.enum(['users', 'businesses', 'custom']),
    recipients: z.array(z.string().min(1).max(100)).max(5000).default([]),
    custom_emails: z.string().max(20_000).default(''),
    subject: z.string().trim().max(200).default(''),
    message: z.string().trim().max(20_000).default(''),
  })
  .superRefine((value, ctx) => {
    if (!value.subject || !value.message)
      ctx.addIssue({
        code: 'custom',
        message: 'Please fill in subject and message',
        path: ['subject'],
      });
    const custom = parseCustomEmails(value.custom_emails);
    if (value.recipient_type === 'custom' ? custom.length === 0 : value.recipients.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'Please select recipients or enter email addresses',
        path: ['recipients'],
      });
    }
    const invalid = custom.filter((email) => !z.email().safeParse(email).success);
    if (value.recipient_type === 'custom' && invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Invalid email address: ${invalid.slice(0, 3).join(', ')}`,
        path: ['custom_emails'],
      });
    }
  });

export function parseCustomEmails(list: string): string[] {
  return [
    ...new Set(
      list
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}
