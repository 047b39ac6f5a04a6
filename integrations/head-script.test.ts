import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildHeadScript,
  HEAD_SCRIPT,
  HEAD_SCRIPT_HASH,
  HEAD_SCRIPT_SOURCE,
} from '../common/config/head-script.ts';
import {
  FIRST_PAINT,
  KEPT_TAPS,
  PAGE_SCRIPTS,
  ZOD_GLOBAL_CONFIG,
} from '../src/browser/head-globals.ts';
import { HEAD_SCRIPT_MODULE, headScriptModule, inlineHeadScript } from './head-script.ts';

/** The plugin's load hook, called as Vite would; the watch files it adds. */
function load(id: string) {
  const watched: string[] = [];
  const hook = inlineHeadScript().load as (this: unknown, id: string) => unknown;
  const result = hook.call({ addWatchFile: (file: string) => watched.push(file) }, id);
  return { result, watched };
}

/**
 * Runs `code` as a classic script against a fake global object and document, still loading;
 * `globals` adds names the script reads bare (requestAnimationFrame, performance) and `self`
 * members.
 */
function run(
  code: string,
  globals: Record<string, unknown> = {},
  own: Record<string, unknown> = {},
) {
  const self: Record<string, unknown> = { ...own };
  const listeners: string[] = [];
  const document = { readyState: 'loading', documentElement: { dataset: {} } };
  const addEventListener = (type: string) => listeners.push(type);
  new Function(
    'self',
    'globalThis',
    'document',
    'addEventListener',
    'Element',
    ...Object.keys(globals),
    code,
  )(self, self, document, addEventListener, class {}, ...Object.values(globals));
  return { self, listeners };
}

describe('the head script, built from src/browser/head-script.js (issue 25.3)', () => {
  it('is one minified classic script whose sha256 is the hash for script-src', () => {
    expect(HEAD_SCRIPT).toMatch(/^"use strict";\(\(\)=>\{.*\}\)\(\);$/s);
    expect(HEAD_SCRIPT).not.toMatch(/\n|^\s*import\s/m);
    expect(HEAD_SCRIPT_HASH).toBe(
      `sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}`,
    );
    expect(buildHeadScript(HEAD_SCRIPT_SOURCE)).toEqual({
      code: HEAD_SCRIPT,
      hash: HEAD_SCRIPT_HASH,
    });
  });

  it('sets the globals of src/browser/head-globals.ts and listens for the taps it keeps', () => {
    const { self, listeners } = run(HEAD_SCRIPT);
    expect(self[ZOD_GLOBAL_CONFIG]).toEqual({ jitless: true });
    expect(self[FIRST_PAINT]).toBeInstanceOf(Promise);
    expect(self[PAGE_SCRIPTS]).toBeInstanceOf(Promise);
    expect(self[KEPT_TAPS]).toEqual([]);
    expect(listeners.sort()).toEqual(['DOMContentLoaded', 'change', 'click', 'input', 'submit']);
  });

  it('resolves FIRST_PAINT at the first animation frame that finds a paint entry, before the observer calls back (ADR 095)', async () => {
    const frames: (() => void)[] = [];
    const entries: string[] = [];
    let observed = false;
    class PerformanceObserver {
      static supportedEntryTypes = ['paint'];
      // Chromium's callback waits behind the page's layout: here it never comes.
      observe() {
        observed = true;
      }
      disconnect() {}
    }
    const { self } = run(
      HEAD_SCRIPT,
      {
        PerformanceObserver,
        requestAnimationFrame: (callback: () => void) => frames.push(callback),
        performance: { getEntriesByType: (type: string) => (type === 'paint' ? entries : []) },
      },
      { PerformanceObserver },
    );
    expect(observed).toBe(true);
    let painted = false;
    void (self[FIRST_PAINT] as Promise<void>).then(() => (painted = true));
    const frame = async () => {
      frames.shift()!();
      await Promise.resolve();
    };
    // Frames before the first paint's entry: not yet, and the next frame is asked for.
    await frame();
    await frame();
    expect(painted).toBe(false);
    expect(frames).toHaveLength(1);
    entries.push('first-paint');
    await frame();
    expect(painted).toBe(true);
    expect(frames).toHaveLength(0);
  });

  it('follows the file: another source gives another script and hash; a broken one fails', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'head-script-'));
    const file = path.join(dir, 'head.js');
    writeFileSync(file, 'self.answer = 42;\n');
    const built = buildHeadScript(file);
    expect(built.code).toBe('(()=>{self.answer=42;})();');
    expect(built.hash).toBe(`sha256-${createHash('sha256').update(built.code).digest('base64')}`);
    writeFileSync(file, 'self.answer = ;\n');
    expect(() => buildHeadScript(file)).toThrow(/Build failed/);
  });
});

describe('inlineHeadScript (ADR 037)', () => {
  it('loads common/config/head-script.ts in a bundle as its two strings, rebuilt from the file', () => {
    const { result, watched } = load(HEAD_SCRIPT_MODULE);
    expect(result).toBe(headScriptModule({ code: HEAD_SCRIPT, hash: HEAD_SCRIPT_HASH }));
    expect(watched).toContain(HEAD_SCRIPT_SOURCE);
    const exported: Record<string, string> = {};
    new Function('exports', String(result).replaceAll('export const ', 'exports.'))(exported);
    expect(exported).toEqual({ HEAD_SCRIPT, HEAD_SCRIPT_HASH });
    expect(String(result)).not.toMatch(/esbuild|node:crypto|node:fs/);
  });

  it('leaves every other module to Vite', () => {
    expect(load(HEAD_SCRIPT_MODULE.replace('head-script.ts', 'map.ts')).result).toBeNull();
    expect(load(`${HEAD_SCRIPT_MODULE}?raw`).result).not.toBeNull();
  });
});
