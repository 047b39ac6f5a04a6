import { describe, expect, it } from 'vitest';
import { ArticleListQuerySchema, ArticleSlugSchema, formatLongDate } from './articles.ts';

describe('formatLongDate (SPEC §9, Lagos time)', () => {
  it('formats en-US long date', () => {
    expect(formatLongDate('2026-11-21T10:00:00Z')).toBe('November 21, 2026');
  });

  it('uses Africa/Lagos (UTC+1): 23:30 UTC is the next day', () => {
    expect(formatLongDate('2026-11-21T23:30:00Z')).toBe('November 22, 2026');
  });

  it('22:59 UTC stays on the same day', () => {
    expect(formatLongDate('2026-11-21T22:59:00Z')).toBe('November 21, 2026');
  });

  it('rolls over a year end', () => {
    expect(formatLongDate('2026-12-31T23:15:00Z')).toBe('January 1, 2027');
  });
});

describe('ArticleSlugSchema', () => {
  it.each(['a-b-1', 'abc', '2026-news'])('accepts %s', (slug) => {
    expect(ArticleSlugSchema.safeParse({ slug }).success).toBe(true);
  });

  it.each(['Bad Slug', '-a', 'a-', 'a--b', '', 'Abc', 'a_b', 'café'])('rejects %j', (slug) => {
    expect(ArticleSlugSchema.safeParse({ slug }).success).toBe(false);
  });

  it('rejects slugs over 200 characters', () => {
    expect(ArticleSlugSchema.safeParse({ slug: 'a'.repeat(200) }).success).toBe(true);
    expect(ArticleSlugSchema.safeParse({ slug: 'a'.repeat(201) }).success).toBe(false);
  });
});

describe('ArticleListQuerySchema', () => {
  it('pages: defaults to page 1 of 24, coerces strings, limit bounded 1..100', () => {
    expect(ArticleListQuerySchema.parse({})).toEqual({ page: 1, limit: 24 });
    expect(ArticleListQuerySchema.parse({ limit: '3', page: '2' })).toEqual({ page: 2, limit: 3 });
    expect(ArticleListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(ArticleListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(ArticleListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});
