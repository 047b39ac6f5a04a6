import { type Kysely, sql } from 'kysely';

/**
 * Issue 23.3 (ADR 029): the steps a first start plans for a database it creates (load the shipped
 * content, add synthetic listings, create the local admin), recorded in the transaction that
 * creates the schema and marked done when each has completed. A start that finds a step not done
 * (the first start was killed) does it again; every step can be redone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table setup_steps (
      step text primary key check (step in ('seed', 'synthetic', 'admin')),
      planned_at timestamptz not null default now(),
      done_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists setup_steps`.execute(db);
}
