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
 * Appends to each entry chunk of `bundle` (in place) one bare import per transitive static
 * dependency it does not import directly, as a path relative to the chunk (`./x.js`, `../x.js`).
 */
export function hoistImports(bundle: Bundle): void {
  const collect = (file: string, into: Set<string>): Set<string> => {
    const chunk = bundle[file];
    for (const dep of chunk?.type === 'chunk' ? chunk.imports : []) {
      if (into.has(dep)) continue;
      into.add(dep);
      collect(dep, into);
    }
    return into;
  };
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !(chunk.isEntry || chunk.isDynamicEntry)) continue;
    const direct = new Set(chunk.imports);
    const hoisted = [...collect(chunk.fileName, new Set())].filter(
      (dep) => !direct.has(dep) && dep !== chunk.fileName,
    );
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
