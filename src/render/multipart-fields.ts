import { MAX_JSON_BYTES } from '../../functions/_lib/http.ts';

/**
 * Reading what a person typed from a form post too large to take whole (ADR 048, update): the
 * review form without JavaScript, with photos over its 4 MB, is shown again with the review kept.
 */

/**
 * The text fields at the start of a multipart/form-data body of content type `type`, read from its
 * first `MAX_JSON_BYTES` (64 KB; the rest is never read: the stream is cancelled). A browser
 * writes a form's fields in document order, so a form whose file field comes after its text
 * fields (the review form) has them all there. The body is cut before the last part that starts
 * within those bytes and closed, then parsed by the platform's multipart parser; files are left
 * out. Empty when nothing whole arrived. Never throws.
 */
export async function leadingFields(request: Request, type: string): Promise<URLSearchParams> {
  const params = new URLSearchParams();
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const delimiter = `\r\n--${boundary?.[1] ?? boundary?.[2] ?? ''}`;
  if (!boundary || !request.body) return params;
  try {
    const reader = request.body.getReader();
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let size = 0;
    while (size < MAX_JSON_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      size += value.byteLength;
    }
    await reader.cancel().catch(() => undefined);
    const head = new Uint8Array(await new Blob(chunks).arrayBuffer());
    // windows-1252 decodes one character per byte, so an index in the text is one in the bytes.
    const end = new TextDecoder('windows-1252').decode(head).lastIndexOf(delimiter);
    if (end < 0) return params;
    const closing = new TextEncoder().encode(`${delimiter}--\r\n`);
    const whole = new Uint8Array(end + closing.byteLength);
    whole.set(head.subarray(0, end));
    whole.set(closing, end);
    const form = await new Response(whole, { headers: { 'content-type': type } }).formData();
    for (const [name, value] of form) if (typeof value === 'string') params.append(name, value);
  } catch {
    // A body that is not multipart after all: no fields.
  }
  return params;
}
