import { z } from 'zod';
import { normaliseText } from '../search/understand.ts';
import { CATEGORY_PAGES, type CategoryPageKey } from './categories.ts';

/**
 * The admin's "Search words" panel (issue 35.7, ADR 062): synonym groups and misspellings an
 * admin teaches search, merged with the shipped vocabulary at query time. One schema for the
 * panel and `POST /api/admin/search-words`.
 */

/** The most members one admin synonym group holds. */
export const MAX_GROUP_TERMS = 12;
/** The longest word or phrase (characters, after normalisation). */
export const MAX_SEARCH_WORD_CHARS = 60;

const CATEGORY_KEYS = Object.keys(CATEGORY_PAGES) as [CategoryPageKey, ...CategoryPageKey[]];

/** A word or phrase as search reads it: lower-case letters and digits, single spaces. */
const searchWord = (label: string) =>
  z
    .string()
    .max(200, `${label} is too long`)
    .transform((value) => normaliseText(value))
    .pipe(
      z
        .string()
        .min(2, `${label} needs at least 2 letters`)
        .max(MAX_SEARCH_WORD_CHARS, `${label} must be at most ${MAX_SEARCH_WORD_CHARS} characters`),
    );

/** Members typed as one comma-separated line ("okada, motorcycle, bike") or as a list. */
const termList = z
  .union([z.string().max(1000, 'Too many words'), z.array(z.string().max(200)).max(50)])
  .transform((value) => (typeof value === 'string' ? value.split(',') : value))
  .transform((items) => [...new Set(items.map(normaliseText).filter(Boolean))])
  .pipe(
    z
      .array(
        z
          .string()
          .min(2, 'Each word needs at least 2 letters')
          .max(
            MAX_SEARCH_WORD_CHARS,
            `Each word must be at most ${MAX_SEARCH_WORD_CHARS} characters`,
          ),
      )
      .min(2, 'Give at least two different words that mean the same')
      .max(MAX_GROUP_TERMS, `At most ${MAX_GROUP_TERMS} words in one group`),
  );

export const SearchWordFormSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('synonyms'),
    terms: termList,
    category: z
      .union([z.enum(CATEGORY_KEYS), z.literal('')])
      .optional()
      .transform((value) => (value ? value : null)),
  }),
  z
    .object({
      kind: z.literal('misspelling'),
      wrong: searchWord('The misspelling'),
      right: searchWord('The right word'),
    })
    .refine((value) => value.wrong !== value.right, {
      message: 'The misspelling and the right word are the same',
      path: ['right'],
    })
    .refine((value) => !value.wrong.includes(' ') || value.wrong.split(' ').length <= 3, {
      message: 'A misspelling is at most three words',
      path: ['wrong'],
    }),
]);
export type SearchWordForm = z.output<typeof SearchWordFormSchema>;

/** One admin addition as the panel lists it. */
export const SearchWordSchema = z.object({
  id: z.string(),
  kind: z.enum(['synonyms', 'misspelling']),
  terms: z.array(z.string()),
  category: z.string().nullable(),
  createdBy: z.string().nullable(),
  /** The adding admin's display name; null when the account is gone. */
  createdByName: z.string().nullable(),
  /** True when the signed-in admin added it (only they may remove it). */
  mine: z.boolean(),
  createdAt: z.string(),
});
export type SearchWord = z.output<typeof SearchWordSchema>;

/** One line of the change log: who added or removed what, when. */
export const SearchWordLogEntrySchema = z.object({
  id: z.string(),
  action: z.enum(['added', 'removed']),
  kind: z.string(),
  terms: z.array(z.string()),
  adminName: z.string().nullable(),
  createdAt: z.string(),
});
export type SearchWordLogEntry = z.output<typeof SearchWordLogEntrySchema>;

/** `GET /api/admin/search-words`: every addition (oldest first) and the latest 50 changes. */
export const SearchWordsResponseSchema = z.object({
  words: z.array(SearchWordSchema),
  log: z.array(SearchWordLogEntrySchema),
});
export type SearchWordsResponse = z.output<typeof SearchWordsResponseSchema>;

/** `POST /api/admin/search-words` answer (201). */
export const SearchWordResponseSchema = z.object({ word: SearchWordSchema });
