import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { BASE_URL } from '../../playwright.config';
import { readOutbox, visitorAddress, waitForMail } from './helpers';

/**
 * Issue 22.1 and 23.4 in Chromium with JavaScript switched off (Opera Mini, a slow network before
 * the script arrives): every public form is a `<form method="post">` the server handles, with the
 * spec's messages next to the fields, what was typed kept, the spec's success text, the same
 * e-mails, and never a field in any URL; a form sent twice is stored once.
 *
 * Rate limits are per address: this file's requests come from a visitor address of its own
 * (`visitorAddress`), and it makes few real submissions: one account (the claim test signs in
 * with it), one registration, one Find It, two contacts, one report, one claim code and one
 * password reset. The tests run in order.
 */
test.use({ javaScriptEnabled: false, extraHTTPHeaders: visitorAddress(22) });

const RUN = Date.now().toString(36);
const PASSWORD = 'no-script-pass-1';
const NEW_PASSWORD = 'no-script-pass-2';
const LISTING = { name: 'Festac Link Towing', slug: 'festac-link-towing' };
/**
 * The one account this file creates (sign-ups are limited to 10 an hour per address, and the
 * whole e2e run comes from one address); the claim test signs in with it.
 */
const ACCOUNT = `no-script-${RUN}@example.com`;

/** Every URL the context requested or navigated to, to prove no field ever lands in one. */
function recordUrls(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  return urls;
}

function expectNoneContains(urls: string[], secrets: string[]) {
  for (const secret of secrets) {
    const leaked = urls.filter((url) =>
      decodeURIComponent(url.replaceAll('+', ' ')).includes(secret),
    );
    expect(leaked, `"${secret}" in a URL`).toEqual([]);
  }
}

async function expectPostForms(page: Page) {
  const forms = page.locator('main form, form');
  const count = await forms.count();
  expect(count, `forms on ${page.url()}`).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    await expect(forms.nth(index)).toHaveAttribute('method', 'post');
  }
}

test('every public form is a POST form before any script runs', async ({ page }) => {
  for (const path of [
    '/auth/',
    '/auth/?tab=signup',
    '/user-auth/',
    '/admin/sign-in/',
    '/auth/forgot-password/',
    '/auth/reset-password/?token=not-a-real-token',
    '/register/',
    '/find-it/',
    '/contact/',
    `/business/${LISTING.slug}/report/`,
  ]) {
    await page.goto(path);
    await expectPostForms(page);
  }
});

test('contact: refused with the messages by the fields and the text kept, then sent once', async ({
  page,
  context,
}) => {
  const urls = recordUrls(context);
  const email = `no-script-contact-${RUN}@example.com`;
  await page.goto('/contact/');
  await page.getByLabel('Name *').fill('Chidi Nwosu');
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('Subject *').fill('Hi');
  await page.getByLabel('Message *').fill('Too short');
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page).toHaveURL(/\/contact\/$/);
  await expect(page.getByText('Subject must be at least 5 characters')).toBeVisible();
  await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
  await expect(page.getByLabel('Subject *')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name *')).toHaveValue('Chidi Nwosu');
  await expect(page.getByLabel('Email *')).toHaveValue(email);

  await page.getByLabel('Subject *').fill(`No-script message ${RUN}`);
  await page.getByLabel('Message *').fill('The phone number of the Festac towing service is old.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/contact\/\?sent=1$/);
  await expect(page.getByRole('status')).toContainText('Message sent successfully!');
  await expect(page.getByRole('status')).toContainText(
    "Thank you for contacting us. We'll get back to you soon.",
  );
  await waitForMail((m) => m.body.includes(`No-script message ${RUN}`), 'contact notification');
  expectNoneContains(urls, [email, 'Chidi', 'Festac towing']);
});

test('contact: the same form posted twice (a double tap, a retry) is stored once', async ({
  page,
  context,
}) => {
  const subject = `Twice-sent ${RUN}`;
  await page.goto('/contact/');
  const key = await page.locator('input[name="idempotencyKey"]').inputValue();
  expect(key).toMatch(/^[0-9a-f]{32}$/);
  const form = {
    idempotencyKey: key,
    name: 'Ada Okafor',
    email: `twice-${RUN}@example.com`,
    subject,
    message: 'Sent twice by a visitor on a slow network.',
    hp: '',
  };
  // What the browser sends when the same form is submitted again: the same body, the same key.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const response = await context.request.post('/contact/', {
      headers: { origin: BASE_URL },
      form,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe('/contact/?sent=1');
  }
  await waitForMail((m) => m.body.includes(subject), 'contact notification');
  expect(readOutbox().filter((m) => m.body.includes(subject))).toHaveLength(1);
  // A fresh view of the form carries a new key.
  await page.goto('/contact/');
  await expect(page.locator('input[name="idempotencyKey"]')).not.toHaveValue(key);
});

test('Find It: the services are required, then the request is saved and mailed', async ({
  page,
  context,
}) => {
  const urls = recordUrls(context);
  const email = `no-script-findit-${RUN}@example.com`;
  await page.goto('/find-it/');
  await page.getByLabel('Your Name *').fill('Bola Ade');
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('Phone *').fill('0803 555 0199');
  await page.getByLabel('Location *').fill('Surulere');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('alert').first()).toContainText('No Services Selected');
  await expect(
    page.getByText('Please select at least one service you need.').first(),
  ).toBeVisible();
  await expect(page.getByLabel('Location *')).toHaveValue('Surulere');

  await page.getByLabel('Tyre Services').check();
  await page.getByLabel('Additional Information').fill(`Flat tyre, no spare ${RUN}`);
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page).toHaveURL(/\/find-it\/\?sent=(sent|saved)$/);
  await expect(page.getByRole('status')).toContainText(/Request Submitted/);
  await waitForMail((m) => m.body.includes(`Flat tyre, no spare ${RUN}`), 'Find It notification');
  expectNoneContains(urls, [email, '0803 555 0199', 'Bola Ade']);
});

test('List Your Business: checkboxes, radio and comma-separated tags are stored', async ({
  page,
  context,
  browser,
}) => {
  const urls = recordUrls(context);
  const name = `No Script Auto Clinic ${RUN}`;
  await page.goto('/register/');
  await page.getByLabel('Business Name *').fill(name);
  await page.getByRole('button', { name: 'Submit Listing Request' }).click();
  await expect(page.getByText('Description must be at least 10 characters')).toBeVisible();
  await expect(page.getByText('Please select at least one service category')).toBeVisible();
  await expect(page.getByLabel('Business Name *')).toHaveValue(name);

  await page.getByLabel('Description *').fill('A workshop that fixes cars without any script.');
  await page.getByLabel('Mechanic / Repair Services').check();
  await page.getByLabel('Auto Electrical').check();
  await page.getByLabel('Specific Services *').fill('Engine diagnostics, wiring');
  await page.getByLabel('Service Tags').fill('Toyota, 24/7');
  await page.getByLabel('Email', { exact: true }).fill(`no-script-${RUN}@example.com`);
  await page.getByLabel(/^Public: anyone/).check();
  await page.getByRole('button', { name: 'Submit Listing Request' }).click();
  await expect(page).toHaveURL(/\/register\/\?sent=1$/);
  await expect(page.getByRole('status')).toContainText('Listing Request Submitted!');

  // Stored as the island would have sent it: two categories, two tags.
  const admin = await browser.newContext({ baseURL: BASE_URL });
  const signIn = await admin.request.post('/api/auth/sign-in', {
    headers: { origin: BASE_URL },
    data: { email: 'admin@e2e.example.com', password: 'e2e-admin-password' },
  });
  expect(signIn.status()).toBe(200);
  const list = await admin.request.get(
    `/api/admin/listings?status=pending&q=${encodeURIComponent(name)}`,
  );
  const { registrations } = (await list.json()) as {
    registrations: { business_name: string; business_type: string; tags: string[] }[];
  };
  expect(registrations).toHaveLength(1);
  expect(registrations[0]!.business_type).toBe('Multiple Services');
  expect(registrations[0]!.tags).toEqual(expect.arrayContaining(['Toyota', '24/7']));
  await admin.close();
  expectNoneContains(urls, [name, 'Toyota']);
});

test('accounts: create, sign out, refused sign-in, sign in, reset the password', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const urls = recordUrls(context);
  const email = ACCOUNT;

  // The Create Account tab is a link: it works without script.
  await page.goto('/auth/');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/auth\/\?tab=signup$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill('something-else');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  // Passwords are never written back into the page.
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  const cookies = await context.cookies();
  expect(cookies.some((c) => c.name.endsWith('session_token'))).toBe(true);

  // Signed out again: a wrong password is refused with the spec's message, the right one lets in.
  await context.clearCookies();
  await page.goto('/auth/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password...')).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  expect((await context.cookies()).some((c) => c.name.endsWith('session_token'))).toBe(true);

  // Password reset: request, the e-mailed link, the new password.
  await context.clearCookies();
  await page.goto('/auth/forgot-password/');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password\/\?sent=1$/);
  await expect(page.getByRole('status')).toContainText('a reset link is on its way');
  const [mail] = (await waitForMail((m) => m.to.includes(email), 'the reset link')).slice(-1);
  const link = mail!.body.match(/https?:\/\/\S+reset-password\/\?token=\S+/)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password\/\?done=1$/);
  await expect(page.getByRole('status')).toContainText('Your password has been updated.');

  await page.goto('/auth/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  expectNoneContains(
    urls.filter((url) => !url.includes('token=')),
    [email, PASSWORD, NEW_PASSWORD],
  );
});

test('report a listing: the link leads to its form, a reason is required, then it is sent', async ({
  page,
  context,
}) => {
  const urls = recordUrls(context);
  await page.goto(`/business/${LISTING.slug}/`);
  await page.getByRole('link', { name: 'Report this listing' }).click();
  await expect(page).toHaveURL(new RegExp(`/business/${LISTING.slug}/report/$`));
  await expect(page.getByRole('heading', { name: 'Report this listing' })).toBeVisible();
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please choose a reason from the list');
  await page.getByLabel('Details (optional)').fill(`Closed since June ${RUN}`);
  await page.getByLabel('Permanently closed').check();
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page).toHaveURL(/\/report\/\?sent=1$/);
  await expect(page.getByRole('status')).toContainText('Our team will check this listing.');
  await page.getByRole('link', { name: `Back to ${LISTING.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/business/${LISTING.slug}/$`));
  expectNoneContains(urls, ['Closed since June']);
});

test('claim a listing by e-mail code without script', async ({ page, context }) => {
  test.setTimeout(60_000);
  // The account of the accounts test above, with the password it chose last.
  const signedIn = await context.request.post('/api/auth/sign-in', {
    headers: { origin: BASE_URL },
    data: { email: ACCOUNT, password: NEW_PASSWORD },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);

  await page.goto(`/account/business/claim/?listing=${LISTING.slug}`);
  await expectPostForms(page);
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  const [mail] = (
    await waitForMail(
      (m) => m.to.includes(`${LISTING.slug}.example.com`) && m.subject.includes('claim'),
      'the claim code',
    )
  ).slice(-1);
  const code = mail!.body.match(/\b(\d{6})\b/)![1]!;
  await page.getByLabel('6-digit code').fill('12');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter the 6-digit code from the e-mail');
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: `You manage ${LISTING.name}` })).toBeVisible();
});
