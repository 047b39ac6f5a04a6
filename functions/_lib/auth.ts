import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { admin, phoneNumber } from 'better-auth/plugins';
import { nigerianMobile } from '../../common/schemas/nigerian-mobile.ts';
import {
  isPhoneOnlyEmail,
  PHONE_ACCOUNT_NAME,
  PHONE_ONLY_EMAIL_DOMAIN,
  PHONE_CODE_ATTEMPTS,
  PHONE_CODE_LENGTH,
  PHONE_CODE_TTL_SECONDS,
} from '../../common/schemas/phone-auth.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { createAccountRecords } from '../users/users.repository.ts';
import { log } from './log.ts';

/**
 * Better Auth on our Postgres (ADR 002). Only this module knows the library; the rest of the
 * function layer uses {@link AuthService} (sessions, sign-up/in/out, password reset).
 */

/** Called to deliver a password-reset link (the mailer, or a test double). */
export type SendResetLink = (to: { email: string; name: string }, token: string) => Promise<void>;

/** Called to deliver an e-mail verification link (the mailer, or a test double). */
export type SendVerificationLink = (
  to: { email: string; name: string },
  token: string,
) => Promise<void>;

export interface AuthConfig {
  /** Public origin of the site, e.g. https://lagosautohub.ng (cookies, trusted origin). */
  baseURL: string;
  /** At least 32 random characters (BETTER_AUTH_SECRET). */
  secret: string;
  sendResetLink: SendResetLink;
  /** Absent where no account can ask for one (the admin CLI creates accounts directly). */
  sendVerificationLink?: SendVerificationLink;
  /**
   * Delivers a one-time code by SMS (issue 37.1); throws when it was not delivered, so the
   * person is told to try again. Absent: phone sign-in answers "not available".
   */
  sendPhoneCode?: SendPhoneCode;
}

/** Called to deliver a phone sign-in code to an E.164 number (the SMS sender, or a test double). */
export type SendPhoneCode = (phone: string, code: string) => Promise<void>;

export { isPhoneOnlyEmail, PHONE_ACCOUNT_NAME, PHONE_ONLY_EMAIL_DOMAIN };

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' };

/**
 * The options that shape the tables; shared with the migration that creates them. Column names
 * are mapped to snake_case so the auth tables follow the same Postgres conventions as ours.
 */
export function authSchemaOptions(db: Kysely<any>): BetterAuthOptions {
  return {
    database: { db, type: 'postgres' },
    emailAndPassword: { enabled: true },
    user: { fields: { emailVerified: 'email_verified', ...timestamps } },
    session: {
      fields: {
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        userId: 'user_id',
        ...timestamps,
      },
    },
    account: {
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...timestamps,
      },
    },
    verification: { fields: { expiresAt: 'expires_at', ...timestamps } },
    plugins: [
      admin({
        schema: {
          user: { fields: { banReason: 'ban_reason', banExpires: 'ban_expires' } },
          session: { fields: { impersonatedBy: 'impersonated_by' } },
        },
      }),
    ],
    telemetry: { enabled: false },
  };
}

/** SPEC §9: minimum password length 6. */
export const MIN_PASSWORD_LENGTH = 6;

export function createBetterAuth(db: Kysely<Database>, config: AuthConfig) {
  return betterAuth({
    ...authSchemaOptions(db),
    baseURL: config.baseURL,
    secret: config.secret,
    trustedOrigins: [config.baseURL],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        await config.sendResetLink({ email: user.email, name: user.name }, token);
      },
    },
    // Issue 12.8: a new account is sent a verification link (its token is a signed JWT, stored
    // nowhere); contact details are revealed to verified accounts only (directory.handler.ts).
    // Signing in does not wait for it: the spec's sign-up signs the account in at once.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24 * 3,
      sendVerificationEmail: async ({ user, token }) => {
        await config.sendVerificationLink?.({ email: user.email, name: user.name }, token);
      },
    },
    // Reset tokens (and every other verification identifier) are stored as SHA-256 hashes, so a
    // read of the table (a backup, a leak) yields no usable link (issue 12.8).
    verification: { ...authSchemaOptions(db).verification, storeIdentifier: 'hashed' },
    // Issue 37.1, ADR 078: a phone-only account adds an e-mail; the address changes when the
    // link Better Auth sends to it (our verification mail) is opened.
    user: { ...authSchemaOptions(db).user, changeEmail: { enabled: true } },
    session: {
      ...authSchemaOptions(db).session,
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // Our own Postgres-backed limiter guards sign-in and sign-up (functions/auth/auth.handler.ts).
    rateLimit: { enabled: false },
    // A wrong password is not an incident ("User not found" warnings); only errors reach our log.
    logger: {
      level: 'error',
      log: (_level, message, ...args) =>
        log.error(`better-auth: ${message}`, { details: args.map(String) }),
    },
    advanced: {
      useSecureCookies: config.baseURL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    // Issue 37.1, ADR 067: sign up and sign in with a Nigerian mobile number and a 6-digit code
    // (10 minutes, 5 tries). Not in authSchemaOptions: its columns come from migration
    // 2026_11_28_0702_phone_sign_in, not from the frozen one that runs Better Auth's migrations.
    plugins: [
      ...(authSchemaOptions(db).plugins ?? []),
      phoneNumber({
        otpLength: PHONE_CODE_LENGTH,
        expiresIn: PHONE_CODE_TTL_SECONDS,
        allowedAttempts: PHONE_CODE_ATTEMPTS,
        phoneNumberValidator: (phone) => nigerianMobile(phone) === phone,
        sendOTP: async ({ phoneNumber: phone, code }) => {
          if (!config.sendPhoneCode) throw new Error('phone sign-in is not configured');
          await config.sendPhoneCode(phone, code);
        },
        signUpOnVerification: {
          getTempEmail: () => `phone-${crypto.randomUUID()}@${PHONE_ONLY_EMAIL_DOMAIN}`,
          getTempName: () => PHONE_ACCOUNT_NAME,
        },
        schema: {
          user: {
            fields: { phoneNumber: 'phone_number', phoneNumberVerified: 'phone_number_verified' },
          },
        },
      }),
    ],
    databaseHooks: {
      user: {
        create: {
          // SPEC §3: every account has a profile (display name) and the role `user`.
          after: async (user) => {
            await createAccountRecords(db, user.id, user.name?.trim() || null);
            log.info('account created', { userId: user.id });
          },
        },
      },
    },
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
