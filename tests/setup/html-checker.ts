import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import vnuJar from 'vnu-jar';

/** One message of the Nu Html Checker (its JSON output format). */
export interface HtmlCheckerMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  /** The document: the page path the message is about. */
  url: string;
  message: string;
  lastLine?: number;
  firstColumn?: number;
  extract?: string;
}

/**
 * Runs the Nu Html Checker (vnu.jar from the `vnu-jar` package, on the machine's Java 17) once
 * over `pages` (page path → HTML as the server sent it) and returns its errors, each with the
 * page path as `url`. One JVM for all pages: ~3–10 s.
 */
export async function checkHtml(pages: Record<string, string>): Promise<HtmlCheckerMessage[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vnu-'));
  try {
    const files = new Map<string, string>();
    let n = 0;
    for (const [page, html] of Object.entries(pages)) {
      const file = path.join(dir, `page-${(n += 1)}.html`);
      files.set(`file:${file}`, page);
      await writeFile(file, html);
    }
    const { stdout, stderr } = await promisify(execFile)(
      'java',
      [
        '-jar',
        String(vnuJar),
        '--errors-only',
        '--exit-zero-always',
        '--format',
        'json',
        ...[...files.keys()].map((f) => f.slice(5)),
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stderr || stdout) as { messages: HtmlCheckerMessage[] };
    return messages.map((m) => ({ ...m, url: files.get(m.url) ?? m.url }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One line per message: `path:line:column: message «extract»`. */
export function formatHtmlMessages(messages: HtmlCheckerMessage[]): string {
  return messages
    .map(
      (m) =>
        `${m.url}:${m.lastLine ?? '?'}:${m.firstColumn ?? '?'}: ${m.message}` +
        (m.extract ? ` «${m.extract.replace(/\s+/g, ' ').slice(0, 120)}»` : ''),
    )
    .join('\n');
}
