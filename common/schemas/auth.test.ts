import { describe, expect, it } from 'vitest';
import { NewPasswordSchema, PasswordResetSchema, SignInSchema, SignUpSchema } from './auth';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('auth schemas (SPEC §5)', () => {
  it('normalises the e-mail and accepts a 6-character password', () => {
    expect(SignInSchema.parse({ email: '  Ada@Example.COM ', password: '123456' })).toEqual({
      email: 'ada@example.com',
      password: '123456',
    });
  });

  it('uses the spec messages for sign in', () => {
    expect(messages(SignInSchema.safeParse({ email: 'nope', password: '12345' }))).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
    });
  });

  it('checks the optional confirmation and display name on sign up', () => {
    expect(SignUpSchema.safeParse({ email: 'a@b.co', password: 'secret1' }).success).toBe(true);
    expect(
      SignUpSchema.safeParse({ email: 'a@b.co', password: 'secret1', confirmPassword: '' }).success,
    ).toBe(true);
    expect(
      messages(
        SignUpSchema.safeParse({
          email: 'a@b.co',
          password: 'secret1',
          confirmPassword: 'secret2',
        }),
      ),
    ).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(
      SignUpSchema.safeParse({ email: 'a@b.co', password: 'secret1', displayName: 'x'.repeat(81) })
        .success,
    ).toBe(false);
  });

  it('requires matching new passwords and a token for a reset', () => {
    expect(
      messages(NewPasswordSchema.safeParse({ password: 'secret1', confirmPassword: 'other' })),
    ).toEqual({ confirmPassword: "Passwords don't match" });
    expect(
      messages(
        PasswordResetSchema.safeParse({
          token: 'short',
          password: 'secret1',
          confirmPassword: 'secret1',
        }),
      ),
    ).toEqual({
      token: 'This reset link is invalid or has expired.',
    });
  });
});
