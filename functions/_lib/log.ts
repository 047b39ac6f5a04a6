/**
 * Structured one-line JSON logs on stdout/stderr. Netlify and the local server both
 * keep stdout, so this is the only logger the function layer needs.
 */
type Level = 'info' | 'warn' | 'error';

function write(level: Level, message: string, data: Record<string, unknown> = {}): void {
  if (process.env.LOG_LEVEL === 'silent') return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...data });
  if (level === 'error') console.error(line);
  else console.log(line);
}

export const log = {
  info: (message: string, data?: Record<string, unknown>) => write('info', message, data),
  warn: (message: string, data?: Record<string, unknown>) => write('warn', message, data),
  error: (message: string, data?: Record<string, unknown>) => write('error', message, data),
};
