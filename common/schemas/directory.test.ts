import { describe, expect, it } from 'vitest';
import {
  DirectoryListQuerySchema,
  countsForServiceCard,
  locationLine,
  matchesTypeFilter,
  verificationBadge,
} from './directory.ts';

const biz = (
  over: Partial<{ business_type: string; services: string | null; tags: string[] }> = {},
) => ({
  business_type: 'Other',
  services: null as string | null,
  tags: [] as string[],
  ...over,
});

describe('countsForServiceCard (SPEC §9)', () => {
  it('counts when business_type contains the card type, any case', () => {
    expect(
      countsForServiceCard(biz({ business_type: 'Auto BODY WORK & Paint' }), 'Body Work'),
    ).toBe(true);
  });

  it('counts when services contain the card type, any case', () => {
    expect(
      countsForServiceCard(biz({ services: 'spray painting, body work, welding' }), 'Body Work'),
    ).toBe(true);
  });

  it('counts when a tag equals the card type exactly', () => {
    expect(countsForServiceCard(biz({ tags: ['Mechanic', 'Body Work'] }), 'Body Work')).toBe(true);
  });

  it('does not count a tag that only differs in case', () => {
    expect(countsForServiceCard(biz({ tags: ['body work'] }), 'Body Work')).toBe(false);
  });

  it('does not count a tag that only contains the card type', () => {
    expect(countsForServiceCard(biz({ tags: ['Body Work & Paint'] }), 'Body Work')).toBe(false);
  });

  it('a lower-case tag still counts if type or services match', () => {
    expect(
      countsForServiceCard(biz({ tags: ['body work'], business_type: 'Body Work' }), 'Body Work'),
    ).toBe(true);
    expect(
      countsForServiceCard(biz({ tags: ['body work'], services: 'BODY WORK' }), 'Body Work'),
    ).toBe(true);
  });

  it('non-matching business → false (services null tolerated)', () => {
    expect(
      countsForServiceCard(
        biz({ business_type: 'Car Wash', services: null, tags: ['Tyres'] }),
        'Mechanic',
      ),
    ).toBe(false);
  });
});

describe('matchesTypeFilter (SPEC §7)', () => {
  it('matches a tag by case-insensitive substring', () => {
    expect(matchesTypeFilter(biz({ tags: ['Body Work & Paint'] }), 'body work')).toBe(true);
    expect(matchesTypeFilter(biz({ tags: ['body work'] }), 'BODY WORK')).toBe(true);
  });

  it('matches business_type and services case-insensitively', () => {
    expect(
      matchesTypeFilter(biz({ business_type: 'Mechanic / Repair Services' }), 'mechanic'),
    ).toBe(true);
    expect(matchesTypeFilter(biz({ services: 'Engine REPAIR' }), 'repair')).toBe(true);
  });

  it('rejects when nothing matches', () => {
    expect(
      matchesTypeFilter(
        biz({ business_type: 'Car Wash', services: 'washing', tags: ['Detailing'] }),
        'mechanic',
      ),
    ).toBe(false);
  });
});

describe('verificationBadge (SPEC §4)', () => {
  it.each([
    ['verified', 'Verified'],
    ['verification_pending', 'Verification Pending'],
    ['not_verified', 'Not Verified'],
  ])('%s → %s', (status, badge) => {
    expect(verificationBadge(status)).toBe(badge);
  });

  it.each([['pending'], [''], [null], [undefined], ['other'], ['Verified']])(
    '%s → null',
    (status) => {
      expect(verificationBadge(status as string | null | undefined)).toBeNull();
    },
  );

  // "Other or missing values show no badge": inherited Object property names are "other" values too.
  // Currently FAILS: `status in VERIFICATION_BADGES` walks the prototype chain.
  it('inherited property names (toString, constructor, __proto__, hasOwnProperty) → null', () => {
    for (const status of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(verificationBadge(status), status).toBeNull();
    }
  });
});

describe('locationLine', () => {
  it('joins general_location, city, state in that order', () => {
    expect(locationLine({ general_location: 'Ladipo', city: 'Mushin', state: 'Lagos' })).toBe(
      'Ladipo, Mushin, Lagos',
    );
  });

  it('drops null, empty and blank parts and trims', () => {
    expect(locationLine({ general_location: '  ', city: ' Ikeja ', state: null })).toBe('Ikeja');
    expect(locationLine({ general_location: null, city: '', state: 'Lagos' })).toBe('Lagos');
    expect(locationLine({ general_location: null, city: null, state: null })).toBe('');
  });

  it('drops duplicates', () => {
    expect(locationLine({ general_location: 'Lagos', city: 'Lagos', state: 'Lagos' })).toBe(
      'Lagos',
    );
    expect(locationLine({ general_location: 'Ikeja', city: 'Lagos', state: 'Lagos ' })).toBe(
      'Ikeja, Lagos',
    );
  });
});

describe('DirectoryListQuerySchema', () => {
  it('defaults limit to one page of 24 and allows no filters', () => {
    expect(DirectoryListQuerySchema.parse({})).toEqual({ limit: 24 });
  });

  it('coerces limit and page and enforces 1..100 rows (ADR 011: every list is paged)', () => {
    expect(DirectoryListQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    expect(DirectoryListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(DirectoryListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(DirectoryListQuerySchema.parse({ page: '3' }).page).toBe(3);
    expect(DirectoryListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(DirectoryListQuerySchema.safeParse({ page: '5001' }).success).toBe(false);
  });

  it('takes a category page key, and either a cursor or a page, not both', () => {
    expect(DirectoryListQuerySchema.parse({ category: 'mechanic' }).category).toBe('mechanic');
    expect(DirectoryListQuerySchema.safeParse({ category: 'spaceships' }).success).toBe(false);
    expect(DirectoryListQuerySchema.safeParse({ cursor: 'abc', page: '2' }).success).toBe(false);
  });

  it('trims type and location and caps them at 100 characters', () => {
    expect(DirectoryListQuerySchema.parse({ type: ' Parts ', location: ' Lekki ' })).toMatchObject({
      type: 'Parts',
      location: 'Lekki',
    });
    expect(DirectoryListQuerySchema.safeParse({ type: 'a'.repeat(101) }).success).toBe(false);
    expect(DirectoryListQuerySchema.safeParse({ location: 'a'.repeat(101) }).success).toBe(false);
  });
});
