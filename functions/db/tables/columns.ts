import type { ColumnType } from 'kysely';

/** Column types every table file uses (Kysely: select, insert, update). */

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json = ColumnType<unknown, string | undefined, string>;
