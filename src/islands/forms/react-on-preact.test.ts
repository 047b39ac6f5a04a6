import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { REACT_DEFAULT_IMPORT } from '../../../integrations/public-islands-on-preact';
import * as React from './react-on-preact';

describe("react-on-preact (React's API as react-hook-form uses it; ADR 093)", () => {
  it('holds every React.* the installed react-hook-form reads, and it imports nothing else of React', () => {
    const require = createRequire(import.meta.url);
    const main = require.resolve('react-hook-form');
    const file = main.replace(/index\.cjs\.js$/, 'index.esm.mjs');
    const source = readFileSync(file, 'utf8');
    const used = new Set([...source.matchAll(/\bReact\.(\w+)/g)].map((m) => m[1]!));
    expect(used.size).toBeGreaterThan(5);
    for (const name of used) expect(React, `React.${name}`).toHaveProperty(name);
    // One default import, which the build turns into a namespace import of this module.
    expect(source.split(REACT_DEFAULT_IMPORT).length - 1).toBe(1);
    expect(source).not.toMatch(/import\s+\{[^}]*\}\s+from\s+'react'/);
  });
});
