import { describe, expect, it } from 'vitest';
import { ZOD_MINI_COPY, zodMiniCopyOf } from './zod-mini-copy.ts';

describe('zod/mini copy (ADR 097)', () => {
  const core = '/app/node_modules/zod/v4/core/index.js';

  it('leads zod/mini and zod/locales, and every Zod module a copy imports, to copies', () => {
    expect(
      zodMiniCopyOf(
        'zod/mini',
        '/app/common/schemas/zod-mini.ts',
        '/app/node_modules/zod/mini/index.js',
      ),
    ).toBe(`/app/node_modules/zod/mini/index.js${ZOD_MINI_COPY}`);
    expect(
      zodMiniCopyOf(
        'zod/locales',
        '/app/common/schemas/zod-mini.ts',
        '/app/node_modules/zod/locales/index.js',
      ),
    ).toBe(`/app/node_modules/zod/locales/index.js${ZOD_MINI_COPY}`);
    expect(
      zodMiniCopyOf(
        '../core/index.js',
        `/app/node_modules/zod/v4/mini/schemas.js${ZOD_MINI_COPY}`,
        core,
      ),
    ).toBe(`${core}${ZOD_MINI_COPY}`);
  });

  it('leaves the chained API, its core and everything outside Zod as they are', () => {
    expect(
      zodMiniCopyOf('zod', '/app/common/schemas/listing.ts', '/app/node_modules/zod/index.js'),
    ).toBeNull();
    expect(
      zodMiniCopyOf('../core/index.js', '/app/node_modules/zod/v4/classic/schemas.js', core),
    ).toBeNull();
    // A copy's import of something outside Zod, and an id that is already a copy.
    expect(
      zodMiniCopyOf(
        './x.js',
        `/app/node_modules/zod/v4/mini/schemas.js${ZOD_MINI_COPY}`,
        '/app/src/x.js',
      ),
    ).toBeNull();
    expect(
      zodMiniCopyOf('zod/mini', '/app/a.ts', `/app/node_modules/zod/mini/index.js${ZOD_MINI_COPY}`),
    ).toBeNull();
  });
});
