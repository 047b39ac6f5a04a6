import sharp from 'sharp';
import type { BlobStore } from '../../functions/_lib/blobs.ts';

/**
 * Photos for the photo tests (issue 26, ADR 039 and 042): a store that fails on demand, phone-like
 * JPEGs that carry EXIF with GPS, and multipart bodies as a browser sends them.
 */

/**
 * `inner` with writes that fail (as an unreachable store: `ECONNREFUSED`) once `state.puts`
 * reaches `state.failAfterPuts`, and `state.onPut` run before each write.
 */
export function flakyBlobStore(inner: BlobStore) {
  const state = { failAfterPuts: Infinity, puts: 0, onPut: async () => {} };
  const store: BlobStore = {
    kind: inner.kind,
    put: async (key, bytes, type) => {
      await state.onPut();
      if (state.puts++ >= state.failAfterPuts)
        throw Object.assign(new Error('store down'), { code: 'ECONNREFUSED' });
      return inner.put(key, bytes, type);
    },
    get: (key) => inner.get(key),
    delete: (key) => inner.delete(key),
    list: (prefix) => inner.list(prefix),
  };
  return { store, state };
}

let shade = 0;
/** A JPEG of a colour of its own (no two are the same photo), with EXIF carrying GPS. */
export async function phonePhoto(width = 900, height = 600): Promise<Buffer> {
  shade += 1;
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: shade % 256, g: (shade * 7) % 256, b: (shade * 13) % 256 },
    },
  })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();
}

/** A multipart/form-data body of `fields` and files (`[name, bytes]`), with its content type. */
export async function multipartBody(
  fields: Record<string, string>,
  files: readonly [string, Uint8Array | string][] = [],
): Promise<{ body: Uint8Array<ArrayBuffer>; type: string }> {
  const form = new FormData();
  for (const [name, file] of files)
    form.append(name, new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), 'x.jpg');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: new Uint8Array(await request.arrayBuffer()),
    type: request.headers.get('content-type')!,
  };
}
