import { expect, test, type APIRequestContext } from '@playwright/test';
import { BASE_URL } from '../../playwright.config';
import { ownerPhonePath } from '../../common/schemas/listing-phone';
import {
  adminStorageState,
  codeTextedTo,
  sampleBusinesses,
  visitorAddress,
  waitForIsland,
  waitForMail,
} from './helpers';

/**
 * Issue 37.5 (ADR 075) in Chromium, with JavaScript on and off: the owner of a claimed listing
 * asks for a code to the listing's phone, reads it from the local SMS outbox, enters it, and the
 * business page's badge explains "Phone confirmed on …", as do the listing's card on its category
 * page (the badge's tooltip) and the detail dialog; an approved owner's edit of the phone
 * takes it away. The number and the code never show in the address.
 */

/** Listings no other spec claims, one per run of the test. */
const LISTINGS = { on: 'Apapa Heavy Haul Recovery', off: 'Lekki-Epe Roadside Assist' } as const;

const e164Of = (phone: string) => `+${phone.replace(/\D/g, '')}`;

/** Signs `request` up, then makes it the owner of `name` (the code mailed to the listing). */
async function ownerOf(request: APIRequestContext, name: string) {
  const email = `listing-phone-${Date.now()}@example.com`;
  const password = 'listing-phone-e2e-pass-1';
  const signUp = await request.post('/api/auth/sign-up', {
    headers: { origin: BASE_URL },
    data: { email, password, confirmPassword: password },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const listed = await request.get('/api/directory?category=breakdown&limit=24');
  const { businesses } = (await listed.json()) as {
    businesses: { id: string; slug: string; business_name: string }[];
  };
  const listing = businesses.find((b) => b.business_name === name)!;
  const sample = sampleBusinesses().find((b) => b.business_name === name)!;
  const asked = await request.post('/api/claims', {
    headers: { origin: BASE_URL },
    data: { listing: listing.slug },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { claim } = (await asked.json()) as { claim: { id: string } };
  const [mail] = (
    await waitForMail((m) => m.to === sample.email && m.subject.includes('claim'), 'claim code')
  ).slice(-1);
  const verified = await request.post(`/api/claims/${claim.id}/verify`, {
    headers: { origin: BASE_URL },
    data: { code: /\b(\d{6})\b/.exec(mail!.body)![1] },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { ...listing, phone: sample.phone! };
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? 'on' : 'off';
  test(`an owner confirms the listing's phone by SMS code, JavaScript ${mode}`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const owner = await browser.newContext({
      javaScriptEnabled,
      extraHTTPHeaders: visitorAddress(javaScriptEnabled ? 81 : 82),
    });
    const listing = await ownerOf(owner.request, LISTINGS[mode]);
    const page = await owner.newPage();

    if (javaScriptEnabled) {
      await page.goto('/account/business/');
      await page.getByRole('link', { name: 'Confirm your phone' }).first().click();
      await expect(page).toHaveURL(new RegExp(`listing=${listing.id}`));
    } else {
      await page.goto(ownerPhonePath(listing.id));
    }
    await expect(page.getByRole('heading', { name: listing.business_name })).toBeVisible();
    await expect(page.getByText('Not confirmed yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await expect(page.getByText('We sent a 6-digit code by SMS')).toBeVisible();

    const e164 = e164Of(listing.phone);
    const code = await codeTextedTo(e164, 'listing-phone');
    await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm phone' }).click();
    await expect(page.getByText('That code is not right.')).toBeVisible();
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Confirm phone' }).click();
    await expect(
      page.getByText('Phone confirmed. Your business page now shows the date.'),
    ).toBeVisible();
    const today = new Date().toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'Africa/Lagos',
    });
    const confirmed = `Phone confirmed on ${today}`;
    await expect(page.getByTestId('phone-confirmed')).toHaveText(`${confirmed}.`);
    for (const secret of [code, e164.slice(1), e164.slice(4)])
      expect(page.url()).not.toContain(secret);

    // The business page's badge explains it.
    await page.goto(`/business/${listing.slug}/`);
    const badge = page.locator('details.verified-details');
    await badge.locator('summary').click();
    await expect(badge).toContainText(confirmed);

    // So do its card on the category page (a tooltip) and, with JavaScript, its detail dialog.
    await page.goto('/breakdown-recovery/');
    const card = page.locator('article.business-card', {
      has: page.getByRole('heading', { name: listing.business_name }),
    });
    await expect(card.getByText('Phone confirmed', { exact: true })).toHaveAttribute(
      'title',
      confirmed,
    );
    if (javaScriptEnabled) {
      const details = card.getByRole('button', { name: 'View Details' });
      await waitForIsland(page, details);
      await details.click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('summary', { hasText: 'Phone confirmed' }).click();
      await expect(dialog).toContainText(confirmed);
      await page.keyboard.press('Escape');
    }

    // An owner's edit of the phone, once approved, takes the check away.
    const admin = await browser.newContext({
      storageState: await adminStorageState(browser, BASE_URL),
    });
    const owned = await owner.request.get('/api/account/listings');
    const { listings } = (await owned.json()) as {
      listings: { id: string; fields: Record<string, unknown> }[];
    };
    const fields = listings.find((l) => l.id === listing.id)!.fields;
    const changed = await owner.request.post(`/api/account/listings/${listing.id}/changes`, {
      headers: { origin: BASE_URL },
      data: { ...fields, phone: javaScriptEnabled ? '0903 555 0181' : '0903 555 0182' },
    });
    expect(changed.status(), await changed.text()).toBe(201);
    const { change } = (await changed.json()) as { change: { id: string } };
    const approved = await admin.request.post(`/api/admin/listing-changes/${change.id}/approve`, {
      headers: { origin: BASE_URL },
      data: {},
    });
    expect(approved.status(), await approved.text()).toBe(200);
    await page.goto(`/business/${listing.slug}/`);
    await expect(page.locator('body')).not.toContainText('Phone confirmed on');
    await page.goto('/breakdown-recovery/');
    await expect(page.locator(`[title="${confirmed}"]`)).toHaveCount(0);
    await page.goto(ownerPhonePath(listing.id));
    await expect(page.getByText('Not confirmed yet.')).toBeVisible();
    await admin.close();
    await owner.close();
  });
}
