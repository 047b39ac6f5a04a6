import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './db.ts';
import { databaseRequired, inNetlifyFunction, isNetlifyBuild, isProduction } from './env.ts';
import { AppError } from './errors.ts';

/** Issue 14: on Netlify there is no embedded fallback; a missing database URL is a clear 503. */
describe('a deployment without a database', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('knows a Netlify function by the Netlify global its runtime defines', () => {
    expect(inNetlifyFunction()).toBe(false);
    vi.stubGlobal('Netlify', { env: {}, context: null });
    expect(inNetlifyFunction()).toBe(true);
    expect(isProduction()).toBe(true);
    expect(databaseRequired()).toBe(true);
  });

  it('knows a Netlify build, on Netlify or with netlify-cli', () => {
    vi.stubEnv('NETLIFY', '');
    vi.stubEnv('NETLIFY_LOCAL', '');
    expect(isNetlifyBuild()).toBe(false);
    vi.stubEnv('NETLIFY_LOCAL', 'true');
    expect(isNetlifyBuild()).toBe(true);
    expect(databaseRequired()).toBe(true);
  });

  it('refuses to open the embedded database in a Netlify function: 503 naming the variables', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'lagos-nodb-')), 'pglite');
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('NETLIFY_DATABASE_URL', '');
    vi.stubGlobal('Netlify', { env: {}, context: null });
    const opening = openDatabase({ dataDir });
    await expect(opening).rejects.toBeInstanceOf(AppError);
    await expect(opening).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
      message: expect.stringMatching(/DATABASE_URL.*Netlify DB.*NETLIFY_DATABASE_URL/),
    });
    expect(existsSync(dataDir)).toBe(false);
  });
});
