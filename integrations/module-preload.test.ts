import { describe, expect, it } from 'vitest';
import { modulePreloadOnlyWhatHelps, preloadOnlyWhatHelps } from './module-preload.ts';

describe('preloadOnlyWhatHelps', () => {
  it('drops the preload helper, then the imported chunk when it is all that is left', () => {
    expect(
      preloadOnlyWhatHelps('_astro/tap-replay.Cz-c2lL1.js', [
        '_astro/tap-replay.Cz-c2lL1.js',
        '_astro/preload-helper.DygEbaNj.js',
      ]),
    ).toEqual([]);
  });

  it('keeps a chunk with dependencies of its own, and those', () => {
    expect(
      preloadOnlyWhatHelps('_astro/listing-map.A1.js', [
        '_astro/listing-map.A1.js',
        '_astro/leaflet.B2.js',
        '_astro/preload-helper.DygEbaNj.js',
      ]),
    ).toEqual(['_astro/listing-map.A1.js', '_astro/leaflet.B2.js']);
    expect(preloadOnlyWhatHelps('_astro/a.js', ['_astro/a.js', '_astro/b.js'])).toEqual([
      '_astro/a.js',
      '_astro/b.js',
    ]);
  });

  it('keeps a lone dependency that is not the imported chunk', () => {
    expect(preloadOnlyWhatHelps('_astro/a.js', ['_astro/b.js'])).toEqual(['_astro/b.js']);
  });
});

describe('modulePreloadOnlyWhatHelps', () => {
  it("sets it as Vite's resolveDependencies, merged into Astro's modulePreload", () => {
    const config = modulePreloadOnlyWhatHelps().config as () => {
      build: { modulePreload: { resolveDependencies: unknown } };
    };
    expect(config().build.modulePreload.resolveDependencies).toBe(preloadOnlyWhatHelps);
  });
});
