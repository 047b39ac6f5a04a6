import { describe, expect, it } from 'vitest';
import { CSP_DIRECTIVES } from '../../common/config/security-headers.ts';
import { PHOTO_FILE_PATTERN, PHOTO_URL_PREFIX, photoKey } from './photos.service.ts';

describe('photo URLs and keys (issue 26.3)', () => {
  it('are served from our own origin, which the CSP’s img-src allows', () => {
    expect(PHOTO_URL_PREFIX.startsWith('/api/')).toBe(true);
    const imgSrc = CSP_DIRECTIVES.find((directive) => directive.startsWith('img-src '));
    expect(imgSrc?.split(' ')).toContain("'self'");
  });

  it('name variant files by content hash only', () => {
    expect(PHOTO_FILE_PATTERN.test(`${'0a'.repeat(16)}.avif`)).toBe(true);
    for (const name of ['x.jpg', `${'0a'.repeat(16)}.svg`, `../${'0a'.repeat(16)}.jpg`])
      expect(PHOTO_FILE_PATTERN.test(name), name).toBe(false);
    expect(photoKey('abc', 'f.jpg')).toBe('listings/abc/f.jpg');
  });
});
