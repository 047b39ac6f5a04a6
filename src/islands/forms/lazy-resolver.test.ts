import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-resolver';

const Schema = z.object({ email: z.email('Please enter a valid email address') });
type Input = z.input<typeof Schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver (ADR 046, ADR 091)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requests the schema in the browser when the island module runs, once', async () => {
    vi.stubGlobal('document', {});
    const load = vi.fn(async () => Schema);
    const resolver = lazyZodResolver<Input, Input>(load);
    expect(load).toHaveBeenCalledTimes(1);
    const bad = await resolver({ email: 'not-an-email' }, undefined, options);
    expect(bad.errors.email?.message).toBe('Please enter a valid email address');
    const good = await resolver({ email: 'ada@example.com' }, undefined, options);
    expect(good).toEqual({ values: { email: 'ada@example.com' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits for the first validation on the server, which renders without validating', async () => {
    const load = vi.fn(async () => Schema);
    const resolver = lazyZodResolver<Input, Input>(load);
    expect(load).not.toHaveBeenCalled();
    await resolver({ email: 'x' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the values through when the schema cannot be fetched, and tries again next time', async () => {
    vi.stubGlobal('document', {});
    const load = vi
      .fn<() => Promise<typeof Schema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(Schema);
    const resolver = lazyZodResolver<Input, Input>(load);
    // The request at creation failed: the server validates this submission.
    expect(await resolver({ email: 'x' }, undefined, options)).toEqual({
      values: { email: 'x' },
      errors: {},
    });
    const again = await resolver({ email: 'x' }, undefined, options);
    expect(again.errors.email?.message).toBe('Please enter a valid email address');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
