import type { Plugin } from 'vite';

/**
 * What a dynamic import preloads (issue 26.4, ADR 043, ADR 037): Vite's
 * `build.modulePreload.resolveDependencies`. Vite wraps every `import()` of the client build in
 * its preload helper with the list of files to fetch alongside (`__vite__mapDeps([...])`). Two
 * entries of that list never help: the preload helper itself (the importing chunk imports it
 * statically to call it, so it is already there) and, once that is gone, the imported chunk
 * alone (the `import()` fetches it anyway). Dropping them leaves `[]`, and Vite then writes no
 * list at all: the header's import of the tap replay stays as small as before the replay gained
 * an `import()` of its own (the photo viewer's), 69 bytes of gzip that the business page's 20 KB
 * budget did not have. A plugin, because Astro sets `build.modulePreload` itself and a plugin's
 * `config` is merged into Astro's (an option in astro.config.mjs would be overwritten).
 */

/** A preload helper chunk's name (`_astro/preload-helper.<hash>.js`). */
const PRELOAD_HELPER = /(^|\/)preload-helper\.[\w-]+\.js$/;

/**
 * The files worth preloading for the dynamic import of `filename`, out of Vite's `deps` (JS
 * files, paths as Vite writes them in the bundle, `filename` among them).
 */
export function preloadOnlyWhatHelps(filename: string, deps: string[]): string[] {
  const rest = deps.filter((dep) => !PRELOAD_HELPER.test(dep));
  return rest.length === 1 && rest[0] === filename ? [] : rest;
}

/** The Vite plugin that sets {@link preloadOnlyWhatHelps} as `build.modulePreload.resolveDependencies`. */
export function modulePreloadOnlyWhatHelps(): Plugin {
  return {
    name: 'lagos:module-preload-only-what-helps',
    config: () => ({ build: { modulePreload: { resolveDependencies: preloadOnlyWhatHelps } } }),
  };
}
