import { z } from 'zod';
import { variable, text, url, type Variable } from './variable.ts';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Logging, benchmarks and what the platform sets (Node, Netlify, the build's adapter). */
export const PLATFORM_VARIABLES = {
  LOG_LEVEL: variable(
    z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).default('info'),
    {
      default: '`info`',
      meaning: 'least severe JSON log line written: `debug`, `info`, `warn`, `error` or `silent`',
    },
  ),
  BENCH_PORT: variable(
    z.coerce
      .number('must be a port number')
      .int('must be a port number')
      .min(1, 'must be a port number')
      .max(65_535, 'must be a port number')
      .default(4399),
    { default: '`4399`', meaning: 'where `npm run bench` serves the site it measures' },
  ),
  CHROMIUM_PATH: variable(z.string().default('/usr/bin/chromium'), {
    default: '`/usr/bin/chromium`',
    meaning: 'browser for `npm run bench` and the end-to-end tests',
  }),
  NODE_ENV: variable(text(), {
    default: 'unset',
    meaning: '`production` requires `BETTER_AUTH_SECRET`; `test` (Vitest) checks API responses',
  }),
  NETLIFY: variable(text(), {
    default: 'set by Netlify',
    meaning: '`true` in a build on Netlify: the Netlify adapter, a database URL required',
  }),
  NETLIFY_LOCAL: variable(text(), {
    default: 'set by netlify-cli',
    meaning: '`true` in `netlify build` / `netlify serve` on a machine: builds as on Netlify',
  }),
  SITE_ID: variable(text(), {
    default: 'set by Netlify',
    meaning: "the site's id, which `purgeCache` names in its purge requests",
  }),
  NETLIFY_PURGE_API_TOKEN: variable(text(), {
    default: 'set by Netlify',
    meaning: "token of the functions' CDN purge requests (`purgeCache`)",
    secret: true,
  }),
  NETLIFY_API_URL: variable(url('a Netlify API base for the CDN purge'), {
    default: "Netlify's",
    meaning: 'only to point `purgeCache` at a fake (tests)',
  }),
  CONTEXT: variable(text(), {
    default: 'set by Netlify',
    meaning: 'Netlify deploy context (`production`, `deploy-preview`, ...)',
  }),
  URL: variable(url("the site's Netlify URL"), {
    default: 'set by Netlify',
    meaning: "the site's main address, used when `SITE_URL` is unset",
  }),
  DEPLOY_PRIME_URL: variable(url('a Netlify deploy URL'), {
    default: 'set by Netlify',
    meaning: 'address of this deploy (previews); the site URL outside production',
  }),
  ADAPTER: variable(z.enum(['netlify', 'node'], 'must be netlify or node').optional(), {
    default: '`node` (`netlify` on Netlify)',
    meaning: 'the Astro adapter of a build',
  }),
} satisfies Record<string, Variable>;
