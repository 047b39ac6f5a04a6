import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isPreactModule, preactCopyOf, publicIslandsOnPreact } from './public-islands-on-preact.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const publicIsland = `${root}src/islands/public/BusinessCard.tsx`;
const adminIsland = `${root}src/islands/admin/RegistrationCard.tsx`;
const sharedBadges = `${root}src/islands/shared/Badges.tsx`;
const contactForm = `${root}src/islands/forms/ContactForm.tsx`;
const field = `${root}src/islands/auth/Field.tsx`;
const hookForm = `${root}node_modules/react-hook-form/index.js`;

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

  describe('the public forms (ADR 093)', () => {
    it('renders the listed form islands on Preact, and copies their form modules and react-hook-form', () => {
      expect(isPreactModule(contactForm)).toBe(true);
      expect(isPreactModule(`${root}src/islands/auth/AdminSignIn.tsx`)).toBe(false);
      expect(preactCopyOf(field)).toBe(`${field}?preact`);
      expect(preactCopyOf(hookForm)).toBe(`${hookForm}?preact`);
      expect(preactCopyOf(`${root}node_modules/zod/index.js`)).toBeNull();
      expect(preactCopyOf(contactForm)).toBeNull();
    });

    it("leads react-hook-form's copy to React's API on Preact, the forms to Preact's hooks", async () => {
      expect(await resolve('react', `${hookForm}?preact`)).toMatch(
        /src\/islands\/forms\/react-on-preact\.ts$/,
      );
      expect(await resolve('react', contactForm)).toMatchObject({
        id: expect.stringContaining('node_modules/preact/hooks'),
      });
      expect(await resolve('react', `${field}?preact`)).toMatchObject({
        id: expect.stringContaining('node_modules/preact/hooks'),
      });
      expect(await resolve('react-hook-form', contactForm)).toMatchObject({
        id: `${root}node_modules/react-hook-form/index.js?preact`,
      });
      // The forms' toasts are the public pages' small ones, with a toaster that renders nothing.
      expect(await resolve('sonner', contactForm)).toMatch(
        /src\/islands\/forms\/sonner-on-preact\.ts$/,
      );
      expect(await resolve('sonner', `${field}?preact`)).toMatch(/sonner-on-preact\.ts$/);
      expect(await resolve('sonner', publicIsland)).toMatch(/src\/browser\/toast-lite\.ts$/);
      // The admin's form modules stay React's.
      expect(await resolve('react-hook-form', field)).toBeNull();
      expect(await resolve('react', hookForm)).toBeNull();
    });
  });
});
