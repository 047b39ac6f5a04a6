import { expect } from '@playwright/test';
import { BASE_URL } from '../../playwright.config';
import { adminTest as test, expectToast, openAdmin, visitorAddress } from './helpers';

/**
 * Issue 37.6 (ADR 074) in Chromium: a code sent by SMS shows in the admin's log (Messaging → Text
 * Messages), the number partly masked; today's count stands against the daily ceiling; the ceiling
 * form refuses what the API's schema refuses and saves a new ceiling, which the server keeps.
 */

/** A Nigerian mobile number of this run (0803 + 7 digits). */
const freshNumber = () => `0803${String(Date.now() % 10_000_000).padStart(7, '0')}`;
const CEILING_LABEL = 'Daily ceiling (text messages a day)';

test('the admin sees a sent code in the SMS log and changes the daily ceiling', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const local = freshNumber();
  const masked = `+234 ${local.slice(1, 4)} *** **${local.slice(-2)}`;

  // A motorist asks for a sign-in code: the local outbox sends it and the log keeps it.
  const visitor = await browser.newContext({ extraHTTPHeaders: visitorAddress(81) });
  const asked = await visitor.request.post('/api/auth/phone/code', {
    headers: { origin: BASE_URL },
    data: { phone: local },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  await visitor.close();

  await openAdmin(page, 'Messaging');
  await page.getByRole('tab', { name: 'Text Messages (SMS)' }).click();
  const section = page.getByTestId('sms-section');
  const row = section.getByTestId('sms-log').getByRole('row').filter({ hasText: masked });
  await expect(row).toContainText('phone-sign-in');
  await expect(row).toContainText('Sent');
  // The whole number is never on the page.
  await expect(section).not.toContainText(local.slice(1));

  const todayLine = section.getByTestId('sms-today');
  await expect(todayLine).toContainText(/[\d,]+ of [\d,]+ sent today/);
  const sent = (await todayLine.innerText()).match(/^([\d,]+) of/)![1]!;

  // The form checks with the API's schema: nothing is sent for a negative ceiling.
  const ceiling = section.getByLabel(CEILING_LABEL);
  await ceiling.fill('-5');
  await section.getByRole('button', { name: 'Save ceiling' }).click();
  await expect(section.getByRole('alert')).toHaveText(
    'Enter a whole number of messages from 0 to 1,000,000',
  );

  await ceiling.fill('750');
  await section.getByRole('button', { name: 'Save ceiling' }).click();
  await expectToast(page, 'Daily SMS ceiling saved');
  await expect(section.getByRole('alert')).toHaveCount(0);
  await expect(todayLine).toContainText(`${sent} of 750 sent today`);
  await expect(section.getByText(/^Ceiling set by .+ on /)).toBeVisible();

  // The server kept it: a fresh load shows the new ceiling.
  await openAdmin(page, 'Messaging');
  await page.getByRole('tab', { name: 'Text Messages (SMS)' }).click();
  await expect(page.getByTestId('sms-today')).toContainText(' of 750 sent today');
  await expect(page.getByLabel(CEILING_LABEL)).toHaveValue('750');

  // Back to the first ceiling, for the specs that run after this one.
  const reset = await page.request.put('/api/admin/sms/ceiling', {
    headers: { origin: BASE_URL },
    data: { daily_ceiling: 500 },
  });
  expect(reset.status()).toBe(200);
});
