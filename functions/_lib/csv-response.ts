import { csvChunk } from '../../common/schemas/csv.ts';
import { log } from './log.ts';

/** Today's date in Lagos as `YYYY-MM-DD`, the `{date}` of SPEC §9 export file names. */
export function fileDate(now = new Date()): string {
  return now.toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
}

/**
 * A CSV download streamed page by page (ADR 014): the UTF-8 BOM and the header line first, then
 * each page of `pages` as soon as it is read, so memory holds one page, never the whole file.
 * A failure after the first byte is logged and aborts the download (the status is sent already).
 * @param total the number of rows when the export starts, sent as `X-Total-Count`.
 */
export function csvResponse<T>(
  filename: string,
  columns: readonly string[],
  pages: AsyncGenerator<T[]>,
  toRow: (item: T) => unknown[],
  total: number,
): Response {
  const encoder = new TextEncoder();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvChunk(columns, [], true)}`));
        return;
      }
      try {
        const next = await pages.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(csvChunk(columns, next.value.map(toRow), false)));
      } catch (error) {
        log.error('csv export failed', { filename, error: String(error) });
        controller.error(error);
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
      'x-total-count': String(total),
    },
  });
}
