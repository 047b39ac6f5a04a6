import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../../playwright.config';
import { codeTextedTo, visitorAddress } from './helpers';

/**
 * Issue 37.1 and 37.4 in Chromium (ADR 078): an account made with an e-mail adds its phone from
 * its account page (the code read from the local SMS outbox), with JavaScript on and off; a
 * motorist who signed up by phone writes a review, shown with "Phone confirmed" beside the name.
 */

/** A Nigerian mobile number of this run: `prefix` (0805…) + 7 digits. */
const freshNumber = (prefix: string) =>
  `${prefix}${String(Date.now() % 10_000_000).padStart(7, '0')}`;
const e164Of = (local: string) => `+234${local.slice(1)}`;

/** Signs `page`'s browser up with an e-mail and password (the API, as the sign-up form does). */
async function signUpByEmail(page: Page, email: string) {
  const response = await page.request.post('/api/auth/sign-up', {
    headers: { origin: BASE_URL },
    data: { email, password: 'motorist-pass-1', confirmPassword: 'motorist-pass-1' },
  });
  expect(response.status()).toBe(201);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`adding a phone, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled, extraHTTPHeaders: visitorAddress(javaScriptEnabled ? 76 : 77) });

    test('an e-mail account adds its phone by the code from the SMS', async ({ page }) => {
      test.setTimeout(120_000);
      const run = `${Date.now().toString(36)}${javaScriptEnabled ? 'j' : 'n'}`;
      const email = `adds-phone-${run}@example.com`;
      await signUpByEmail(page, email);
      await page.goto('/');
      if (javaScriptEnabled) {
        // The signed-in user's name in the header (the desktop bar) leads to the account page.
        const name = page.locator('.desktop-nav a.user-name');
        await expect(name).toHaveAttribute('href', '/account/');
        await name.click();
      } else {
        await page.goto('/account/');
      }
      await expect(page).toHaveURL(/\/account\/$/);
      await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
      await expect(page.getByTestId('account-email')).toHaveText(`${email}: Not confirmed`);

      const local = freshNumber(javaScriptEnabled ? '0805' : '0806');
      const e164 = e164Of(local);
      await page.getByLabel('Phone number').fill(local.replace(/^(\d{4})(\d{3})/, '$1 $2 '));
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page.getByText('We sent a 6-digit code by SMS.')).toBeVisible();
      expect(page.url()).not.toContain(local.slice(1));

      const code = await codeTextedTo(e164);
      await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Confirm phone' }).click();
      await expect(page.getByText('That code is not right.')).toBeVisible();

      await page.getByLabel('6-digit code').fill(code);
      await page.getByRole('button', { name: 'Confirm phone' }).click();
      await expect(page).toHaveURL(/\/account\/\?phone=1$/);
      expect(page.url()).not.toContain(code);
      await expect(page.getByRole('status')).toContainText('Phone confirmed.');
      await expect(page.getByTestId('account-phone')).toContainText('Confirmed');
      const session = await page.request.get('/api/auth/session');
      const { user } = (await session.json()) as { user: { phoneVerified: boolean } | null };
      expect(user?.phoneVerified).toBe(true);
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a phone-confirmed review, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ extraHTTPHeaders: visitorAddress(78), javaScriptEnabled });
    // A listing no other spec reviews: the e2e visitors share one network and their accounts are
    // new, so a third review of one listing in a run would be held (ADR 077). These two are the
    // only reviews of it, each with its own text (the same text twice is held as a duplicate).
    const LISTING = 'ajah-bumper-to-bumper';

    test('a motorist who signed up by phone reviews; the review shows "Phone confirmed"', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const local = freshNumber(javaScriptEnabled ? '0807' : '0817');
      await page.goto(`/auth/phone/?next=${encodeURIComponent(`/business/${LISTING}/review/`)}`);
      await page.getByLabel('Phone number').fill(local);
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page.getByText('We sent a 6-digit code by SMS.')).toBeVisible();
      await page.getByLabel('6-digit code').fill(await codeTextedTo(e164Of(local)));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(`/business/${LISTING}/review/`);

      const title = `Fixed my bumper the same day ${javaScriptEnabled ? '' : 'again '}${Date.now().toString(36)}`;
      await page.getByLabel('4 stars', { exact: true }).check();
      await page.getByLabel('Title *', { exact: true }).fill(title);
      await page
        .getByLabel('Your review *', { exact: true })
        .fill(
          javaScriptEnabled
            ? 'They fixed my bumper the same day and showed me the old brackets.'
            : 'Straightened the door panel and matched the paint; it was ready by evening.',
        );
      await page.getByLabel('Service used *', { exact: true }).selectOption('Body Work & Paint');
      await page.getByLabel('Month of your visit *', { exact: true }).selectOption({ index: 1 });
      await page.getByLabel('Name shown with your review *', { exact: true }).fill('Tunde O.');
      await page.getByRole('button', { name: 'Post review' }).click();
      await expect(page.getByText('Your review is on the page')).toBeVisible();

      await page.goto(`/business/${LISTING}/`);
      const review = page.locator('section#reviews article', {
        has: page.getByRole('heading', { name: title }),
      });
      await expect(review).toBeVisible();
      await expect(review.getByText('Tunde O.')).toBeVisible();
      await expect(review.locator('.review-phone-confirmed')).toHaveText('Phone confirmed');
    });
  });
}
