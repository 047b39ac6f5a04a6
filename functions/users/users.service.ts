import type { Kysely } from 'kysely';
import { paged } from '../_lib/paging.ts';
import { createBetterAuth } from '../_lib/auth.ts';
import { authSecret, siteUrl } from '../_lib/env.ts';
import { isPhoneOnlyEmail } from '../../common/schemas/phone-auth.ts';
import type { UserListQuery } from '../../common/schemas/users.ts';
import type { Database } from '../db/database.ts';
import * as repository from './users.repository.ts';

/** Accounts as the admin sees them (SPEC §2 Users tab) and the making of admins (docs/development.md). */
type Db = Kysely<Database>;

/**
 * One page of accounts with their profile and role, newest first, matching `q` (SPEC §2), and
 * whether the e-mail and the phone are confirmed (issue 37.6): an account made with a phone has
 * no e-mail of its own, only Better Auth's placeholder.
 */
export async function listUsers(db: Db, query: UserListQuery) {
  const { rows, total } = await paged(
    query,
    (window) => repository.listPage(db, query.q, window),
    () => repository.count(db, query.q),
  );
  const users = rows.map((row) => {
    const phoneOnly = isPhoneOnlyEmail(row.email);
    return { ...row, phone_only: phoneOnly, email_verified: row.email_verified && !phoneOnly };
  });
  return { users, total };
}

/** Accounts matching `q` (the Users tab count). */
export function countUsers(db: Db, q: string | undefined): Promise<number> {
  return repository.count(db, q);
}

const EXPORT_PAGE = 1_000;

/** Every account matching `q`, newest first, a page at a time (the streamed Users CSV). */
export async function* exportUsers(db: Db, q: string | undefined) {
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const rows = await repository.listPage(db, q, { offset, limit: EXPORT_PAGE });
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE) return;
  }
}

/**
 * Makes a user an admin: the `admin` row in user_roles (what has_role reads, SPEC §3) and
 * Better Auth's user.role kept in step, in one transaction. Idempotent.
 */
export async function grantAdmin(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repository.addAdminRole(trx, userId);
    await repository.setAuthRole(trx, userId, 'admin');
  });
}

export interface EnsureAdminResult {
  userId: string;
  /** True when the account was created now; false when an existing one was promoted. */
  created: boolean;
}

/**
 * Creates an admin account, or promotes the existing account with this e-mail (its password is
 * left unchanged unless `setPassword`). Used by `npm run admin:create` and by `npm start` on a
 * fresh local database, which sets the password it prints even when an interrupted first start
 * had already created the account (issue 23.3).
 * @throws Error when the account must be created (or its password set) and the password is
 *   shorter than 6 characters.
 */
export async function ensureAdmin(
  db: Db,
  {
    email,
    password,
    name,
    setPassword = false,
  }: {
    email: string;
    password?: string | undefined;
    name?: string | undefined;
    setPassword?: boolean;
  },
): Promise<EnsureAdminResult> {
  const existing = await repository.findUserIdByEmail(db, email);
  const tooShort = !password || password.length < 6;
  if ((!existing || setPassword) && tooShort)
    throw new Error('A new admin needs a password of at least 6 characters (--password).');
  const auth = () =>
    createBetterAuth(db, {
      baseURL: siteUrl(),
      secret: authSecret(),
      sendResetLink: async () => undefined,
    });
  if (existing) {
    if (setPassword && password) {
      const context = await auth().$context;
      await context.internalAdapter.updatePassword(existing, await context.password.hash(password));
    }
    await grantAdmin(db, existing);
    return { userId: existing, created: false };
  }
  const { user } = await auth().api.signUpEmail({
    body: { email: email.toLowerCase(), password: password ?? '', name: name || 'Admin' },
  });
  await grantAdmin(db, user.id);
  return { userId: user.id, created: true };
}
