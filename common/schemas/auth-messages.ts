/**
 * SPEC §8 sign-in messages: the admin version adds the approval hint. Kept apart from the auth
 * schemas so the sign-in island shows them without loading Zod first (ADR 046).
 */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password...';
export const ADMIN_INVALID_CREDENTIALS_MESSAGE =
  'Invalid email or password or ensure your account has been approved';
