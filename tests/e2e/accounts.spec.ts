import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { BASE_URL, E2E_ADMIN, E2E_MAIL_DIR } from '../../playwright.config';
import { sampleBusinesses, waitForIsland, type SampleBusiness } from './helpers';

/**
 * Accounts (SPEC §2 Auth / Routes, §4 Auth, §5 Sign in / Sign up, §8 Sign in / Sign up).
 * Every role gets its own browser context. The server throttles failed sign-ins per address and
 * per (address, e-mail), and sign-ups per address (10 / hour), so the spec keeps the number of
 * attempts low and the 429 test comes last. Contact details need a confirmed e-mail address
 * (issue 12.8): the journeys that reveal them open the verification link from the local outbox.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIL_DIR = join(ROOT, E2E_MAIL_DIR);
const ORIGIN = { origin: BASE_URL };
const PASSWORD = 'secret-pass-1';

const CATEGORY_PATH: Record<string, string> = {
  'Mechanic / Repair Services': '/mechanic',
  'Auto Parts & Accessories': '/parts',
  'Car Dealership / Sales': '/dealers',
  'Body Work & Paint': '/bodywork',
  'Breakdown Recovery / Towing': '/breakdown-recovery',
  'Listing Websites': '/car-listings',
};
const pathOf = (b: SampleBusiness) => CATEGORY_PATH[b.business_categories[0] ?? ''];
const protectedBiz =
  sampleBusinesses().find(
    (b) =>
      b.business_name === 'Lagoon Crest Autos' && b.contact_visibility === 'registered_users_only',
  ) ??
  sampleBusinesses().find(
    (b) => b.contact_visibility === 'registered_users_only' && b.phone && b.address && pathOf(b),
  )!;

let counter = 0;
/** A unique address per call (the database persists across spec files within one run). */
function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

async function openAuth(page: Page, path = '/auth/'): Promise<void> {
  await page.goto(path);
  await waitForIsland(page, page.getByRole('tablist'));
}

async function signUpViaUi(
  page: Page,
  email: string,
  password = PASSWORD,
  displayName?: string,
): Promise<void> {
  await openAuth(page);
  await page.getByRole('tab', { name: 'Create Account', exact: true }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Email', { exact: true }).fill(email);
  if (displayName)
    await panel.getByLabel('Display name (optional)', { exact: true }).fill(displayName);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByLabel('Confirm password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: 'Create Account', exact: true }).click();
}

async function signInViaUi(
  page: Page,
  email: string,
  password: string,
  path = '/auth/',
): Promise<void> {
  if (path === '/admin/sign-in/') {
    await page.goto(path);
    await waitForIsland(page, page.getByRole('button', { name: 'Sign In', exact: true }));
  } else {
    await openAuth(page, path);
  }
  const form = page.locator('form', {
    has: page.getByRole('button', { name: 'Sign In', exact: true }),
  });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** A context with a fresh account, created through the API (cookies land in the context). */
async function contextWithNewUser(
  browser: Browser,
  email: string,
  displayName?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext();
  const response = await context.request.post('/api/auth/sign-up', {
    headers: ORIGIN,
    data: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...(displayName ? { displayName } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return context;
}

async function contextWithAdmin(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  const response = await context.request.post('/api/auth/sign-in', {
    headers: ORIGIN,
    data: E2E_ADMIN,
  });
  expect(response.status(), await response.text()).toBe(200);
  return context;
}

/** The desktop navigation bar (Desktop Chrome viewport is wider than the 1000px breakpoint). */
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function openProtectedDialog(page: Page) {
  await page.goto(pathOf(protectedBiz)!);
  const card = page.locator('article.business-card', {
    has: page.getByRole('heading', { name: protectedBiz.business_name, exact: true }),
  });
  await waitForIsland(page, card);
  await card.getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('heading', { name: protectedBiz.business_name, exact: true }),
  ).toBeVisible();
  return dialog;
}

/** Newest outbox mail addressed to `to` (with `subject` when given). */
function newestMailTo(to: string, subject?: string): string | undefined {
  let files: string[];
  try {
    files = readdirSync(MAIL_DIR).filter((f) => f.endsWith('.txt'));
  } catch {
    return undefined;
  }
  const matching = files
    .map((f) => ({ path: join(MAIL_DIR, f), mtime: statSync(join(MAIL_DIR, f)).mtimeMs }))
    .map((f) => ({ ...f, text: readFileSync(f.path, 'utf8') }))
    .filter((f) =>
      f.text
        .split('\n\n')[0]!
        .split('\n')
        .some((line) => line.startsWith('To:') && line.includes(to)),
    )
    .filter((f) => !subject || f.text.includes(`\nSubject: ${subject}\n`))
    .sort((a, b) => b.mtime - a.mtime);
  return matching[0]?.text;
}

/** Opens the verification link the server sent to `email` (local outbox), as its owner would. */
async function verifyViaOutbox(page: Page, email: string): Promise<void> {
  let mail: string | undefined;
  await expect
    .poll(() => (mail = newestMailTo(email, 'Confirm your Lagos Auto Hub e-mail address')), {
      message: `verification mail to ${email} in ${MAIL_DIR}`,
    })
    .toBeTruthy();
  const link = mail!.match(/https?:\/\/\S+\/api\/auth\/verify-email\?token=[^\s>"]+/)?.[0];
  expect(link, `verification link in:\n${mail}`).toBeTruthy();
  await page.goto(link!);
  await page.waitForURL(`${BASE_URL}/?email_verified=1`);
}

test.describe('accounts', () => {
  test('auth page: heading, tabs and links (/auth/ and /user-auth/)', async ({ page }) => {
    for (const path of ['/auth/', '/user-auth/']) {
      await openAuth(page, path);
      await expect(
        page.getByRole('heading', { name: 'Access Business Contacts', exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Sign In', exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.getByRole('tab', { name: 'Create Account', exact: true })).toHaveAttribute(
        'aria-selected',
        'false',
      );
      await expect(page.getByRole('link', { name: 'Back to Home', exact: true })).toHaveAttribute(
        'href',
        '/',
      );
      await expect(
        page.getByRole('link', { name: 'Register Your Business', exact: true }),
      ).toHaveAttribute('href', '/register');
    }
  });

  test('sign up shows protected contact details; sign out hides them again', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();

    // Visitor first: the notice, no phone.
    let dialog = await openProtectedDialog(page);
    await expect(dialog.getByText('Contact details protected')).toBeVisible();
    await expect(dialog).not.toContainText(protectedBiz.phone!);
    await page.keyboard.press('Escape');

    const email = uniqueEmail('signup');
    await signUpViaUi(page, email);
    await expect(page.getByText('Account Created Successfully!', { exact: true })).toBeVisible();
    await page.waitForURL(`${BASE_URL}/`);

    // Issue 12.8: signed in, but the details wait for the e-mail address to be confirmed.
    dialog = await openProtectedDialog(page);
    await expect(
      dialog.getByText(
        'Please confirm your email address to see contact details: open the link we sent you.',
        { exact: true },
      ),
    ).toBeVisible();
    await expect(dialog).not.toContainText(protectedBiz.phone!);
    await page.keyboard.press('Escape');
    await verifyViaOutbox(page, email);

    dialog = await openProtectedDialog(page);
    await expect(dialog.getByText(protectedBiz.phone!, { exact: true })).toBeVisible();
    await expect(dialog.getByText('Contact details protected')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Send Email', exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Call', exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'WhatsApp', exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Get directions', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await mainNav(page).getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(
      mainNav(page).getByRole('link', { name: 'List Your Business', exact: true }),
    ).toBeVisible();

    const card = page.locator('article.business-card', {
      has: page.getByRole('heading', { name: protectedBiz.business_name, exact: true }),
    });
    await card.getByRole('button', { name: 'View Details' }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Contact details protected')).toBeVisible();
    await expect(dialog).not.toContainText(protectedBiz.phone!);

    // And after a reload the server session is gone too.
    await page.keyboard.press('Escape');
    dialog = await openProtectedDialog(page);
    await expect(dialog.getByText('Contact details protected')).toBeVisible();
    await expect(dialog).not.toContainText(protectedBiz.phone!);
    expect((await context.request.get('/api/auth/session')).status()).toBe(200);
    expect(await (await context.request.get('/api/auth/session')).json()).toEqual({ user: null });
    await context.close();
  });

  test('sign in: wrong password shows the message; right password welcomes and goes home', async ({
    browser,
  }) => {
    const email = uniqueEmail('signin');
    const setup = await contextWithNewUser(browser, email);
    await setup.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await signInViaUi(page, email, 'wrong-password');
    await expect(page.getByText('Invalid email or password...', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/$/);

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
    await expect(
      page.getByText('You have been successfully signed in.', { exact: true }),
    ).toBeVisible();
    await page.waitForURL(`${BASE_URL}/`);
    await expect(mainNav(page).getByText(email.split('@')[0]!, { exact: true })).toBeVisible();
    await context.close();
  });

  test('sign up with an existing e-mail switches to Sign In with the e-mail prefilled', async ({
    browser,
  }) => {
    const email = uniqueEmail('dup');
    const setup = await contextWithNewUser(browser, email);
    await setup.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await signUpViaUi(page, email);
    await expect(page.getByText('Account Already Exists', { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sign In', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: 'Create Account', exact: true })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(panel.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(page).toHaveURL(/\/auth\/$/);
    await context.close();
  });

  test('validation messages under the fields', async ({ page }) => {
    await openAuth(page);
    let panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email', { exact: true }).fill('not-an-email');
    await panel.getByLabel('Password', { exact: true }).fill('12345');
    await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(panel.getByText('Invalid email address', { exact: true })).toBeVisible();
    await expect(
      panel.getByText('Password must be at least 6 characters', { exact: true }),
    ).toBeVisible();
    await expect(panel.getByLabel('Email', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await page.getByRole('tab', { name: 'Create Account', exact: true }).click();
    panel = page.getByRole('tabpanel');
    await expect(panel.getByLabel('Display name (optional)', { exact: true })).toBeVisible();
    await panel.getByLabel('Email', { exact: true }).fill('still bad');
    await panel.getByLabel('Password', { exact: true }).fill('abc');
    await panel.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(panel.getByText('Invalid email address', { exact: true })).toBeVisible();
    await expect(
      panel.getByText('Password must be at least 6 characters', { exact: true }),
    ).toBeVisible();

    await panel.getByLabel('Email', { exact: true }).fill(uniqueEmail('never-created'));
    await panel.getByLabel('Password', { exact: true }).fill('abcdef');
    await panel.getByLabel('Confirm password', { exact: true }).fill('abcdeg');
    await panel.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(panel.getByText("Passwords don't match", { exact: true })).toBeVisible();
    await expect(panel.getByText('Invalid email address', { exact: true })).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth\/$/);
  });

  test('header: visitor, signed-in user (display name) and admin', async ({ browser }) => {
    const visitor = await browser.newContext();
    let page = await visitor.newPage();
    await page.goto('/');
    await expect(
      mainNav(page).getByRole('link', { name: 'List Your Business', exact: true }),
    ).toBeVisible();
    await expect(mainNav(page).getByRole('button', { name: 'Sign Out', exact: true })).toBeHidden();
    await expect(mainNav(page).getByRole('link', { name: 'Admin', exact: true })).toBeHidden();
    await expect(
      mainNav(page).getByRole('link', { name: 'Bulk Import', exact: true }),
    ).toBeHidden();
    await visitor.close();

    const user = await contextWithNewUser(browser, uniqueEmail('header'), 'Tunde Header');
    page = await user.newPage();
    await page.goto('/');
    await expect(mainNav(page).getByText('Tunde Header', { exact: true })).toBeVisible();
    await expect(
      mainNav(page).getByRole('button', { name: 'Sign Out', exact: true }),
    ).toBeVisible();
    await expect(
      mainNav(page).getByRole('link', { name: 'List Your Business', exact: true }),
    ).toBeHidden();
    await expect(mainNav(page).getByRole('link', { name: 'Admin', exact: true })).toBeHidden();
    await expect(
      mainNav(page).getByRole('link', { name: 'Bulk Import', exact: true }),
    ).toBeHidden();
    await user.close();

    const admin = await browser.newContext();
    page = await admin.newPage();
    await signInViaUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
    await page.waitForURL(`${BASE_URL}/`);
    // The admin's display name is set by the start script; the header shows the session's shownName.
    const session = (await (await admin.request.get('/api/auth/session')).json()) as {
      user: { shownName: string; isAdmin: boolean };
    };
    expect(session.user.isAdmin).toBe(true);
    await expect(mainNav(page).getByText(session.user.shownName, { exact: true })).toBeVisible();
    await expect(
      mainNav(page).getByRole('button', { name: 'Sign Out', exact: true }),
    ).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute(
      'href',
      /^\/admin\/?$/,
    );
    await expect(
      mainNav(page).getByRole('link', { name: 'Bulk Import', exact: true }),
    ).toHaveAttribute('href', /^\/bulk-registration\/?$/);
    await expect(
      mainNav(page).getByRole('link', { name: 'List Your Business', exact: true }),
    ).toBeHidden();
    await admin.close();
  });

  test('admin sign-in page: texts, links and its invalid-credentials message', async ({ page }) => {
    await page.goto('/admin/sign-in/');
    await waitForIsland(page, page.getByRole('button', { name: 'Sign In', exact: true }));
    await expect(page.getByRole('heading', { name: 'Admin Sign In', exact: true })).toBeVisible();
    await expect(page.getByText('Administrative access only', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home', exact: true })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(
      page.getByRole('link', { name: 'Submit listing request', exact: true }),
    ).toHaveAttribute('href', '/register');

    await page.getByLabel('Email', { exact: true }).fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-admin-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(
      page.getByText('Invalid email or password or ensure your account has been approved', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/sign-in\/$/);
  });

  test('admin guard: visitor → /auth/, plain user → Not authorised, admin → dashboard', async ({
    browser,
  }) => {
    const visitor = await browser.newContext();
    let page = await visitor.newPage();
    await page.goto('/admin/');
    await page.waitForURL(/\/auth\/$/);
    await expect(
      page.getByRole('heading', { name: 'Access Business Contacts', exact: true }),
    ).toBeVisible();
    await visitor.close();

    const email = uniqueEmail('plain');
    const user = await contextWithNewUser(browser, email);
    page = await user.newPage();
    await page.goto('/admin/');
    await expect(page.getByRole('heading', { name: 'Not authorised', exact: true })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Business Listings Admin', exact: true }),
    ).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/?$/);
    await user.close();

    const admin = await contextWithAdmin(browser);
    page = await admin.newPage();
    await page.goto('/admin/');
    await expect(
      page.getByRole('heading', { name: 'Business Listings Admin', exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Not authorised', { exact: true })).toHaveCount(0);
    await admin.close();
  });

  test('admin sign-in page takes the admin to /admin/', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInViaUi(page, E2E_ADMIN.email, E2E_ADMIN.password, '/admin/sign-in/');
    await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
    await page.waitForURL(/\/admin\/$/);
    await expect(
      page.getByRole('heading', { name: 'Business Listings Admin', exact: true }),
    ).toBeVisible();
    await context.close();
  });

  test('bulk registration guard: signed-out visitors end up on /auth/ (replace)', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await page.goto('/bulk-registration/');
    await page.waitForURL(/\/auth\/$/);
    await expect(
      page.getByRole('heading', { name: 'Access Business Contacts', exact: true }),
    ).toBeVisible();
    // location.replace: going back skips the guarded page.
    await page.goBack();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await context.close();
  });

  test('password reset through the outbox; old password fails, new one works', async ({
    browser,
  }) => {
    const email = uniqueEmail('reset');
    const setup = await contextWithNewUser(browser, email);
    await setup.close();
    const newPassword = 'brand-new-pass-2';

    const context = await browser.newContext();
    const page = await context.newPage();
    await openAuth(page);
    await page.getByRole('link', { name: 'Forgot your password?', exact: true }).click();
    await page.waitForURL(/\/auth\/forgot-password\/$/);
    await expect(
      page.getByRole('heading', { name: 'Reset your password', exact: true }),
    ).toBeVisible();
    await waitForIsland(page, page.getByRole('button', { name: 'Send reset link', exact: true }));
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link', exact: true }).click();
    await expect(
      page.getByText(
        'If an account exists for that email, a reset link is on its way. Check your inbox.',
        { exact: true },
      ),
    ).toBeVisible();

    let mail: string | undefined;
    await expect
      .poll(() => (mail = newestMailTo(email, 'Reset your Lagos Auto Hub password')), {
        message: `mail to ${email} in ${MAIL_DIR}`,
      })
      .toBeTruthy();
    const link = mail!.match(/https?:\/\/\S+\/auth\/reset-password\/\?token=[^\s>"]+/)?.[0];
    expect(link, `reset link in:\n${mail}`).toBeTruthy();
    expect(link!.startsWith(`${BASE_URL}/auth/reset-password/?token=`)).toBe(true);

    await page.goto(link!);
    await expect(
      page.getByRole('heading', { name: 'Choose a new password', exact: true }),
    ).toBeVisible();
    await waitForIsland(page, page.getByRole('button', { name: 'Update password', exact: true }));
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Update password', exact: true }).click();
    await expect(page.getByText('Your password has been updated.')).toBeVisible();

    await signInViaUi(page, email, PASSWORD);
    await expect(page.getByText('Invalid email or password...', { exact: true })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
    await page.waitForURL(`${BASE_URL}/`);
    await context.close();
  });

  test('API: after 5 wrong sign-ins for one e-mail from one address the next waits (429)', async ({
    request,
  }) => {
    const email = uniqueEmail('throttle');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await request.post('/api/auth/sign-in', {
        headers: ORIGIN,
        data: { email, password: 'wrong-password' },
      });
      expect(response.status(), `attempt ${attempt}`).toBe(401);
    }
    const sixth = await request.post('/api/auth/sign-in', {
      headers: ORIGIN,
      data: { email, password: 'wrong-password' },
    });
    expect(sixth.status()).toBe(429);
    expect(Number(sixth.headers()['retry-after'])).toBeGreaterThan(0);
  });
});
