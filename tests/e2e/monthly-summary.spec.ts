import { expect, test } from '@playwright/test';
import { BASE_URL, E2E_AUTH_SECRET } from '../../playwright.config';
import { INVALID_UNSUBSCRIBE_LINK } from '../../common/schemas/email-preferences';
import { visitorAddress } from './helpers';

/**
 * Issue 27.3 (ADR 045) in Chromium without JavaScript: the monthly summary's unsubscribe link
 * opens a confirmation page whose button unsubscribes (a plain POST form, no sign-in), the page
 * then offers to subscribe again; an edited link shows a clear message; the signed-in owner
 * switches the summary at /account/business/email/.
 */
const PASSWORD = 'summary-e2e-pass-1';

test('unsubscribe by the link without signing in, subscribe again, and from the dashboard', async ({
  browser,
}) => {
  // The link is signed with the server's secret, as the job signs it.
  process.env.BETTER_AUTH_SECRET = E2E_AUTH_SECRET;
  const { unsubscribeToken } =
    await import('../../functions/monthly-summary/monthly-summary.service');

  const owner = await browser.newContext({ extraHTTPHeaders: visitorAddress(45) });
  const email = `summary-owner-${Date.now()}@example.com`;
  const signUp = await owner.request.post('/api/auth/sign-up', {
    headers: { origin: BASE_URL },
    data: { email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const userId = (await (await owner.request.get('/api/auth/session')).json()).user.id as string;
  const token = unsubscribeToken(userId);

  // A mail client's visitor: no session, no script.
  const visitor = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: visitorAddress(45),
  });
  const page = await visitor.newPage();
  await page.goto(`/email/unsubscribe/?token=${encodeURIComponent(token)}`);
  await expect(page.getByText(`The monthly summary goes to ${email}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(
    page.getByText(`We will not send the monthly summary to ${email} any more.`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Send me the monthly summary again' }).click();
  await expect(page.getByText(`We will send the monthly summary to ${email} again.`)).toBeVisible();

  // An edited link: a clear message, and nothing about any account.
  const edited = await page.goto(
    `/email/unsubscribe/?token=${encodeURIComponent(token.slice(0, -3))}abc`,
  );
  expect(edited?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText(INVALID_UNSUBSCRIBE_LINK);
  await expect(page.getByText(email)).toHaveCount(0);

  // The signed-in owner's e-mail settings.
  const settings = await owner.newPage();
  await settings.goto('/account/business/email/');
  await expect(
    settings.getByText(`On: the summary goes to ${email} early each month.`),
  ).toBeVisible();
  await settings.getByRole('button', { name: 'Stop the monthly summary' }).click();
  await expect(settings.getByText('You will not get the monthly summary any more.')).toBeVisible();
  await expect(settings.getByText(`Off: ${email} does not get the monthly summary.`)).toBeVisible();

  await owner.close();
  await visitor.close();
});
