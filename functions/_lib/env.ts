import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { DEFAULT_MAP_TILE_URL, tileUrlProblem } from '../../common/config/map.ts';

/**
 * Every environment variable the project reads, in one place (ADR 013): its Zod schema, its
 * default and what it means. `checkEnv()` parses them all at start (the API, every script) and
 * fails with one clear message per bad value; `env(name)` is the typed getter the code uses.
 * The "Environment variables" table of docs/environment.md is generated from {@link ENV_VARIABLES}
 * (`npm run docs:env`, checked by env.test.ts). An empty value counts as unset.
 */

/** How a variable shows in docs/environment.md and in error messages. */
interface Variable<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** The default as a person reads it (docs/environment.md). */
  default: string;
  meaning: string;
  /** Never echoed in error messages. */
  secret?: boolean;
}

const variable = <S extends z.ZodType>(
  schema: S,
  doc: Omit<Variable<S>, 'schema'>,
): Variable<S> => ({ schema, ...doc });

const text = () => z.string().optional();
const url = (what: string) =>
  z.url({ protocol: /^https?$/, message: `must be an http(s) URL (${what})` }).optional();
const email = (fallback: string) => z.email('must be an e-mail address').default(fallback);

/** An IPv4/IPv6 address, or one with a /prefix (CIDR). */
export function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const ENV_VARIABLES = {
  PORT: variable(
    z.coerce
      .number('must be a port number')
      .int('must be a port number')
      .min(0, 'must be a port number')
      .max(65_535, 'must be a port number')
      .default(4321),
    { default: '`4321`', meaning: 'where `npm start` / `npm run dev` listen' },
  ),
  HOST: variable(z.string().default('localhost'), {
    default: '`localhost`',
    meaning: 'interface `npm start` / `npm run dev` listen on',
  }),
  SITE_URL: variable(url('the public origin, e.g. https://lagosautohub.ng'), {
    default: '`URL`, else `http://localhost:$PORT`',
    meaning: 'canonical URL of the site: links, cookies, e-mails',
  }),
  TRUSTED_PROXIES: variable(
    z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .refine(
              isAddressOrCidr,
              'must be a comma-separated list of IP addresses or CIDR ranges (e.g. 10.0.0.0/8, ::1)',
            ),
        ),
      ),
    {
      default: 'none',
      meaning: 'IPs/CIDRs of proxies whose `X-Forwarded-For` names the client (ADR 015)',
    },
  ),
  DATABASE_URL: variable(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    {
      default: 'unset',
      meaning: 'Postgres URL; unset means embedded PGlite. `*.neon.tech` hosts use the Neon driver',
      secret: true,
    },
  ),
  NETLIFY_DATABASE_URL: variable(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    {
      default: 'unset',
      meaning: 'set by Netlify DB (Neon); used when `DATABASE_URL` is unset',
      secret: true,
    },
  ),
  DATABASE_DRIVER: variable(z.enum(['pg', 'neon'], 'must be pg or neon').optional(), {
    default: 'auto',
    meaning: '`pg` or `neon` to force the driver for a URL',
  }),
  PGLITE_DATA_DIR: variable(z.string().default('.data/pglite'), {
    default: '`.data/pglite`',
    meaning: 'embedded database folder; only one process may open it (a lock enforces it)',
  }),
  SEED: variable(
    z
      .enum(['true', 'false'], 'must be true or false')
      .default('true')
      .transform((value) => value === 'true'),
    { default: '`true`', meaning: '`false` starts a fresh database empty' },
  ),
  SEED_SYNTHETIC: variable(
    z.coerce
      .number('must be a whole number')
      .int('must be a whole number')
      .min(0, 'must be a whole number')
      .max(1_000_000, 'must be at most 1000000')
      .default(0),
    {
      default: '`0`',
      meaning: 'a fresh database also gets N synthetic listings, 30 % pending (scale tests)',
    },
  ),
  CONTENT_DIR: variable(z.string().default('content'), {
    default: '`content`',
    meaning: 'the shipped content the seed loads (articles, service cards, sample businesses)',
  }),
  SITE_BUILD_DIR: variable(z.string().default('.data/site'), {
    default: '`.data/site`',
    meaning: 'where the local server keeps its build (reused while the code is unchanged)',
  }),
  BLOBS_DIR: variable(z.string().default('.data/blobs'), {
    default: '`.data/blobs`',
    meaning: 'where `npm start` keeps uploaded photos (Netlify Blobs on Netlify; ADR 039)',
  }),
  BETTER_AUTH_SECRET: variable(
    z.string().min(32, 'must be at least 32 characters (openssl rand -base64 32)').optional(),
    {
      default: 'generated into `.data/auth-secret` locally',
      meaning: 'signs sessions; required in production (32+ random characters)',
      secret: true,
    },
  ),
  LOCAL_ADMIN_EMAIL: variable(email('admin@lagosautohub.local'), {
    default: '`admin@lagosautohub.local`',
    meaning: 'the admin created on a fresh local database',
  }),
  LOCAL_ADMIN_PASSWORD: variable(z.string().min(6, 'must be at least 6 characters').optional(), {
    default: 'random, printed once',
    meaning: 'password of that admin',
    secret: true,
  }),
  MAIL_FROM: variable(z.string().default('Lagos Auto Hub <no-reply@lagosautohub.local>'), {
    default: '`Lagos Auto Hub <no-reply@lagosautohub.local>`',
    meaning: 'sender of our e-mails (a verified SendGrid sender in production)',
  }),
  SENDGRID_API_KEY: variable(text(), {
    default: 'unset',
    meaning: 'send e-mail through SendGrid; unset means the local outbox',
    secret: true,
  }),
  SENDGRID_BASE_URL: variable(url('a SendGrid API base'), {
    default: "SendGrid's",
    meaning: 'only to point the client at a fake (tests)',
  }),
  ADMIN_NOTIFY_EMAIL: variable(email('admin@lagosautohub.local'), {
    default: '`admin@lagosautohub.local`',
    meaning: 'receives new-listing, Find It and contact notifications',
  }),
  MAIL_OUTBOX_DIR: variable(z.string().default('.data/mail'), {
    default: '`.data/mail`',
    meaning: 'where the local outbox writes one file per e-mail',
  }),
  TERMII_API_KEY: variable(text(), {
    default: 'unset',
    meaning:
      'send SMS (sign-in codes) through Termii, with `TERMII_SENDER_ID`; unset means the local SMS outbox',
    secret: true,
  }),
  TERMII_SENDER_ID: variable(
    z
      .string()
      .regex(
        /^[A-Za-z0-9 ]{3,11}$/,
        'must be 3–11 letters or digits (a sender ID registered with Termii)',
      )
      .optional(),
    {
      default: 'unset',
      meaning:
        'the sender ID Termii approved for the account (e.g. `LagosAuto`); needed with the key',
    },
  ),
  TERMII_BASE_URL: variable(url('a Termii API base'), {
    default: '`https://v3.api.termii.com`',
    meaning: "the account's Termii API base (its dashboard shows it), or a fake (tests)",
  }),
  SMS_OUTBOX_DIR: variable(z.string().default('.data/sms'), {
    default: '`.data/sms`',
    meaning: 'where the local SMS outbox writes one file per text message',
  }),
  GOOGLE_PLACES_API_KEY: variable(text(), {
    default: 'unset',
    meaning:
      'bulk import searches Google Places (Text Search); unset means OpenStreetMap (Overpass)',
    secret: true,
  }),
  GOOGLE_PLACES_BASE_URL: variable(url('a Google Places API base'), {
    default: 'the public service',
    meaning: 'only to point the provider at a fake (tests)',
  }),
  OVERPASS_BASE_URL: variable(url('an Overpass API base'), {
    default: 'the public service',
    meaning: 'only to point the provider at a fake (tests)',
  }),
  MAP_TILE_URL: variable(
    z
      .string()
      .default(DEFAULT_MAP_TILE_URL)
      .superRefine((value, ctx) => {
        const problem = tileUrlProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    {
      default: '`https://tile.openstreetmap.org/{z}/{x}/{y}.png`',
      meaning:
        'map tiles (`{z}/{x}/{y}`, `{s}` allowed), baked into the build with its origin in the CSP (ADR 021)',
    },
  ),
  MAP_TILE_ATTRIBUTION: variable(z.string().max(200, 'must be at most 200 characters').optional(), {
    default: 'unset',
    meaning: "the tile provider's credit (plain text), shown after OpenStreetMap's on every map",
  }),
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

export type EnvName = keyof typeof ENV_VARIABLES;
export type EnvValues = { [K in EnvName]: z.output<(typeof ENV_VARIABLES)[K]['schema']> };

/** One or more variables have values their schema refuses; the message names each of them. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment variables:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

type Source = Record<string, string | undefined>;

const raw = (source: Source, name: EnvName) => source[name] || undefined;

function problem(name: EnvName, value: string, error: z.ZodError): string {
  const shown = (ENV_VARIABLES[name] as Variable).secret ? '(hidden)' : JSON.stringify(value);
  return `${name}=${shown} ${error.issues[0]?.message ?? 'is invalid'}`;
}

const cache = new Map<EnvName, { raw: string | undefined; value: unknown }>();

/**
 * The typed value of one variable (its default when unset). Reads `process.env` each time, so a
 * test that sets a variable sees it; the parse itself is cached per raw value.
 * @throws EnvError when the value is invalid.
 */
export function env<K extends EnvName>(name: K): EnvValues[K] {
  const value = raw(process.env, name);
  const hit = cache.get(name);
  if (hit && hit.raw === value) return hit.value as EnvValues[K];
  const result = ENV_VARIABLES[name].schema.safeParse(value);
  if (!result.success) throw new EnvError([problem(name, value ?? '', result.error)]);
  cache.set(name, { raw: value, value: result.data });
  return result.data as EnvValues[K];
}

/**
 * Parses every variable at once; call it at start (createApi, each script).
 * @throws EnvError listing every invalid value.
 */
export function checkEnv(source: Source = process.env): void {
  const problems: string[] = [];
  for (const name of Object.keys(ENV_VARIABLES) as EnvName[]) {
    const value = raw(source, name);
    const result = ENV_VARIABLES[name].schema.safeParse(value);
    if (!result.success) problems.push(problem(name, value ?? '', result.error));
  }
  if (problems.length > 0) throw new EnvError(problems);
}

/**
 * The whole environment with `overrides`, to hand to a child process (which checks it itself at
 * start): the one sanctioned way to pass `process.env` on.
 */
export function childEnvironment(overrides: Record<string, string> = {}): Record<string, string> {
  const inherited = Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  return { ...Object.fromEntries(inherited), ...overrides };
}

/**
 * True inside a Netlify function (deployed, or `netlify serve`): Netlify's runtime defines the
 * `Netlify` global there (its documented `Netlify.env` / `Netlify.context`). The build's `NETLIFY`
 * variable does not reach functions at run time (only `URL`, `SITE_NAME` and `SITE_ID` do), so it
 * cannot tell.
 */
export function inNetlifyFunction(): boolean {
  const scope = globalThis as { Netlify?: unknown };
  return typeof scope.Netlify === 'object' && scope.Netlify !== null;
}

/**
 * True in a build for Netlify: on Netlify (`NETLIFY=true`) or with netlify-cli on a machine
 * (`netlify build` / `netlify serve` set `NETLIFY_LOCAL=true`).
 */
export function isNetlifyBuild(): boolean {
  return env('NETLIFY') === 'true' || env('NETLIFY_LOCAL') === 'true';
}

/**
 * The Astro adapter of a build (astro.config.mjs): `ADAPTER` when set, else `netlify` in a build
 * for Netlify ({@link isNetlifyBuild}), else `node` (the local server's own adapter).
 * @throws EnvError when ADAPTER is neither `netlify` nor `node`.
 */
export function buildAdapter(): 'netlify' | 'node' {
  return env('ADAPTER') ?? (isNetlifyBuild() ? 'netlify' : 'node');
}

/**
 * True on Netlify (build or function) or with NODE_ENV=production: secrets must come from the
 * environment, and the database must be a server (no embedded fallback).
 */
export function isProduction(): boolean {
  return (
    inNetlifyFunction() ||
    env('NETLIFY') === 'true' ||
    env('CONTEXT') === 'production' ||
    env('NODE_ENV') === 'production'
  );
}

/**
 * What third-party code bundled for the browser (Workbox in the service worker) reads as
 * `process.env.NODE_ENV`: a build-time replacement (esbuild's `define`), always production so
 * development logging and assertions are left out. Kept here so that every mention of
 * `process.env` lives in this module (ADR 065, lint rule `lagos/env-module`).
 */
export const BUNDLED_NODE_ENV = { 'process.env.NODE_ENV': '"production"' } as const;

/**
 * The canonical URL a build bakes into its pages (astro.config.mjs `site`): SITE_URL, else
 * Netlify's URL of this deploy (URL in production, DEPLOY_PRIME_URL in previews), else the local
 * server on PORT.
 */
export function buildSiteUrl(): string {
  return (
    env('SITE_URL') ??
    (env('CONTEXT') === 'production' ? env('URL') : env('DEPLOY_PRIME_URL')) ??
    `http://localhost:${env('PORT')}`
  );
}

/** The public origin of the site (SITE_URL, else Netlify's URL, else the local server). */
export function siteUrl(): string {
  const url = env('SITE_URL') ?? env('URL') ?? `http://localhost:${env('PORT')}`;
  return url.replace(/\/$/, '');
}

/** The connection URL from the environment (DATABASE_URL, else NETLIFY_DATABASE_URL), if any. */
export function databaseUrl(): string | undefined {
  return env('DATABASE_URL') ?? env('NETLIFY_DATABASE_URL');
}

/**
 * Why a deployment has no database, naming the variables to set (issue 14). The embedded
 * database is for a machine only: a Netlify function has no writable, lasting disk for it.
 */
export const MISSING_DATABASE_MESSAGE =
  'No database is configured: set DATABASE_URL to a Postgres URL, or enable Netlify DB, which sets NETLIFY_DATABASE_URL.';

/** True where an unset database URL is an error rather than "use embedded PGlite". */
export function databaseRequired(): boolean {
  return inNetlifyFunction() || isNetlifyBuild();
}

/** Why accounts cannot work in production without a secret, naming the variable. */
export const MISSING_AUTH_SECRET_MESSAGE =
  'BETTER_AUTH_SECRET must be set (at least 32 random characters: openssl rand -base64 32).';

const LOCAL_DATA_DIR = '.data';

/**
 * The folder of machine-local files (`.data/`: embedded databases, site builds, the generated
 * auth secret), relative to the working directory. A call, not a literal inside a path call:
 * the Netlify function tracer (@vercel/nft) reads such a literal as a folder to ship, walks every
 * file under it and ran out of memory on the PGlite folders there (ADR 026).
 */
export function localDataDir(): string {
  return LOCAL_DATA_DIR;
}

/**
 * The absolute path of `name` under {@link localDataDir}. Its parts are both opaque to the Netlify
 * function tracer (@vercel/nft): given `path.resolve(localDataDir(), 'auth-secret')` it reads the
 * unknown folder as a wildcard and ships every file named `auth-secret` anywhere under the project
 * (`.data/auth-secret` landed in ssr.zip whenever the file appeared during a build, after the
 * adapter had listed what to exclude; issue 34.4, ADR 056). A path built here is never traced.
 */
export function localDataPath(name: string): string {
  return path.resolve(localDataDir(), name);
}

/**
 * BETTER_AUTH_SECRET; locally, when unset, a random secret created once under .data/ so
 * sessions survive restarts.
 * @throws AppError SERVICE_UNAVAILABLE (503, {@link MISSING_AUTH_SECRET_MESSAGE}) when unset in
 *   production: the API answers it in the envelope.
 */
export function authSecret(): string {
  const fromEnv = env('BETTER_AUTH_SECRET');
  if (fromEnv) return fromEnv;
  if (isProduction()) throw new AppError('SERVICE_UNAVAILABLE', MISSING_AUTH_SECRET_MESSAGE);
  const file = localDataPath('auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The "Environment variables" table rows of docs/environment.md, in declaration order. */
export function envTableRows(): { variable: string; default: string; meaning: string }[] {
  return (Object.entries(ENV_VARIABLES) as [EnvName, Variable][]).map(([name, v]) => ({
    variable: `\`${name}\``,
    default: v.default,
    meaning: v.meaning,
  }));
}
