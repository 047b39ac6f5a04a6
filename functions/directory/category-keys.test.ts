import { describe, expect, it } from 'vitest';
import { CATEGORY_FILTERS } from '../db/migrations/2026_11_23_0001_directory_pages.ts';
import { CATEGORY_KEY_BY_FILTER } from './search.repository.ts';

describe('category keys (issue 25.4)', () => {
  it('the search reads category_keys with the filters the database computed them from', () => {
    expect(
      Object.fromEntries([...CATEGORY_KEY_BY_FILTER].map(([filter, key]) => [key, filter])),
    ).toEqual(CATEGORY_FILTERS);
  });
});
