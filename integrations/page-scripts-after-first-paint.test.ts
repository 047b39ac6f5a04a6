import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ASTRO_SCRIPT_RENDERER,
  pageScriptsAfterFirstPaint,
  rewriteScriptTemplate,
} from './page-scripts-after-first-paint.ts';

/** The shape of Astro 7's render/script.js: an inlined script, else a module script by URL. */
const TEMPLATE = [
  'if (inlined) {',
  '  content = `<script type="module">${inlined}</script>`;',
  '} else {',
  '  const resolved = await result.resolve(id);',
  '  content = `<script type="module" src="${result.userAssetsBase ? base : ""}${resolved}"></script>`;',
  '}',
].join('\n');

const RENDERER = '/app/node_modules/astro/dist/runtime/server/render/script.js';

/** The plugin's transform hook, called as Vite would. */
function transform(code: string, id: string) {
  const hook = pageScriptsAfterFirstPaint().transform as (code: string, id: string) => unknown;
  return hook(code, id);
}

describe('pageScriptsAfterFirstPaint (ADR 027, 037)', () => {
  it('writes a page script by URL as a template the head script imports, and leaves inlined ones', () => {
    const code = rewriteScriptTemplate(TEMPLATE, RENDERER);
    expect(code).toContain(
      'content = `<template data-page-script="${result.userAssetsBase ? base : ""}${resolved}"></template>`;',
    );
    expect(code).toContain('content = `<script type="module">${inlined}</script>`;');
    expect(code).not.toContain('<script type="module" src=');
  });

  it("fails the build, naming the file, when Astro's template changed shape", () => {
    const changed = TEMPLATE.replace('type="module" src=', 'src=');
    expect(() => rewriteScriptTemplate(changed, RENDERER)).toThrow(
      `${RENDERER}: Astro's page-script template changed; update integrations/page-scripts-after-first-paint.ts`,
    );
    expect(() => transform(changed, RENDERER)).toThrow("Astro's page-script template changed");
    const twice = `${TEMPLATE}\n${TEMPLATE}`;
    expect(() => rewriteScriptTemplate(twice, RENDERER)).toThrow('template changed');
  });

  it('transforms only the renderer module (with or without a query, either separator)', () => {
    expect(transform(TEMPLATE, '/app/src/components/Header.astro')).toBeNull();
    expect(transform(TEMPLATE, '/app/node_modules/astro/dist/runtime/server/render/head.js')).toBe(
      null,
    );
    expect(transform(TEMPLATE, `${RENDERER}?v=1`)).toMatchObject({
      code: expect.stringContaining('<template data-page-script="'),
    });
    expect(ASTRO_SCRIPT_RENDERER.test(RENDERER.replaceAll('/', '\\'))).toBe(true);
  });

  it('accepts the template of the Astro installed here (an upgrade that changed it fails this)', () => {
    const require = createRequire(import.meta.url);
    const file = path.join(
      path.dirname(require.resolve('astro/package.json')),
      'dist/runtime/server/render/script.js',
    );
    expect(ASTRO_SCRIPT_RENDERER.test(file)).toBe(true);
    const code = rewriteScriptTemplate(readFileSync(file, 'utf8'), file);
    expect(code).toContain('<template data-page-script="');
    expect(code).not.toMatch(/<script type="module" src=/);
  });
});
