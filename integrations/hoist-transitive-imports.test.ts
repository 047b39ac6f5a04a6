import { describe, expect, it } from 'vitest';
import {
  type Bundle,
  type BundleChunk,
  hoistImports,
  hoistTransitiveImports,
} from './hoist-transitive-imports.ts';

const chunk = (
  fileName: string,
  imports: string[],
  kind: Partial<Pick<BundleChunk, 'isEntry' | 'isDynamicEntry'>> = {},
): BundleChunk => ({
  type: 'chunk',
  fileName,
  imports,
  isEntry: false,
  isDynamicEntry: false,
  code: `// ${fileName}`,
  ...kind,
});

/** island → list → card → hooks → preact; a page script sharing hooks; a lazy chunk; a CSS asset. */
function fakeBundle(): Bundle {
  return {
    '_astro/HomeSearch.js': chunk('_astro/HomeSearch.js', ['_astro/List.js', '_astro/preact.js'], {
      isEntry: true,
    }),
    '_astro/List.js': chunk('_astro/List.js', ['_astro/Card.js']),
    '_astro/Card.js': chunk('_astro/Card.js', ['_astro/hooks.js']),
    '_astro/hooks.js': chunk('_astro/hooks.js', ['_astro/preact.js']),
    '_astro/preact.js': chunk('_astro/preact.js', []),
    '_astro/Header.astro_script.js': chunk('_astro/Header.astro_script.js', ['_astro/hooks.js'], {
      isEntry: true,
    }),
    '_astro/Map.js': chunk('_astro/Map.js', ['_astro/vendor/leaflet.js'], { isDynamicEntry: true }),
    '_astro/vendor/leaflet.js': chunk('_astro/vendor/leaflet.js', ['_astro/preact.js']),
    '_astro/index.css': { type: 'asset' },
  };
}

const code = (bundle: Bundle, file: string) => (bundle[file] as BundleChunk).code;

describe('hoistTransitiveImports (issue 22, ADR 032, 037)', () => {
  it('appends each transitive dependency an entry does not import directly, once, after its own imports', () => {
    const bundle = fakeBundle();
    hoistImports(bundle);
    expect(code(bundle, '_astro/HomeSearch.js')).toBe(
      '// _astro/HomeSearch.js\nimport"./Card.js";import"./hooks.js";\n',
    );
    expect(code(bundle, '_astro/Header.astro_script.js')).toBe(
      '// _astro/Header.astro_script.js\nimport"./preact.js";\n',
    );
  });

  it('treats a dynamically imported chunk as an entry, with paths relative to its folder', () => {
    const bundle = fakeBundle();
    hoistImports(bundle);
    expect(code(bundle, '_astro/vendor/leaflet.js')).toBe('// _astro/vendor/leaflet.js');
    expect(code(bundle, '_astro/Map.js')).toBe('// _astro/Map.js\nimport"./preact.js";\n');
    bundle['_astro/vendor/lazy.js'] = chunk('_astro/vendor/lazy.js', ['_astro/List.js'], {
      isDynamicEntry: true,
    });
    hoistImports(bundle);
    expect(code(bundle, '_astro/vendor/lazy.js')).toBe(
      '// _astro/vendor/lazy.js\nimport"../Card.js";import"../hooks.js";import"../preact.js";\n',
    );
  });

  it('leaves shared chunks, entries with nothing to hoist, assets and import cycles alone', () => {
    const bundle = fakeBundle();
    hoistImports(bundle);
    for (const file of ['_astro/List.js', '_astro/Card.js', '_astro/hooks.js', '_astro/preact.js'])
      expect(code(bundle, file)).toBe(`// ${file}`);
    expect(bundle['_astro/index.css']).toEqual({ type: 'asset' });
    const cycle: Bundle = {
      'a.js': chunk('a.js', ['b.js'], { isEntry: true }),
      'b.js': chunk('b.js', ['a.js']),
    };
    hoistImports(cycle);
    expect(code(cycle, 'a.js')).toBe('// a.js');
  });

  it('runs in the client build only', () => {
    const plugin = hoistTransitiveImports();
    const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
    expect(applies({ name: 'client' })).toBe(true);
    expect(applies({ name: 'ssr' })).toBe(false);
  });
});
