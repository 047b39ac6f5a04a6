import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { afterFirstPaintDirective, CLIENT_PAINTED_ENTRYPOINT } from './client-painted.ts';

describe('afterFirstPaintDirective (ADR 027, 032, 037)', () => {
  it('registers client:painted with the directive module of src/browser', () => {
    const addClientDirective = vi.fn();
    const setup = afterFirstPaintDirective().hooks['astro:config:setup'] as unknown as (options: {
      addClientDirective: typeof addClientDirective;
    }) => void;
    setup({ addClientDirective });
    expect(addClientDirective).toHaveBeenCalledExactlyOnceWith({
      name: 'painted',
      entrypoint: CLIENT_PAINTED_ENTRYPOINT,
    });
    // Astro resolves the entrypoint from the project root.
    expect(
      existsSync(fileURLToPath(new URL(`../${CLIENT_PAINTED_ENTRYPOINT}`, import.meta.url))),
    ).toBe(true);
  });
});
