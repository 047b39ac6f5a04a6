import { afterEach, describe, expect, it, vi } from 'vitest';
import { log } from './log.ts';

describe('log levels (LOG_LEVEL)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  const written = (level: string) => {
    vi.stubEnv('LOG_LEVEL', level);
    const out = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e');
    const lines = [...out.mock.calls, ...err.mock.calls].map(
      ([line]) => JSON.parse(String(line)).message as string,
    );
    vi.restoreAllMocks();
    return lines;
  };

  it('writes the configured level and everything more severe', () => {
    expect(written('debug')).toEqual(['d', 'i', 'w', 'e']);
    expect(written('info')).toEqual(['i', 'w', 'e']);
    expect(written('warn')).toEqual(['w', 'e']);
    expect(written('error')).toEqual(['e']);
    expect(written('silent')).toEqual([]);
  });

  it('falls back to info for a value checkEnv would refuse, so logging never throws', () => {
    expect(written('verbose')).toEqual(['i', 'w', 'e']);
  });
});
