import type { Kysely } from 'kysely';
import { FIRST_MIGRATION } from '../_lib/db.ts';
import type { Database, SetupStep } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * A first start as recorded steps (issue 23.3, ADR 029): the schema and the plan of what a new
 * database still needs are written in one transaction, and each step is marked done once it has
 * completed, so a start killed at any point is finished by the next one.
 */

/** What a start plans for a database it creates; the steps run in this order. */
export interface SetupPlan {
  /** Load the shipped content (SEED). */
  seed: boolean;
  /** Synthetic listings to add (SEED_SYNTHETIC). */
  synthetic: number;
  /** Create the local admin and print its password (embedded database only). */
  admin: boolean;
}

export const STEP_ORDER: readonly SetupStep[] = ['seed', 'synthetic', 'admin'];

export interface PreparedDatabase {
  /** Migrations applied now. */
  applied: string[];
  /** Whether this call created the schema. */
  fresh: boolean;
  /** Steps planned and not done yet, in {@link STEP_ORDER}. */
  pending: SetupStep[];
}

/**
 * Migrates `db` to the latest schema and, when that created the schema, records the steps of
 * `plan` as pending: one transaction, so a database either has its schema and its plan or
 * neither. Returns the steps still to do (the plan of an earlier, interrupted start included).
 * @throws the first migration error (nothing is applied).
 */
export async function migrateAndPlan(
  db: Kysely<Database>,
  plan: SetupPlan,
): Promise<PreparedDatabase> {
  return db.transaction().execute(async (trx) => {
    const applied = await migrateToLatest(trx);
    const fresh = applied.includes(FIRST_MIGRATION);
    const planned = STEP_ORDER.filter((step) =>
      step === 'synthetic' ? plan.synthetic > 0 : plan[step],
    );
    if (fresh && planned.length > 0)
      await trx
        .insertInto('setup_steps')
        .values(planned.map((step) => ({ step })))
        .execute();
    const rows = await trx
      .selectFrom('setup_steps')
      .select('step')
      .where('done_at', 'is', null)
      .execute();
    const pending = new Set(rows.map((row) => row.step));
    return { applied, fresh, pending: STEP_ORDER.filter((step) => pending.has(step)) };
  });
}

/** Marks `step` done (its work has completed and been announced). */
export async function completeStep(db: Kysely<Database>, step: SetupStep): Promise<void> {
  await db
    .updateTable('setup_steps')
    .set({ done_at: new Date() })
    .where('step', '=', step)
    .execute();
}

/**
 * Whether the directory holds none of the shipped content: no service card, no article and no
 * listing. A database in that state with nothing pending was most likely left by a first start
 * killed before steps were recorded (an older version), or started with SEED=false.
 */
export async function isEmptyDirectory(db: Kysely<Database>): Promise<boolean> {
  const [cards, articles, listings] = await Promise.all([
    db.selectFrom('service_cards').select('id').limit(1).execute(),
    db.selectFrom('articles').select('id').limit(1).execute(),
    db.selectFrom('business_registrations').select('id').limit(1).execute(),
  ]);
  return cards.length + articles.length + listings.length === 0;
}
