import type { Plugin } from 'vite';

/**
 * `zod/mini` with a Zod core of its own in the client build (issue 34.5, ADR 097).
 *
 * The public forms' schemas are written with `zod/mini` (common/schemas/zod-mini.ts), whose
 * functions tree-shake: the form pages need 8–9 KB of gzip of Zod instead of 26 KB. Both of
 * Zod's APIs are built on one core, and a bundle holds a module once, with every export any of
 * its importers uses: since the admin's and owners' islands use the chained API (`zod`), which
 * reads nearly all of the core, the one core module would bring the whole of it to the form pages
 * too. So, in the client build, `zod/mini` and `zod/locales` (and every module of Zod they import)
 * resolve to copies, their ids ending in {@link ZOD_MINI_COPY}: modules of their own, which the
 * bundle tree-shakes for the form schemas alone. A page that uses both APIs (the admin) loads
 * both cores; the schemas built with either work with the other, as on the server, which keeps
 * one core (Zod's parts find each other through `_zod` and the same global configuration).
 */

/** The suffix of a copy's id. */
export const ZOD_MINI_COPY = '?zod-mini';

/** The specifiers that lead to the copies. */
export const ZOD_MINI_ENTRIES: ReadonlySet<string> = new Set(['zod/mini', 'zod/locales']);

/** A module of the Zod package. */
const ZOD_MODULE = /[\\/]node_modules[\\/]zod[\\/]/;

/** True when `source` may lead to a copy: one of {@link ZOD_MINI_ENTRIES}, or imported by a copy. */
const mayCopy = (source: string, importer: string | undefined): boolean =>
  ZOD_MINI_ENTRIES.has(source) || !!importer?.endsWith(ZOD_MINI_COPY);

/**
 * The id a specifier resolves to: the copy of a Zod module when `source` is one of
 * {@link ZOD_MINI_ENTRIES} or `importer` is itself a copy; `null` to leave it as it is.
 */
export function zodMiniCopyOf(
  source: string,
  importer: string | undefined,
  resolvedId: string,
): string | null {
  if (!mayCopy(source, importer)) return null;
  if (!ZOD_MODULE.test(resolvedId) || resolvedId.includes('?')) return null;
  return `${resolvedId}${ZOD_MINI_COPY}`;
}

/** The Vite plugin: the copies in the client build; the server build keeps one Zod. */
export function zodMiniCopy(): Plugin {
  return {
    name: 'lagos:zod-mini-copy',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (!mayCopy(source, importer)) return null;
      const from = importer?.endsWith(ZOD_MINI_COPY)
        ? importer.slice(0, -ZOD_MINI_COPY.length)
        : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      const copy = zodMiniCopyOf(source, importer, resolved.id);
      return copy === null ? resolved : { ...resolved, id: copy };
    },
  };
}
