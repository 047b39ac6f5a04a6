import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { describe, expect, it } from 'vitest';
import {
  STATIC_FILES_CSP,
  securityHeaders,
  staticFileHeaders,
} from '../common/config/security-headers.ts';
import { netlifyHeadersFile } from './headers.ts';

/** The `_headers` file as Netlify reads it: parsed with Netlify's own parser (@netlify/headers-parser). */
async function parsed() {
  const dir = mkdtempSync(path.join(tmpdir(), 'lagos-headers-'));
  const file = path.join(dir, '_headers');
  writeFileSync(file, netlifyHeadersFile());
  return parseAllHeaders({
    headersFiles: [file],
    netlifyConfigPath: path.resolve('netlify.toml'),
    configHeaders: [],
    minimal: true,
  });
}

describe('netlify/headers.ts: the _headers of the static files', () => {
  it("is valid for Netlify's parser, with netlify.toml beside it", async () => {
    const { errors } = await parsed();
    expect(errors).toEqual([]);
  });

  it('gives every path the security headers of common/config/security-headers.ts, HSTS included', async () => {
    const { headers } = await parsed();
    expect(headers.map((rule) => rule.for)).toEqual(['/*']);
    const all = headers.find((rule) => rule.for === '/*');
    expect(all?.values).toEqual(staticFileHeaders());
    expect(all?.values['content-security-policy']).toBe(STATIC_FILES_CSP);
    expect(all?.values['content-security-policy']).toContain("frame-ancestors 'none'");
    // A second policy restricting scripts would block the hashed inline scripts of each page.
    expect(all?.values['content-security-policy']).not.toMatch(/script-src|default-src/);
    expect(all?.values['strict-transport-security']).toMatch(/^max-age=\d+/);
  });
});

describe('common/config/security-headers.ts', () => {
  it('sends HSTS on https only', () => {
    expect(securityHeaders({ https: false })).not.toHaveProperty('strict-transport-security');
    expect(securityHeaders({ https: true })).toHaveProperty('strict-transport-security');
  });

  it('names the headers of issue 12.9', () => {
    expect(securityHeaders({ https: true })).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': expect.stringContaining('camera=()'),
    });
  });
});
