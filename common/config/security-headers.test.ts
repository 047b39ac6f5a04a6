import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  applySecurityHeaders,
  DEFAULT_CSP,
  securityHeaders,
  HEAD_SCRIPT,
  HEAD_SCRIPT_HASH,
} from './security-headers';

describe('security headers (issue 12.9)', () => {
  it('script-src allows the head script by its sha256', () => {
    const hash = createHash('sha256').update(HEAD_SCRIPT).digest('base64');
    expect(HEAD_SCRIPT_HASH).toBe(`sha256-${hash}`);
    expect(DEFAULT_CSP).toContain(`'${HEAD_SCRIPT_HASH}'`);
  });

  it('the head script parses as a classic script', () => {
    expect(() => new Function(HEAD_SCRIPT)).not.toThrow();
  });

  it('the default policy allows no inline script, no eval, no framing, no plugins', () => {
    const scriptSrc = /script-src ([^;]*)/.exec(DEFAULT_CSP)![1]!;
    expect(scriptSrc).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|https?:/);
    expect(DEFAULT_CSP).toContain("frame-ancestors 'none'");
    expect(DEFAULT_CSP).toContain("object-src 'none'");
    expect(DEFAULT_CSP).toContain("base-uri 'self'");
  });

  it('HSTS only over https; a page keeps its own CSP', () => {
    expect(securityHeaders({ https: false })).not.toHaveProperty('strict-transport-security');
    expect(securityHeaders({ https: true })['strict-transport-security']).toMatch(/max-age=\d+/);
    const headers = new Headers({ 'content-security-policy': "script-src 'self' 'sha256-x'" });
    applySecurityHeaders(headers, { https: false });
    expect(headers.get('content-security-policy')).toBe("script-src 'self' 'sha256-x'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('permissions-policy')).toContain('geolocation=(self)');
  });
});
