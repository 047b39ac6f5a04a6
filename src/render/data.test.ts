import { describe, expect, it } from 'vitest';
import { MAX_PAGE_NUMBER } from '../../common/schemas/directory';
import { numbered } from './data';

const page = (total: number) => ({ businesses: [], total, nextCursor: null });

describe('numbered pages (issue 28.3)', () => {
  it('splits a list into pages of 24, at least one', () => {
    expect(numbered(page(0), 1).pageCount).toBe(1);
    expect(numbered(page(24), 1).pageCount).toBe(1);
    expect(numbered(page(25), 2).pageCount).toBe(2);
  });

  it('stops at the deepest page served, whatever the total (a category of 307,685 at 1,000,000)', () => {
    expect(numbered(page(307_685), 1).pageCount).toBe(MAX_PAGE_NUMBER);
    expect(numbered(page(MAX_PAGE_NUMBER * 24 + 1), 1).pageCount).toBe(MAX_PAGE_NUMBER);
  });
});
