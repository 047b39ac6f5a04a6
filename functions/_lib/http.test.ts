import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors.ts';
import type { ApiContext } from './context.ts';
import { errorResponse, json, parseOrThrow, queryOf, reply, withErrors } from './http.ts';

const ctx: ApiContext = {
  params: {},
  db: async () => {
    throw new Error('no db');
  },
  invalidate: async () => {},
  clientAddress: '127.0.0.1',
  auth: async () => {
    throw new Error('no auth');
  },
  mailer: async () => {
    throw new Error('no mailer');
  },
  sms: async () => {
    throw new Error('no sms');
  },
  sessionUser: async () => null,
  places: () => {
    throw new Error('no places');
  },
  blobs: () => {
    throw new Error('no blobs');
  },
};

const req = (headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/directory/abc', { headers });

describe('withErrors', () => {
  it('passes a successful response through', async () => {
    const handler = withErrors(async () => json({ ok: true }, 201));
    const res = await handler(req(), ctx);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('turns an AppError into its status and error envelope with a request id', async () => {
    const handler = withErrors(async () => {
      throw new AppError('NOT_FOUND', 'Business not found');
    });
    const res = await handler(req(), ctx);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    expect(await res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Business not found', requestId },
    });
  });

  it('generates a different request id per request when none is given', async () => {
    const handler = withErrors(async () => {
      throw new AppError('NOT_FOUND', 'x');
    });
    const a = (await handler(req(), ctx)).headers.get('x-request-id');
    const b = (await handler(req(), ctx)).headers.get('x-request-id');
    expect(a).not.toBe(b);
  });

  it('echoes a provided x-request-id', async () => {
    const handler = withErrors(async () => {
      throw new AppError('FORBIDDEN', 'Nope');
    });
    const res = await handler(req({ 'x-request-id': 'req-123' }), ctx);
    expect(res.status).toBe(403);
    expect(res.headers.get('x-request-id')).toBe('req-123');
    const body = await res.json();
    expect(body.error.requestId).toBe('req-123');
  });

  it('hides unexpected errors behind a 500 INTERNAL envelope', async () => {
    const handler = withErrors(async () => {
      throw new Error('secret detail');
    });
    const res = await handler(req({ 'x-request-id': 'req-500' }), ctx);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret detail');
    const body = JSON.parse(text);
    expect(body.error.code).toBe('INTERNAL');
    expect(body.error.requestId).toBe('req-500');
    expect(typeof body.error.message).toBe('string');
    expect(body.error.message.length).toBeGreaterThan(0);
  });

  it('hides non-Error throws too (e.g. a db failure from ctx)', async () => {
    const handler = withErrors(async (_r, c) => {
      await c.db();
      return json({});
    });
    const res = await handler(req(), ctx);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('no db');

    const thrower = withErrors(async () => {
      throw 'string secret';
    });
    const res2 = await thrower(req(), ctx);
    expect(res2.status).toBe(500);
    expect(await res2.text()).not.toContain('string secret');
  });

  it('includes fields for validation errors', async () => {
    const handler = withErrors(async () => {
      throw new AppError('VALIDATION_FAILED', 'Bad', { q: ['Required'] });
    });
    const res = await handler(req(), ctx);
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toEqual({ q: ['Required'] });
  });
});

describe('errorResponse', () => {
  it('omits fields when there are none', async () => {
    const body = await errorResponse(new AppError('CONFLICT', 'Exists'), 'r1').json();
    expect(body).toEqual({ error: { code: 'CONFLICT', message: 'Exists', requestId: 'r1' } });
    expect('fields' in body.error).toBe(false);
  });
});

describe('parseOrThrow', () => {
  const schema = z.object({
    name: z.string().min(2, 'Name must be at least 2 characters'),
    email: z.email('Please enter a valid email address'),
    address: z.object({ city: z.string().min(1, 'City is required') }),
  });

  it('returns parsed data on success', () => {
    expect(
      parseOrThrow(schema, { name: 'Ada', email: 'a@b.co', address: { city: 'Ikeja' } }),
    ).toEqual({
      name: 'Ada',
      email: 'a@b.co',
      address: { city: 'Ikeja' },
    });
  });

  it('throws VALIDATION_FAILED with field messages and the first message', () => {
    let caught: unknown;
    try {
      parseOrThrow(schema, { name: 'A', email: 'nope', address: { city: '' } });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    const err = caught as AppError;
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.status).toBe(422);
    expect(err.fields).toEqual({
      name: ['Name must be at least 2 characters'],
      email: ['Please enter a valid email address'],
      'address.city': ['City is required'],
    });
    expect(err.message).toBe('Name must be at least 2 characters');
  });

  it('collects several messages for one field', () => {
    const s = z.object({ pw: z.string().min(6, 'Too short').regex(/\d/, 'Needs a digit') });
    try {
      parseOrThrow(s, { pw: 'abc' });
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).fields).toEqual({ pw: ['Too short', 'Needs a digit'] });
      expect((error as AppError).message).toBe('Too short');
    }
  });

  it('uses "_" for root-level issues', () => {
    try {
      parseOrThrow(z.string('Expected text'), 42);
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).fields).toEqual({ _: ['Expected text'] });
      expect((error as AppError).message).toBe('Expected text');
    }
  });
});

describe('queryOf', () => {
  it('returns the query string as an object, the first value of a repeated one (as the page cache keys it)', () => {
    expect(queryOf(new Request('http://x/api?q=mech&limit=5&q=garage'))).toEqual({
      q: 'mech',
      limit: '5',
    });
  });
});

describe('reply', () => {
  const Schema = z.object({ at: z.iso.datetime(), n: z.number() });

  it('sends the body as JSON, Dates as the ISO strings the schema declares', async () => {
    const at = new Date('2026-11-23T10:00:00.000Z');
    const response = reply(Schema, { at, n: 1 }, 201, { 'cache-control': 'no-store' });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ at: '2026-11-23T10:00:00.000Z', n: 1 });
  });

  it('under Vitest, refuses a body that drifted from its schema', () => {
    expect(() => reply(Schema, { at: 'yesterday', n: 1 })).toThrow(
      /Response does not match its schema/,
    );
  });
});
