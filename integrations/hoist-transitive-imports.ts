import { posix } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Every transitive import requested at once (issue 22, ADR 032, ADR 037).
 *
 * An island or a page script is a module whose imports the browser discovers one level at a time:
 * HomeSearch → SearchResults → BusinessList → ContactDetails → hooks → preact was six round trips
 * before it could run, 0.9 s of waiting on the phone profile (150 ms RTT) before any byte of CPU
 * work. Rollup's `output.hoistTransitiveImports` lists every transitive static import of an entry
 * in the entry itself, so all are requested together after the first round trip; Rolldown (Vite
 * 8) does not implement it, so this does the same in the client build: each entry chunk (island,
 * page script, dynamically imported chunk) gets a bare `import"./dep.js";` for each transitive
 * dependency it does not import directly. They are appended after its own imports, and each is
 * already a dependency of one of those, so the order in which modules run does not change; only
 * the requests start earlier. File names keep their hashes: a chunk's hash already covers its
 * dependencies' names, hence this list.
 */

/** The part of a Rolldown output chunk this reads and writes (assets are skipped). */
export interface BundleChunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  code: string;
}
export type Bundle = Record<string, BundleChunk | { type: 'asset' }>;

/**
 * Every file `file` imports, directly or not, as `importsOf` gives each file's imports: each
 * once, in depth-first order, without `file` itself (also used by integrations/island-preload.ts).
 */
export function transitiveImports(
  file: string,
  importsOf: (file: string) => readonly string[],
): string[] {
  const seen = new Set<string>();
  const visit = (from: string) => {
    for (const dep of importsOf(from)) {
      if (seen.has(dep) || dep === file) continue;
      seen.add(dep);
      visit(dep);
    }
  };
  visit(file);
  return [...seen];
}

/**
 * Appends to each entry chunk of `bundle` (in place) one bare import per transitive static
 * dependency it does not import directly, as a path relative to the chunk (`./x.js`, `../x.js`).
 */
export function hoistImports(bundle: Bundle): void {
  const importsOf = (file: string) => {
    const chunk = bundle[file];
    return chunk?.type === 'chunk' ? chunk.imports : [];
  };
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !(chunk.isEntry || chunk.isDynamicEntry)) continue;
    const direct = new Set(chunk.imports);
    const hoisted = transitiveImports(chunk.fileName, importsOf).filter((dep) => !direct.has(dep));
    if (hoisted.length === 0) continue;
    const from = posix.dirname(chunk.fileName);
    chunk.code += `\n${hoisted
      .map((dep) => {
        const path = posix.relative(from, dep);
        return `import"${path.startsWith('.') ? path : `./${path}`}";`;
      })
      .join('')}\n`;
  }
}

/** The Vite plugin: {@link hoistImports} on the client build's bundle (not the server's). */
export function hoistTransitiveImports(): Plugin {
  return {
    name: 'lagos:hoist-transitive-imports',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      hoistImports(bundle as unknown as Bundle);
    },
  };
}
