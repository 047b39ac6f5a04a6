import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The docs a newcomer reads stay short, complete and linked (issue 39.1, ADR 064): the README
 * fits in 150 lines, its folder map names every top-level folder and every folder under
 * functions/ and src/, every relative link of README.md and docs/ resolves, and no guide quotes a
 * benchmark figure (those live in dated files under docs/benchmarks/ only).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
/** Folders that are not the project's: installed, built or local data (.gitignore). */
const NOT_OURS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage']);

const folders = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !NOT_OURS.has(e.name))
    .map((e) => e.name);

const markdownFiles = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(rel);
    return e.name.endsWith('.md') ? [rel] : [];
  });

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchors = (file: string): Set<string> =>
  new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => slug(line.replace(/^#+ /, ''))),
  );

const DOCS = ['README.md', ...markdownFiles('docs')];
const GUIDES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('the docs a newcomer reads', () => {
  it('README.md is at most 150 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });

  it('the README folder map names every top-level folder and every folder under functions/ and src/', () => {
    const map = readme.slice(readme.indexOf('## Map of the folders'));
    const block = map.slice(map.indexOf('```'), map.indexOf('```', map.indexOf('```') + 3));
    const named = new Set([...block.matchAll(/([\w.[\]-]+)\//g)].map((m) => m[1]));
    const missing = [
      ...folders('.'),
      ...folders('functions').map((f) => `functions/${f}`),
      ...folders('src').map((f) => `src/${f}`),
    ].filter((f) => !named.has(f.split('/').at(-1)!));
    expect(missing).toEqual([]);
  });

  it.each(DOCS)('every relative link of %s resolves', (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      const [ref, anchor] = target!.split('#');
      const resolved = ref
        ? path.resolve(path.dirname(path.join(ROOT, file)), ref)
        : path.join(ROOT, file);
      if (!existsSync(resolved)) broken.push(target!);
      else if (anchor && statSync(resolved).isFile() && !anchors(resolved).has(anchor))
        broken.push(target!);
    }
    expect(broken).toEqual([]);
  });

  it.each(GUIDES)('%s quotes no benchmark figure (they live in docs/benchmarks/)', (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const figures = text.match(/\b(?:p50|p95|p99)\s*[\d(·]|\d\s*req\/s|load average \d/g);
    expect(figures).toBeNull();
  });
});
