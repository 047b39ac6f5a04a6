import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from './errors.ts';

/**
 * Every environment variable the project reads, in one place (ADR 013): its Zod schema, its
 * default and what it means. `checkEnv()` parses them all at start (the API, every script) and
 * fails with one clear message per bad value; `env(name)` is the typed getter the code uses.
 * The "Environment variables" table of docs/environment.md is generated from {@link ENV_VARIABLES}
 * (`npm run docs:env`, checked by env.test.ts). An empty value counts as unset.
 */

import type { Variable } from './env-schema/variable.ts';
import { SITE_VARIABLES } from './env-schema/site.ts';
import { STORAGE_VARIABLES } from './env-schema/storage.ts';
import { SERVICE_VARIABLES } from './env-schema/services.ts';
import { PLATFORM_VARIABLES } from './env-schema/platform.ts';

export { isAddressOrCidr } from './env-schema/variable.ts';
export { LOG_LEVELS, type LogLevel } from './env-schema/platform.ts';

/** Every variable, in the order docs/environment.md lists them; the schema parts are in env-schema/ (ADR 073). */
export const ENV_VARIABLES = {
  ...SITE_VARIABLES,
  ...STORAGE_VARIABLES,
  ...SERVICE_VARIABLES,
  ...PLATFORM_VARIABLES,
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
