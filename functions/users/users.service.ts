import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Makes a user an admin: the `admin` row in user_roles (what has_role reads, SPEC §3) and
 * Better Auth's user.role kept in step, in one transaction. Idempotent.
 */
export async function grantAdmin(db: Kysely<Database>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('user_roles')
      .values({ user_id: userId, role: 'admin' })
      .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
      .execute();
    await trx.updateTable('user').set({ role: 'admin' }).where('id', '=', userId).execute();
  });
}

/** The id of the account with this e-mail (case-insensitive), if any. */
export async function findUserIdByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row?.id;
}
