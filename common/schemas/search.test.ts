import { describe, expect, it } from 'vitest';
import {
  DirectorySearchQuerySchema,
  MAX_SEARCH_TERMS,
  SEARCH_SYNONYMS,
  parseSearchQuery,
} from './search.ts';

const sorted = (terms: readonly (readonly string[])[]) => terms.map((t) => [...t].sort());

describe('parseSearchQuery (SPEC §7 search, issue 11: every word must match)', () => {
  it('returns no terms for empty and blank queries', () => {
    expect(parseSearchQuery('')).toEqual([]);
    expect(parseSearchQuery('   \t\n ')).toEqual([]);
    expect(parseSearchQuery(' , ,, ')).toEqual([]);
  });

  it('splits on whitespace and commas, lower-cased: one term per word', () => {
    expect(parseSearchQuery('  Ikeja   TYRE\t')).toEqual([['ikeja'], ['tyre']]);
    expect(parseSearchQuery('Ikeja,tyre')).toEqual([['ikeja'], ['tyre']]);
    expect(parseSearchQuery('ikeja\nlagos')).toEqual([['ikeja'], ['lagos']]);
  });

  it('has exactly the seven SPEC groups', () => {
    expect(sorted(SEARCH_SYNONYMS)).toEqual(
      sorted([
        ['car sales', 'dealership'],
        ['car repair', 'auto repair', 'mechanic'],
        ['car parts', 'spare parts'],
        ['body work', 'panel beating'],
        ['breakdown', 'towing', 'recovery'],
        ['workshop', 'garage'],
        ['windscreen', 'windshield', 'glass'],
      ]),
    );
  });

  for (const group of SEARCH_SYNONYMS) {
    for (const member of group) {
      it(`"${member}" is one term expanded to its whole group, next to the other words`, () => {
        const terms = parseSearchQuery(`${member.toUpperCase()} Surulere`);
        expect(terms).toHaveLength(2);
        expect([...terms[0]!].sort()).toEqual([...group].sort());
        expect(terms[1]).toEqual(['surulere']);
      });
    }
  }

  it('recognises multi-word synonyms before splitting: "panel beating surulere"', () => {
    expect(sorted(parseSearchQuery('Panel   beating Surulere'))).toEqual([
      ['body work', 'panel beating'],
      ['surulere'],
    ]);
    expect(sorted(parseSearchQuery('spare parts'))).toEqual([['car parts', 'spare parts']]);
  });

  it('keeps the words of a phrase that is not a synonym apart', () => {
    expect(parseSearchQuery('panel Ikeja beating')).toEqual([['panel'], ['ikeja'], ['beating']]);
    expect(parseSearchQuery('car wash')).toEqual([['car'], ['wash']]);
  });

  it('expands a word containing a member and drops alternatives implied by a shorter one', () => {
    // "mechanics" contains "mechanic", so it is redundant next to it in the OR.
    expect(sorted(parseSearchQuery('Mechanics'))).toEqual([
      ['auto repair', 'car repair', 'mechanic'],
    ]);
    expect(sorted(parseSearchQuery('garages'))).toEqual([['garage', 'workshop']]);
  });

  it('drops duplicate terms and terms implied by a stricter one', () => {
    expect(parseSearchQuery('tyre tyres TYRE')).toEqual([['tyres']]);
    expect(sorted(parseSearchQuery('mechanic garage mechanic'))).toEqual([
      ['auto repair', 'car repair', 'mechanic'],
      ['garage', 'workshop'],
    ]);
    // Every alternative of the group contains "a", so "a" adds nothing.
    expect(sorted(parseSearchQuery('a mechanic'))).toEqual([
      ['auto repair', 'car repair', 'mechanic'],
    ]);
  });

  it('keeps LIKE and regex characters as ordinary text', () => {
    expect(parseSearchQuery('50% off_road \\x')).toEqual([['50%'], ['off_road'], ['\\x']]);
  });

  it(`keeps at most ${MAX_SEARCH_TERMS} terms`, () => {
    const words = Array.from({ length: 20 }, (_, i) => `word${String(i).padStart(2, '0')}x`);
    expect(parseSearchQuery(words.join(' '))).toHaveLength(MAX_SEARCH_TERMS);
  });
});

describe('DirectorySearchQuerySchema (issue 11 paging)', () => {
  it('trims q and defaults limit to 24 and the sort to relevance (issue 35)', () => {
    expect(DirectorySearchQuerySchema.parse({ q: '  mechanic  ' })).toEqual({
      q: 'mechanic',
      limit: 24,
      sort: 'relevance',
    });
    expect(DirectorySearchQuerySchema.parse({ q: 'x', sort: 'newest' }).sort).toBe('newest');
    expect(DirectorySearchQuerySchema.safeParse({ q: 'x', sort: 'oldest' }).success).toBe(false);
  });

  it('accepts limits 1 to 100, rejects 0, 101 and non-integers', () => {
    for (const ok of ['1', '24', '100'])
      expect(DirectorySearchQuerySchema.safeParse({ q: 'x', limit: ok }).success).toBe(true);
    for (const bad of ['0', '101', '2.5', 'abc'])
      expect(DirectorySearchQuerySchema.safeParse({ q: 'x', limit: bad }).success).toBe(false);
    const over = DirectorySearchQuerySchema.safeParse({ q: 'x', limit: '101' });
    expect(over.error?.issues[0]?.message).toBe('Must be at most 100');
  });

  it('rejects q over 200 characters (after trimming) with a message', () => {
    expect(DirectorySearchQuerySchema.safeParse({ q: `  ${'a'.repeat(200)}  ` }).success).toBe(
      true,
    );
    const bad = DirectorySearchQuerySchema.safeParse({ q: 'a'.repeat(201) });
    expect(bad.error?.issues[0]?.path).toEqual(['q']);
    expect(bad.error?.issues[0]?.message).toBe('Must be at most 200 characters');
  });

  it('drops NUL characters, which Postgres text cannot hold', () => {
    expect(DirectorySearchQuerySchema.parse({ q: 'ty\u0000re', type: '\u0000x' })).toMatchObject({
      q: 'tyre',
      type: 'x',
    });
  });

  it('requires q and keeps the optional filters and cursor trimmed', () => {
    expect(DirectorySearchQuerySchema.safeParse({}).success).toBe(false);
    expect(
      DirectorySearchQuerySchema.parse({
        q: 'x',
        type: ' Mechanic ',
        location: ' Ikeja ',
        cursor: 'abc',
      }),
    ).toEqual({
      q: 'x',
      type: 'Mechanic',
      location: 'Ikeja',
      cursor: 'abc',
      limit: 24,
      sort: 'relevance',
    });
  });
});
