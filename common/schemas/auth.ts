import { z } from './zod-mini';

/**
 * Sign-in and sign-up rules of SPEC §5, shared by the /auth island and the function layer.
 * Messages are the spec's.
 */
export const PASSWORD_MIN = 6;

const email = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, 'Invalid email address')),
  z.email('Invalid email address'),
);
const password = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN, 'Password must be at least 6 characters'),
    z.maxLength(128, 'Password is too long'),
  );

export const SignInSchema = z.object({ email, password });
export type SignInInput = z.input<typeof SignInSchema>;

export const SignUpSchema = z
  .object({
    email,
    password,
    confirmPassword: z.optional(z.string()),
    displayName: z.optional(
      z.string().check(z.trim(), z.maxLength(80, 'Display name is too long')),
    ),
  })
  .check(
    z.refine((data) => !data.confirmPassword || data.confirmPassword === data.password, {
      message: "Passwords don't match",
      path: ['confirmPassword'],
    }),
  );
export type SignUpInput = z.input<typeof SignUpSchema>;

export const PasswordResetRequestSchema = z.object({ email });

const passwordsMatch = {
  check: (data: { password: string; confirmPassword: string }) =>
    data.confirmPassword === data.password,
  params: { message: "Passwords don't match", path: ['confirmPassword'] },
};
const newPassword = z.object({ password, confirmPassword: z.string() });

/** The new-password form of the reset page (the token comes from the link). */
export const NewPasswordSchema = newPassword.check(
  z.refine(passwordsMatch.check, passwordsMatch.params),
);

/** `POST /api/auth/password-reset/confirm`. */
export const PasswordResetSchema = z
  .extend(newPassword, {
    token: z
      .string()
      .check(z.minLength(10, 'This reset link is invalid or has expired.'), z.maxLength(200)),
  })
  .check(z.refine(passwordsMatch.check, passwordsMatch.params));

/** `GET /api/auth/verify-email?token=…`: the link of the verification e-mail (issue 12.8). */
export const VerifyEmailQuerySchema = z.object({
  token: z
    .string()
    .check(z.minLength(10, 'This verification link is invalid or has expired.'), z.maxLength(2000)),
});

/** Where the verification link lands: the home page, told whether it worked. */
export const EMAIL_VERIFIED_PARAM = 'email_verified';

/**
 * Issue 24.2: a page that asks a signed-in visitor to confirm the e-mail first (Write a review)
 * sets this cookie to its own path, scoped to the verification link's path (`/api/auth/
 * verify-email`), HttpOnly, SameSite=Lax, for a day; a link that works, opened in that browser,
 * lands back there (`?email_verified=1`) instead of on the home page, and clears it.
 */
export const VERIFY_RETURN_COOKIE = 'lah_verify_return';
/** The path the {@link VERIFY_RETURN_COOKIE} is scoped to: the verification link's. */
export const VERIFY_RETURN_COOKIE_PATH = '/api/auth/verify-email';

/**
 * A local page to return to after signing in (`?next=/business/x/review/`, issue 24.2), or
 * undefined for anything that would leave the site (`//host`, `https:`, back slashes).
 */
export function safeNextPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return undefined;
  try {
    const url = new URL(value, 'http://local.invalid');
    return url.origin === 'http://local.invalid' ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

/** The signed-in user as every island sees it (`GET /api/auth/session`). */
export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** profiles.display_name, possibly null. */
  displayName: z.nullable(z.string()),
  /** SPEC §3 fallback: display name, else the e-mail's local part, else User. */
  shownName: z.string(),
  isAdmin: z.boolean(),
  /** Whether the account confirmed its e-mail address: required to see contact details. */
  emailVerified: z.boolean(),
  /**
   * Whether the account confirmed a phone number by a code (issue 37.1): a confirmed identity for
   * writing reviews, like a confirmed e-mail.
   */
  phoneVerified: z.boolean(),
  /** The account was made with a phone number and has no e-mail address yet (issue 37.1). */
  phoneOnly: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** `POST /api/auth/sign-up` (201) and `POST /api/auth/sign-in` → the signed-in user. */
export const SignedInResponseSchema = z.object({ user: SessionUserSchema });
/** `GET /api/auth/session` → the user, or null for visitors. */
export const SessionResponseSchema = z.object({ user: z.nullable(SessionUserSchema) });
