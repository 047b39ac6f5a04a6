import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** One round trip to the database: `select 1`. @throws the driver's error when it fails. */
export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
