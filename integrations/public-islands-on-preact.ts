import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Public islands on Preact, the admin on React, one component set for both (issue 25.2, ADR 016,
 * ADR 037).
 *
 * - `src/islands/public/` holds the public islands: their JSX compiles to Preact's runtime (the
 *   Preact integration's `include`), their `react` imports become `preact/hooks` (they import hooks
 *   only: anything else fails the build) and their `sonner` imports the public pages' small toast.
 * - `src/islands/shared/` holds the hooks-only components and hooks both sides use (Icon, Badges,
 *   the directory search). The admin imports them as they are (React). A Preact module importing
 *   one gets its own copy, the same file under the id `…?preact`, whose imports are redirected as
 *   above, its JSX runtime included (`react/jsx-runtime` → `preact/jsx-runtime`).
 *
 * The rule is by folder: nothing else is listed.
 */
export const PUBLIC_ISLANDS_GLOB = '**/src/islands/public/**';

const PUBLIC_DIR = fileURLToPath(new URL('../src/islands/public/', import.meta.url));
const SHARED_DIR = fileURLToPath(new URL('../src/islands/shared/', import.meta.url));
const TOAST_LITE = fileURLToPath(new URL('../src/browser/toast-lite.ts', import.meta.url));
const PREACT_COPY = '?preact';

/** Where a React specifier leads from a Preact module; `null` for every other specifier. */
export const PREACT_TARGETS: Readonly<Record<string, string>> = {
  react: 'preact/hooks',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};

/** True for a module compiled for Preact: a public island, or a shared module's Preact copy. */
export function isPreactModule(id: string | undefined, publicDir = PUBLIC_DIR): boolean {
  if (!id) return false;
  return id.startsWith(publicDir) || id.endsWith(PREACT_COPY);
}

/** The Preact copy's id of a shared module, or `null` when `id` is not a plain shared module. */
export function preactCopyOf(id: string, sharedDir = SHARED_DIR): string | null {
  return id.startsWith(sharedDir) && !id.includes('?') ? `${id}${PREACT_COPY}` : null;
}

export function publicIslandsOnPreact(): Plugin {
  return {
    name: 'lagos:public-islands-on-preact',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!isPreactModule(importer)) return null;
      if (source === 'sonner') return TOAST_LITE;
      const target = PREACT_TARGETS[source];
      const resolved = await this.resolve(target ?? source, importer, {
        ...options,
        skipSelf: true,
      });
      if (target !== undefined || !resolved || resolved.external) return resolved;
      const copy = preactCopyOf(resolved.id);
      return copy === null ? null : { ...resolved, id: copy };
    },
  };
}
