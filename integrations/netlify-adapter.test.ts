import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NETLIFY_FUNCTION_FILES, netlifyAdapter } from './netlify-adapter.ts';

describe('the Netlify adapter (ADR 017, 037)', () => {
  it('includes files that exist, read at run time by the Open Graph images', () => {
    for (const file of NETLIFY_FUNCTION_FILES.includeFiles) expect(existsSync(file)).toBe(true);
  });

  it('keeps the embedded database engine, local data and tests out of the function', () => {
    expect(NETLIFY_FUNCTION_FILES.excludeFiles).toEqual(
      expect.arrayContaining(['./.data/**', './tests/**', './node_modules/@electric-sql/**']),
    );
  });

  it('is the Netlify adapter', () => {
    expect(netlifyAdapter().name).toBe('@astrojs/netlify');
  });
});
