import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { shownName } from '../../common/schemas/text.ts';
import type { SessionUser } from '../../common/schemas/auth.ts';
import type { Database } from '../db/database.ts';
import { isPhoneOnlyEmail, PHONE_ACCOUNT_NAME } from '../../common/schemas/phone-auth.ts';
import type { BetterAuth } from './auth.ts';

/**
 * The signed-in user of a request, or null: the session cookie is checked by Better Auth,
 * the display name and role come from profiles and user_roles (has_role, SPEC §3).
 */
export async function findSessionUser(
  auth: BetterAuth,
  db: Kysely<Database>,
  request: Request,
): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers: request.headers }).catch(() => null);
  if (!session?.user) return null;
  return loadSessionUser(db, session.user.id, session.user.email);
}

export async function loadSessionUser(
  db: Kysely<Database>,
  userId: string,
  email: string,
): Promise<SessionUser> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('profiles')
        .select('display_name')
        .where('user_id', '=', userId)
        .as('display_name'),
      sql<boolean>`has_role(${userId}, 'admin')`.as('is_admin'),
      eb.selectFrom('user').select('email_verified').where('id', '=', userId).as('email_verified'),
      eb
        .selectFrom('user')
        .select('phone_number_verified')
        .where('id', '=', userId)
        .as('phone_verified'),
    ])
    .executeTakeFirst();
  const displayName = row?.display_name ?? null;
  const phoneOnly = isPhoneOnlyEmail(email);
  return {
    id: userId,
    email,
    displayName,
    shownName: phoneOnly && !displayName ? PHONE_ACCOUNT_NAME : shownName(displayName, email),
    isAdmin: Boolean(row?.is_admin),
    // The stand-in address of a phone-only account is never confirmed (it reaches nobody).
    emailVerified: Boolean(row?.email_verified) && !phoneOnly,
    phoneVerified: Boolean(row?.phone_verified),
    phoneOnly,
  };
}
