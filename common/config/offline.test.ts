import { describe, expect, it } from 'vitest';
import { isKeptPage, isPublicResponse } from './offline';

describe('what the service worker keeps (issue 22.5, ADR 030)', () => {
  it('keeps business pages and articles, not lists, forms, accounts or the API', () => {
    expect(isKeptPage('/business/yaba-precision-auto-workshop/')).toBe(true);
    expect(isKeptPage('/articles/how-to-choose-a-mechanic-you-can-trust/')).toBe(true);
    for (const path of [
      '/',
      '/mechanic/',
      '/articles/',
      '/articles/page/2/',
      '/business/',
      '/business/x',
      '/business/x/extra/',
      '/account/',
      '/admin/',
      '/api/directory/1/contact',
      '/saved/',
      '/offline/',
    ]) {
      expect(isKeptPage(path), path).toBe(false);
    }
  });

  it('keeps only full answers the server marked public', () => {
    // A page cached by tag (src/render/cache.ts) and a hashed asset.
    expect(isPublicResponse(200, 'public, max-age=0, must-revalidate')).toBe(true);
    expect(isPublicResponse(200, 'public, max-age=31536000, immutable')).toBe(true);
    expect(isPublicResponse(200, 'Public,Max-Age=0')).toBe(true);
    // The API's and per-user answers, errors, and answers that say nothing.
    expect(isPublicResponse(200, 'no-store')).toBe(false);
    expect(isPublicResponse(200, 'private, max-age=60')).toBe(false);
    expect(isPublicResponse(200, 'public, no-store')).toBe(false);
    expect(isPublicResponse(200, 'public, private')).toBe(false);
    expect(isPublicResponse(200, null)).toBe(false);
    expect(isPublicResponse(200, 'max-age=60')).toBe(false);
    expect(isPublicResponse(404, 'public, max-age=0')).toBe(false);
    expect(isPublicResponse(206, 'public, max-age=0')).toBe(false);
  });
});
