import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** True on Netlify or with NODE_ENV=production: secrets must come from the environment. */
export function isProduction(): boolean {
  return (
    process.env.NETLIFY === 'true' ||
    process.env.CONTEXT === 'production' ||
    process.env.NODE_ENV === 'production'
  );
}

/** The public origin of the site (SITE_URL, else Netlify's URL, else the local server). */
export function siteUrl(): string {
  const url =
    process.env.SITE_URL || process.env.URL || `http://localhost:${process.env.PORT || 4321}`;
  return url.replace(/\/$/, '');
}

/**
 * BETTER_AUTH_SECRET; locally, when unset, a random secret created once under .data/ so
 * sessions survive restarts. In production a missing secret is a start-up error.
 * @throws Error when unset in production.
 */
export function authSecret(): string {
  const fromEnv = process.env.BETTER_AUTH_SECRET;
  if (fromEnv) return fromEnv;
  if (isProduction())
    throw new Error('BETTER_AUTH_SECRET must be set (at least 32 random characters).');
  const file = path.resolve('.data/auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
