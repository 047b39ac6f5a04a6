import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildAdapter,
  checkEnv,
  env,
  ENV_VARIABLES,
  EnvError,
  envTableRows,
  siteUrl,
} from './env.ts';

/** The rows of the "Environment variables" table of docs/environment.md: `| variable | default | meaning |`. */
function readmeRows() {
  const guide = readFileSync(new URL('../../docs/environment.md', import.meta.url), 'utf8');
  const section = guide.split('<!-- env-table:start')[1]?.split('<!-- env-table:end')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [variable, defaults, meaning] = line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim());
      return { variable, default: defaults, meaning };
    });
}

describe('environment variables', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('the docs/environment.md table lists exactly the variables of the schema, as `npm run docs:env` writes them', () => {
    expect(readmeRows()).toEqual(envTableRows());
    expect(readmeRows().map((r) => r.variable)).toEqual(
      Object.keys(ENV_VARIABLES).map((name) => `\`${name}\``),
    );
  });

  it('parses values with their types and defaults; empty means unset', () => {
    vi.stubEnv('PORT', '8080');
    vi.stubEnv('SEED', 'false');
    vi.stubEnv('LOG_LEVEL', '');
    expect(env('PORT')).toBe(8080);
    expect(env('SEED')).toBe(false);
    expect(env('LOG_LEVEL')).toBe('info');
    vi.stubEnv('SITE_URL', 'https://example.ng/');
    expect(siteUrl()).toBe('https://example.ng');
  });

  it('names every bad value in one clear error, hiding secrets', () => {
    const check = () =>
      checkEnv({
        LOG_LEVEL: 'verbose',
        PORT: 'eighty',
        SEED: 'no',
        BETTER_AUTH_SECRET: 'short',
        SITE_URL: 'javascript:alert(1)',
      });
    expect(check).toThrow(EnvError);
    expect(check).toThrow(
      [
        'Invalid environment variables:',
        '  - PORT="eighty" must be a port number',
        '  - SITE_URL="javascript:alert(1)" must be an http(s) URL (the public origin, e.g. https://lagosautohub.ng)',
        '  - SEED="no" must be true or false',
        '  - BETTER_AUTH_SECRET=(hidden) must be at least 32 characters (openssl rand -base64 32)',
        '  - LOG_LEVEL="verbose" must be one of debug, info, warn, error, silent',
      ].join('\n'),
    );
    expect(() => checkEnv({})).not.toThrow();
  });

  it('the getter throws the same message for a bad value it is asked for', () => {
    vi.stubEnv('LOG_LEVEL', 'loud');
    expect(() => env('LOG_LEVEL')).toThrow(
      'LOG_LEVEL="loud" must be one of debug, info, warn, error, silent',
    );
  });

  it("chooses the build's adapter: ADAPTER, else Netlify's in a build for Netlify, else node", () => {
    vi.stubEnv('ADAPTER', '');
    vi.stubEnv('NETLIFY', '');
    vi.stubEnv('NETLIFY_LOCAL', '');
    expect(buildAdapter()).toBe('node');
    vi.stubEnv('NETLIFY_LOCAL', 'true');
    expect(buildAdapter()).toBe('netlify');
    vi.stubEnv('ADAPTER', 'node');
    expect(buildAdapter()).toBe('node');
    vi.stubEnv('ADAPTER', 'local');
    expect(() => buildAdapter()).toThrow('ADAPTER="local" must be netlify or node');
  });
});
