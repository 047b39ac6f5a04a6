import { describe, expect, it } from 'vitest';
import { leadingFields } from './multipart-fields';

/**
 * A multipart body as a browser posts a form (`fields` in order, then `files`), arriving as from
 * the network: in chunks of 16 KB, with its content type.
 */
async function formPost(
  fields: [string, string][],
  files: [string, number][] = [],
): Promise<{ request: Request; type: string }> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const [name, size] of files)
    form.append(name, new Blob([new Uint8Array(size).fill(0x2d)], { type: 'image/jpeg' }), 'a.jpg');
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 16 * 1024));
      offset += 16 * 1024;
    },
  });
  const request = new Request('http://localhost/business/x/review/', {
    method: 'POST',
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, type: encoded.headers.get('content-type')! };
}

describe('leadingFields (ADR 048, update)', () => {
  it('reads the fields typed before the photos of a body too large to take whole', async () => {
    const review = 'They fitted the brake master cylinder properly — ₦45,000 all in.\r\nThank you.';
    const { request, type } = await formPost(
      [
        ['intent', 'write'],
        ['title', 'Found the part in one hour'],
        ['body', review],
        ['rating', '4'],
      ],
      [
        ['photos', 3 * 1024 * 1024],
        ['photos', 3 * 1024 * 1024],
      ],
    );
    const fields = await leadingFields(request, type);
    expect([...fields]).toEqual([
      ['intent', 'write'],
      ['title', 'Found the part in one hour'],
      ['body', review],
      ['rating', '4'],
    ]);
  });

  it('leaves out a field cut off by the first 64 KB, and every file', async () => {
    const long = await formPost(
      [
        ['title', 'Kept'],
        ['body', 'x'.repeat(70 * 1024)],
      ],
      [['photos', 10]],
    );
    expect([...(await leadingFields(long.request, long.type))]).toEqual([['title', 'Kept']]);
    const small = await formPost([['title', 'Kept']], [['photos', 10]]);
    expect([...(await leadingFields(small.request, small.type))]).toEqual([['title', 'Kept']]);
  });

  it('reads nothing from a body that is not multipart or has no whole part', async () => {
    const json = new Request('http://localhost/', { method: 'POST', body: '{"title":"x"}' });
    expect([...(await leadingFields(json, 'application/json'))]).toEqual([]);
    const cut = new Request('http://localhost/', { method: 'POST', body: '--abc\r\nContent-Disp' });
    expect([...(await leadingFields(cut, 'multipart/form-data; boundary=abc'))]).toEqual([]);
  });
});
