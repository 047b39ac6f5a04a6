/**
 * The one writer of benchmark figures (issue 39.1, ADR 064): a bench prints its lines through
 * {@link benchRecord} and, at the end, {@link BenchRecord.write} puts them in
 * `docs/benchmarks/YYYY-MM-DD-<bench>.md` (`-2`, `-3`… for a later run the same day) under a
 * header naming the date, the commit, the machine (cores, memory, CPU model), the load average
 * before and after the run and the command with its options. The figures are quoted nowhere else.
 * `--no-record` on any bench prints without writing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where the dated files go, relative to the repository's root (the benches run from it). */
export const BENCHMARKS_DIR = 'docs/benchmarks';

/** The option every bench accepts, for `parseArgs`. */
export const RECORD_OPTION = { 'no-record': { type: 'boolean', default: false } } as const;

/** The machine and moment of a run, as the header of its file shows them. */
export interface RunContext {
  date: Date;
  commit: string;
  cores: number;
  memoryBytes: number;
  cpuModel: string;
  loadBefore: readonly number[];
  loadAfter: readonly number[];
  command: string;
}

/** Lines printed now and written to the dated file at the end. */
export interface BenchRecord {
  /** Prints a line (as `console.log`) and keeps it for the file. */
  line(text?: string): void;
  /** Writes the dated file and returns its path; `undefined` with `--no-record`. */
  write(): string | undefined;
}

const git = (...args: string[]): string => {
  try {
    return execFileSync('git', args, { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
};

const commitOf = (): string => {
  const head = git('rev-parse', '--short', 'HEAD');
  return git('status', '--porcelain', '--untracked-files=no') === ''
    ? head
    : `${head} (with uncommitted changes)`;
};

const loads = (): number[] => os.loadavg().map((l) => Math.round(l * 100) / 100);

/** The Markdown of a dated file: the run's header, then the bench's lines (as Markdown or as text). */
export function renderRecord(
  title: string,
  run: RunContext,
  lines: readonly string[],
  markdown: boolean,
): string {
  // Without the blanks a table's empty last cell leaves at a line's end (Prettier checks docs/).
  const body = lines
    .join('\n')
    .replace(/^\n+/, '')
    .replace(/[ \t]+$/gm, '')
    .trimEnd();
  return [
    `# ${title}, ${run.date.toISOString().slice(0, 10)}`,
    '',
    `- Date: ${run.date.toISOString()}`,
    `- Commit: ${run.commit}`,
    `- Machine: ${run.cores} cores, ${(run.memoryBytes / 1024 ** 3).toFixed(1)} GB memory, ${run.cpuModel}`,
    `- Load average (1, 5, 15 min): ${run.loadBefore.join(', ')} before; ${run.loadAfter.join(', ')} after`,
    `- Command: \`${run.command}\``,
    '',
    markdown ? body : `\`\`\`text\n${body}\n\`\`\``,
    '',
  ].join('\n');
}

/** The first free dated name for `bench` on `day` in `dir`. */
export function datedPath(dir: string, day: string, bench: string): string {
  for (let n = 1; ; n++) {
    const file = path.join(dir, `${day}-${bench}${n === 1 ? '' : `-${n}`}.md`);
    if (!existsSync(file)) return file;
  }
}

/**
 * Starts the record of one run of `script` (the npm script, e.g. `bench:scale`, which names the
 * file: `scale`). `markdown` when the bench prints Markdown tables; otherwise its lines are kept
 * as text. The command line is taken from `process.argv`.
 */
export function benchRecord(
  script: string,
  title: string,
  options: { markdown?: boolean; dir?: string } = {},
): BenchRecord {
  const args = process.argv.slice(2);
  const noRecord = args.includes('--no-record');
  const loadBefore = loads();
  const lines: string[] = [];
  return {
    line(text = '') {
      console.log(text);
      lines.push(text);
    },
    write() {
      if (noRecord) return undefined;
      const date = new Date();
      const dir = options.dir ?? BENCHMARKS_DIR;
      mkdirSync(dir, { recursive: true });
      const file = datedPath(
        dir,
        date.toISOString().slice(0, 10),
        script.replace(/^bench:?/, '') || 'bench',
      );
      const run: RunContext = {
        date,
        commit: commitOf(),
        cores: os.cpus().length,
        memoryBytes: os.totalmem(),
        cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
        loadBefore,
        loadAfter: loads(),
        command: `npm run ${script}${args.length ? ` -- ${args.join(' ')}` : ''}`,
      };
      writeFileSync(file, renderRecord(title, run, lines, options.markdown ?? false));
      console.log(`Figures written to ${file}`);
      return file;
    },
  };
}
