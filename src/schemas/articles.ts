import { z } from 'zod';

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
export interface PublicArticle {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  author: string | null;
  category: ArticleCategory;
  read_time: number;
  featured: boolean;
  image_url: string | null;
  meta_title: string | null;
  meta_description: string | null;
  created_at: string;
  updated_at: string;
  /** Markdown source (body rules of SPEC §2); absent in list responses. */
  content?: string;
}

export const ArticleSlugSchema = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Invalid article slug')
    .max(200),
});

export const ArticleListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** "en-US long date" of SPEC §9: `November 21, 2026`, in Lagos time. */
export function formatLongDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'Africa/Lagos',
  });
}
