import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Public islands on Preact, the admin on React, one component set for both (issue 25.2, ADR 016,
 * ADR 037, ADR 093).
 *
 * - `src/islands/public/` holds the public islands: their JSX compiles to Preact's runtime (the
 *   Preact integration's `include`), their `react` imports become `preact/hooks` (they import hooks
 *   only: anything else fails the build) and their `sonner` imports the public pages' small toast.
 * - `src/islands/shared/` holds the hooks-only components and hooks both sides use (Icon, Badges,
 *   the directory search). The admin imports them as they are (React). A Preact module importing
 *   one gets its own copy, the same file under the id `…?preact`, whose imports are redirected as
 *   above, its JSX runtime included (`react/jsx-runtime` → `preact/jsx-runtime`).
 *
 * - The public form islands ({@link PUBLIC_FORMS}: /register/, /find-it/, /contact/, /auth/ and
 *   its password pages) are on Preact too (issue 34.5, ADR 093): their modules and the form
 *   modules they import (`src/islands/forms/`, `src/islands/auth/`, the toaster) get Preact
 *   copies as the shared ones do, and so do react-hook-form and its resolvers. The forms'
 *   `react` imports (hooks) become `preact/hooks` as above; react-hook-form's `import React`
 *   becomes src/islands/forms/react-on-preact.ts, React's API as it uses it on Preact (not
 *   preact/compat: 0.3–0.5 KB more on every public page). The admin keeps React and the modules
 *   themselves.
 *
 * The rule is by folder, and for the forms by file: nothing else is listed.
 */
export const PUBLIC_ISLANDS_GLOB = '**/src/islands/public/**';

/** The public form islands rendered by Preact (their pages' only island). */
export const PUBLIC_FORMS = [
  'forms/ContactForm.tsx',
  'forms/FindItForm.tsx',
  'forms/RegisterForm.tsx',
  'auth/AuthScreen.tsx',
  'auth/ForgotPassword.tsx',
  'auth/ResetPassword.tsx',
] as const;

/** The Preact integration's `include` (and React's `exclude`): the public islands and forms. */
export const PREACT_ISLAND_GLOBS = [
  PUBLIC_ISLANDS_GLOB,
  ...PUBLIC_FORMS.map((file) => `**/src/islands/${file}`),
];

const ISLANDS_DIR = fileURLToPath(new URL('../src/islands/', import.meta.url));
const PUBLIC_DIR = fileURLToPath(new URL('../src/islands/public/', import.meta.url));
const SHARED_DIR = fileURLToPath(new URL('../src/islands/shared/', import.meta.url));
const FORM_ENTRIES = new Set(PUBLIC_FORMS.map((file) => `${ISLANDS_DIR}${file}`));
/** The form modules the public forms import (their copies import sonner as the forms do). */
const FORM_MODULES = [`${ISLANDS_DIR}forms/`, `${ISLANDS_DIR}auth/`, `${ISLANDS_DIR}Toasts.tsx`];
/** Modules that get a Preact copy when a Preact module imports them. */
const COPIED = [SHARED_DIR, ...FORM_MODULES];
/** react-hook-form, whose copy's `import React` the plugin rewrites. */
const HOOK_FORM = /[\\/]node_modules[\\/]react-hook-form[\\/]/;
/** Packages that import React and get a Preact copy for the forms. */
const REACT_PACKAGE = /[\\/]node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]/;
const TOAST_LITE = fileURLToPath(new URL('../src/browser/toast-lite.ts', import.meta.url));
const PREACT_COPY = '?preact';

/** Where a React specifier leads from a Preact module; `null` for every other specifier. */
export const PREACT_TARGETS: Readonly<Record<string, string>> = {
  react: 'preact/hooks',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};

/**
 * react-hook-form's import of React, which its copy has as a namespace import: the build then
 * keeps only the `React.*` its used code reads (an object's properties are never tree-shaken).
 */
export const REACT_DEFAULT_IMPORT = "import React from 'react';";

/** sonner for the forms' copies: toast-lite's toasts, a toaster that renders nothing. */
const SONNER_ON_PREACT = fileURLToPath(
  new URL('../src/islands/forms/sonner-on-preact.ts', import.meta.url),
);

/** What react-hook-form's copy gets for `react`: React's API as it uses it, on Preact. */
const REACT_ON_PREACT = fileURLToPath(
  new URL('../src/islands/forms/react-on-preact.ts', import.meta.url),
);

/**
 * True for a module compiled for Preact: a public island, a public form island, or a Preact
 * copy.
 */
export function isPreactModule(id: string | undefined, publicDir = PUBLIC_DIR): boolean {
  if (!id) return false;
  return id.startsWith(publicDir) || id.endsWith(PREACT_COPY) || FORM_ENTRIES.has(id);
}

/**
 * The Preact copy's id of a module a Preact module imports: a shared or form module, or a
 * package that imports React ({@link REACT_PACKAGE}); `null` for every other module and for a
 * copy.
 */
export function preactCopyOf(id: string, copied: readonly string[] = COPIED): string | null {
  if (id.includes('?') || FORM_ENTRIES.has(id)) return null;
  const copy = copied.some((prefix) => id.startsWith(prefix)) || REACT_PACKAGE.test(id);
  return copy ? `${id}${PREACT_COPY}` : null;
}

/** True for a public form island or a Preact copy of a form module (forms/, auth/, the toaster). */
function isFormModule(id: string): boolean {
  if (FORM_ENTRIES.has(id)) return true;
  return id.endsWith(PREACT_COPY) && FORM_MODULES.some((prefix) => id.startsWith(prefix));
}

/**
 * react-hook-form's copy with its default import of React as a namespace import.
 * @throws Error when the import is not there exactly once (a new react-hook-form: update this).
 */
export function namespaceReactImport(code: string, id: string): string {
  if (code.split(REACT_DEFAULT_IMPORT).length - 1 !== 1) {
    throw new Error(
      `${id}: react-hook-form's import of React changed; update integrations/public-islands-on-preact.ts`,
    );
  }
  return code.replace(REACT_DEFAULT_IMPORT, "import * as React from 'react';");
}

export function publicIslandsOnPreact(): Plugin {
  return {
    name: 'lagos:public-islands-on-preact',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!isPreactModule(importer)) return null;
      if (source === 'sonner') return isFormModule(importer!) ? SONNER_ON_PREACT : TOAST_LITE;
      if (source === 'react' && REACT_PACKAGE.test(importer!)) return REACT_ON_PREACT;
      const target = PREACT_TARGETS[source];
      const resolved = await this.resolve(target ?? source, importer, {
        ...options,
        skipSelf: true,
      });
      if (target !== undefined || !resolved || resolved.external) return resolved;
      const copy = preactCopyOf(resolved.id);
      return copy === null ? null : { ...resolved, id: copy };
    },
    transform(code, id) {
      if (!id.endsWith(PREACT_COPY) || !HOOK_FORM.test(id)) return null;
      return { code: namespaceReactImport(code, id), map: null };
    },
  };
}
