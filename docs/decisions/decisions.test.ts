import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The decision records stay navigable (issue 25.6): the index (README.md) lists every ADR file
 * with its number and a link, each ADR has exactly one Status line, and a superseded one names
 * its successor.
 */
const DIR = path.dirname(fileURLToPath(import.meta.url));
const files = readdirSync(DIR)
  .filter((file) => /^\d{3}-.+\.md$/.test(file) && !file.startsWith('000-'))
  .sort();
const index = readFileSync(path.join(DIR, 'README.md'), 'utf8');

describe('decision records', () => {
  it('the index links every ADR file, in order, and nothing else', () => {
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect(linked).toEqual(files);
  });

  it.each(files)('%s has one title with its number and one Status line', (file) => {
    const text = readFileSync(path.join(DIR, file), 'utf8');
    expect(text.split('\n')[0]).toMatch(new RegExp(`^# ${file.slice(0, 3)}: `));
    const statuses = text.split('\n').filter((line) => /^- Status:/i.test(line));
    expect(statuses).toHaveLength(1);
    if (/superseded by/i.test(statuses[0]!.replace(/\(.*\)/, '')))
      expect(statuses[0]).toMatch(/superseded by \d{3}/i);
  });
});
