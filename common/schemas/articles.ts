import { z } from 'zod';
import { AdminSearchSchema, isoDateTime, PageInfoSchema, PageQuerySchema } from './api';
import { slugify } from './text';

/** Articles (SPEC §2 News & Tips, §5 Article form, §7), shared by the site, islands and the API. */

/** SPEC §5 Article form: the five categories. */
export const ARTICLE_CATEGORIES = [
  'Car Care',
  'Maintenance',
  'Buying Guide',
  'News',
  'Tips',
] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

/** A published article as the public API and the build see it (dates as ISO strings). */
export const PublicArticleSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  author: z.string().nullable(),
  category: z.enum(ARTICLE_CATEGORIES),
  read_time: z.number().int(),
  featured: z.boolean(),
  image_url: z.string().nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  /** Markdown source (body rules of SPEC §2); absent in list responses. */
  content: z.string().optional(),
});
export type PublicArticle = z.infer<typeof PublicArticleSchema>;

/** `GET /api/articles` → one page of published articles, newest first, without bodies. */
export const PublicArticleListResponseSchema = PageInfoSchema.extend({
  articles: z.array(PublicArticleSchema),
});
/** `GET /api/articles/:slug` → one published article with its body. */
export const PublicArticleResponseSchema = z.object({ article: PublicArticleSchema });

export const ArticleSlugSchema = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Invalid article slug')
    .max(200),
});

/** `GET /api/articles?page&limit`: numbered pages, limit ≤ 100 (default 24; ADR 014). */
export const ArticleListQuerySchema = PageQuerySchema;

/**
 * `GET /api/admin/articles?q&page&limit`: drafts too, newest first, with the SPEC §2 search over
 * title, author, category and content.
 */
export const AdminArticleListQuerySchema = PageQuerySchema.extend({ q: AdminSearchSchema });
export type AdminArticleListQuery = z.output<typeof AdminArticleListQuerySchema>;

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

/**
 * SPEC §5 Article form (`POST /api/admin/articles`, `PATCH /api/admin/articles/:id`).
 * Read time falls back to 5; an empty slug comes from the title.
 */
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
export type ArticleForm = z.output<typeof ArticleFormSchema>;

/** An article as the admin API returns it: every column, drafts included. */
export const AdminArticleSchema = PublicArticleSchema.extend({
  content: z.string(),
  published: z.boolean(),
});
export type AdminArticle = z.infer<typeof AdminArticleSchema>;

/** `GET /api/admin/articles` → one page of articles, newest first, and the matches in all. */
export const AdminArticleListResponseSchema = PageInfoSchema.extend({
  articles: z.array(AdminArticleSchema),
});
export type AdminArticleListResponse = z.infer<typeof AdminArticleListResponseSchema>;
/** `POST`/`PATCH /api/admin/articles[/:id]` → the saved article. */
export const AdminArticleResponseSchema = z.object({ article: AdminArticleSchema });

/** "en-US long date" of SPEC §9: `November 21, 2026`, in Lagos time. */
export function formatLongDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'Africa/Lagos',
  });
}
