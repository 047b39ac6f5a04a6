import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isPreactModule, preactCopyOf, publicIslandsOnPreact } from './public-islands-on-preact.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const publicIsland = `${root}src/islands/public/BusinessCard.tsx`;
const adminIsland = `${root}src/islands/admin/RegistrationCard.tsx`;
const sharedBadges = `${root}src/islands/shared/Badges.tsx`;

/** The plugin's resolveId with a resolver that maps specifiers to ids as Vite would. */
async function resolve(source: string, importer: string) {
  const plugin = publicIslandsOnPreact();
  const hook = plugin.resolveId as (...args: unknown[]) => Promise<unknown>;
  const context = {
    resolve: async (specifier: string) =>
      specifier.startsWith('.') || specifier.startsWith('/')
        ? { id: `${root}src/islands/shared/${specifier.replace(/^.*\//, '')}.tsx`, external: false }
        : { id: `${root}node_modules/${specifier}/index.js`, external: false },
  };
  return hook.call(context, source, importer, {});
}

describe('publicIslandsOnPreact (ADR 037)', () => {
  it('knows a Preact module by folder or by the copy suffix', () => {
    expect(isPreactModule(publicIsland)).toBe(true);
    expect(isPreactModule(`${sharedBadges}?preact`)).toBe(true);
    expect(isPreactModule(sharedBadges)).toBe(false);
    expect(isPreactModule(adminIsland)).toBe(false);
    expect(isPreactModule(undefined)).toBe(false);
  });

  it('gives a shared module a Preact copy, once', () => {
    expect(preactCopyOf(sharedBadges)).toBe(`${sharedBadges}?preact`);
    expect(preactCopyOf(`${sharedBadges}?preact`)).toBeNull();
    expect(preactCopyOf(adminIsland)).toBeNull();
  });

  it('points React, its JSX runtime and sonner at Preact and the small toast from a public island', async () => {
    expect(await resolve('react', publicIsland)).toMatchObject({
      id: expect.stringContaining('node_modules/preact/hooks'),
    });
    expect(await resolve('react/jsx-runtime', `${sharedBadges}?preact`)).toMatchObject({
      id: expect.stringContaining('node_modules/preact/jsx-runtime'),
    });
    expect(await resolve('sonner', publicIsland)).toMatch(/src\/browser\/toast-lite\.ts$/);
  });

  it('sends a public island to the Preact copy of a shared module, and the admin to the module itself', async () => {
    expect(await resolve('../shared/Badges', publicIsland)).toMatchObject({
      id: `${sharedBadges}?preact`,
    });
    expect(await resolve('./Icon', `${sharedBadges}?preact`)).toMatchObject({
      id: `${root}src/islands/shared/Icon.tsx?preact`,
    });
    expect(await resolve('../shared/Badges', adminIsland)).toBeNull();
    expect(await resolve('react', adminIsland)).toBeNull();
  });

  it('leaves other modules of a public island to the usual resolution', async () => {
    expect(await resolve('zod', publicIsland)).toBeNull();
  });
});
