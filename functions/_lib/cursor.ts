import type { z } from 'zod';
import { AppError } from './errors.ts';

/**
 * The one cursor codec of keyset pages (issue 25, 39.4, ADR 066; today the directory's list,
 * search and near me): a `nextCursor` is the page's position as JSON in base64url, opaque to
 * clients, and read back only through the schema of the endpoint that made it.
 */
export function encodeCursor<T>(position: T): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/**
 * Reads a cursor made by {@link encodeCursor} and checks it against `schema`.
 * @throws AppError BAD_REQUEST ("Invalid cursor.") when `text` is not base64url JSON of that shape.
 */
export function decodeCursor<S extends z.ZodType>(schema: S, text: string): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'Invalid cursor.');
  return parsed.data;
}

/** Postgres' `created_at` as UTC ISO text with microseconds (a JS Date would round them). */
export const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
