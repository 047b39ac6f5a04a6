import { type Kysely, sql } from 'kysely';
import { containsPattern } from '../_lib/like.ts';
import { countOf, pageOf, type PageWindow } from '../_lib/paging.ts';
import type { Database } from '../db/database.ts';

/**
 * Queries of accounts: Better Auth's user table, profiles and user_roles (SPEC §3, ADR 002).
 * `db` may be a transaction.
 */
type Db = Kysely<Database>;

/**
 * An account as the Users tab shows it: its profile and role (admin when user_roles says so), and
 * whether its e-mail and its phone (issue 37.6) are confirmed.
 */
function accounts(db: Db) {
  return db
    .selectFrom('user as u')
    .leftJoin('profiles as p', 'p.user_id', 'u.id')
    .select((eb) => [
      'u.id as user_id',
      'u.email',
      'u.email_verified',
      'u.phone_number',
      'u.phone_number_verified',
      'p.id as profile_id',
      'p.display_name',
      'p.created_at',
      'p.updated_at',
      eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('user_roles as r')
              .whereRef('r.user_id', '=', 'u.id')
              .where('r.role', '=', 'admin')
              .select('r.id'),
          ),
        )
        .then('admin' as const)
        .else('user' as const)
        .end()
        .as('role'),
    ]);
}

/** SPEC §2 Users search: display name, e-mail, role or user ID contain `q`, any case. */
function matches(q: string | undefined) {
  if (!q) return sql<boolean>`true`;
  const pattern = containsPattern(q);
  return sql<boolean>`(lower(coalesce(p.display_name, '')) like ${pattern}
    or lower(u.email) like ${pattern} or lower(u.id) like ${pattern}
    or (case when exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin')
        then 'admin' else 'user' end) like ${pattern})`;
}

/** One page of accounts matching `q`, newest first. */
export function listPage(db: Db, q: string | undefined, page: PageWindow) {
  return pageOf(
    accounts(db).where(matches(q)).orderBy('u.created_at', 'desc').orderBy('u.id', 'desc'),
    page,
  );
}

/** Number of accounts matching `q` (the page's query, counted). */
export function count(db: Db, q: string | undefined): Promise<number> {
  return countOf(accounts(db).where(matches(q)));
}

/** The id of the account with this e-mail (case-insensitive), if any. */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row?.id;
}

/**
 * SPEC §3: a new account's profile (display name) and its role `user`, in one transaction;
 * nothing when they exist (Better Auth's create hook, functions/_lib/auth.ts).
 */
export async function createAccountRecords(
  db: Db,
  userId: string,
  displayName: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('profiles')
      .values({ user_id: userId, display_name: displayName })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    await trx
      .insertInto('user_roles')
      .values({ user_id: userId, role: 'user' })
      .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
      .execute();
  });
}

/** Adds the `admin` row to user_roles (what has_role reads); nothing when it exists. */
export async function addAdminRole(db: Db, userId: string): Promise<void> {
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role: 'admin' })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .execute();
}

/** Better Auth's own user.role, kept in step with user_roles. */
export async function setAuthRole(db: Db, userId: string, role: 'admin' | 'user'): Promise<void> {
  await db.updateTable('user').set({ role }).where('id', '=', userId).execute();
}

/** The account's e-mail and phone, and whether each is confirmed (the account page, issue 37.1). */
export function findIdentity(db: Db, userId: string) {
  return db
    .selectFrom('user')
    .select(['email', 'email_verified', 'phone_number', 'phone_number_verified'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
