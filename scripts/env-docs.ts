/**
 * `npm run docs:env`: writes the "Environment variables" table of docs/environment.md from the schema in
 * functions/_lib/env.ts (between the `env-table` markers), formatted by Prettier.
 * `--check` only reports whether that file is current (exit 1 when not).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import prettier from 'prettier';
import { envTableRows } from '../functions/_lib/env.ts';

const START = '<!-- env-table:start (npm run docs:env) -->';
const END = '<!-- env-table:end -->';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const file = 'docs/environment.md';
const readme = readFileSync(file, 'utf8');
const [before, rest] = readme.split(START);
const after = rest?.split(END)[1];
if (before === undefined || after === undefined) {
  console.error(`${file}: the markers ${START} … ${END} are missing.`);
  process.exit(1);
}
const table = [
  '| variable | default | meaning |',
  '| --- | --- | --- |',
  ...envTableRows().map((r) => `| ${r.variable} | ${r.default} | ${r.meaning} |`),
].join('\n');
const next = await prettier.format(`${before}${START}\n\n${table}\n\n${END}${after}`, {
  ...(await prettier.resolveConfig(file)),
  filepath: file,
});
if (values.check) {
  if (next !== readme) {
    console.error(`${file} is not current: run npm run docs:env`);
    process.exit(1);
  }
  console.log(`${file}: the environment table is current.`);
} else {
  writeFileSync(file, next);
  console.log(`${file}: wrote ${envTableRows().length} environment variables.`);
}
