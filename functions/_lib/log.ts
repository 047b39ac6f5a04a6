import { env, LOG_LEVELS, type LogLevel } from './env.ts';

/**
 * Structured one-line JSON logs on stdout/stderr. Netlify and the local server both
 * keep stdout, so this is the only logger the function layer needs. LOG_LEVEL (env.ts) is the
 * least severe level written: debug < info < warn < error; `silent` writes nothing.
 */
type Level = Exclude<LogLevel, 'silent'>;

const rank = (level: LogLevel) => LOG_LEVELS.indexOf(level);

/** The configured threshold; a bad LOG_LEVEL (reported by checkEnv at start) logs at info. */
function threshold(): LogLevel {
  try {
    return env('LOG_LEVEL');
  } catch {
    return 'info';
  }
}

function write(level: Level, message: string, data: Record<string, unknown> = {}): void {
  if (rank(level) < rank(threshold())) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...data });
  if (level === 'error') console.error(line);
  else console.log(line);
}

export const log = {
  debug: (message: string, data?: Record<string, unknown>) => write('debug', message, data),
  info: (message: string, data?: Record<string, unknown>) => write('info', message, data),
  warn: (message: string, data?: Record<string, unknown>) => write('warn', message, data),
  error: (message: string, data?: Record<string, unknown>) => write('error', message, data),
};
