import { describe, expect, it } from 'vitest';
import { fingerprintOf } from './idempotency.ts';

/** A multipart body as a browser or the page sends it: a boundary of its own each time. */
async function multipart(fields: Record<string, string>, file: Uint8Array) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('photos', new Blob([file as Uint8Array<ArrayBuffer>]), 'p.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: new Uint8Array(await request.arrayBuffer()),
    type: request.headers.get('content-type'),
  };
}

describe('fingerprintOf (ADR 042)', () => {
  it('gives the same multipart form sent twice, with two boundaries, one fingerprint', async () => {
    const file = new Uint8Array([0xff, 0xd8, 0x00, 0x80, 0xfe, 0x41]);
    const first = await multipart({ review: '{"rating":5}' }, file);
    const again = await multipart({ review: '{"rating":5}' }, file);
    expect(first.type).not.toBe(again.type);
    expect(Buffer.from(first.body).equals(Buffer.from(again.body))).toBe(false);
    expect(fingerprintOf(first.body, first.type)).toBe(fingerprintOf(again.body, again.type));
  });

  it('tells a different field or file apart, and hashes other bodies as they are', async () => {
    const file = new Uint8Array([1, 2, 3]);
    const base = await multipart({ review: '{"rating":5}' }, file);
    const rating = await multipart({ review: '{"rating":4}' }, file);
    const photo = await multipart({ review: '{"rating":5}' }, new Uint8Array([1, 2, 4]));
    const of = (m: { body: Uint8Array; type: string | null }) => fingerprintOf(m.body, m.type);
    expect(of(rating)).not.toBe(of(base));
    expect(of(photo)).not.toBe(of(base));
    const json = new TextEncoder().encode('{"a":1}');
    expect(fingerprintOf(json, 'application/json')).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintOf(json, 'application/json')).not.toBe(
      fingerprintOf(new TextEncoder().encode('{"a":2}'), 'application/json'),
    );
  });
});
