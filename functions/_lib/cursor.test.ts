import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CURSOR_TIME, decodeCursor, encodeCursor } from './cursor.ts';

const Schema = z.object({ c: z.string().regex(CURSOR_TIME), i: z.uuid() });
const position = { c: '2026-11-25T10:00:00.123456Z', i: '8f2b1c7e-3a4d-4e5f-9a6b-7c8d9e0f1a2b' };

describe('the directory cursor codec', () => {
  it('reads back what it wrote, as opaque base64url', () => {
    const text = encodeCursor(position);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(Schema, text)).toEqual(position);
  });

  it.each([
    ['not base64url JSON', 'not a cursor!'],
    ['JSON of another shape', encodeCursor({ c: position.c })],
    ['a time without microseconds', encodeCursor({ ...position, c: '2026-11-25T10:00:00.123Z' })],
    ['another endpoint’s cursor', encodeCursor([true, 0, position.c, position.i])],
  ])('refuses %s with 400 BAD_REQUEST', (_name, text) => {
    expect(() => decodeCursor(Schema, text)).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', message: 'Invalid cursor.' }),
    );
  });
});
