import { expect, test } from '@playwright/test';
import { codeTextedTo, visitorAddress } from './helpers';

/**
 * Issue 37.1: sign up with a phone number and the code from the SMS (read from the local SMS
 * outbox), with JavaScript on and off; the forms post for real either way and work on the
 * first tap.
 */

/** A Nigerian mobile number of this run (0803 + 7 digits). */
const freshNumber = () => `0803${String(Date.now() % 10_000_000).padStart(7, '0')}`;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`phone sign-up, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled, extraHTTPHeaders: visitorAddress(javaScriptEnabled ? 71 : 72) });

    test('a new number gets a code by SMS and the code signs the account in', async ({ page }) => {
      // Four page loads, a poll of the outbox and a sign-in: more than the default on a busy machine.
      test.setTimeout(120_000);
      const local = freshNumber();
      const e164 = `+234${local.slice(1)}`;
      await page.goto('/auth/');
      await page.getByRole('link', { name: 'Use your phone number instead' }).click();
      await expect(page).toHaveURL(/\/auth\/phone\/$/);
      await page.getByLabel('Phone number').fill(local.replace(/^(\d{4})(\d{3})/, '$1 $2 '));
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page.getByText('We sent a 6-digit code by SMS.')).toBeVisible();
      // Neither the number nor the code ever shows in the address.
      expect(page.url()).not.toContain(local.slice(1));

      const code = await codeTextedTo(e164);
      await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('That code is not right.')).toBeVisible();

      await page.getByLabel('6-digit code').fill(code);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/$/);
      expect(page.url()).not.toContain(code);
      const session = await page.request.get('/api/auth/session');
      const { user } = (await session.json()) as { user: { phoneVerified: boolean } | null };
      expect(user?.phoneVerified).toBe(true);
    });
  });
}
