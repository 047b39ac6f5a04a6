import { expect, test, type Browser, type Page } from '@playwright/test';
import { visitorAddress, waitForMail } from './helpers';

/**
 * Issue 34 in Chromium: forms posted without JavaScript are counted against their visitor
 * (34.1: the server behind its trusted proxy, TRUSTED_PROXIES=127.0.0.1, each browser its own
 * client through X-Forwarded-For); the review form knows who is writing (34.2); another owner's
 * pages answer 401/404 with their friendly page (34.3); choosing an area keeps the order (34.6).
 *
 * Visitor addresses 91–95 are this file's own; the tests do not depend on each other's order.
 */
const RUN = Date.now().toString(36);
/** A sample listing of the shipped seed (no owner). */
const LISTING = { slug: 'ogba-mobile-mechanics', name: 'Ogba Mobile Mechanics' };

/** A browser of its own, JavaScript switched off, at visitor address `n`. */
const noScriptVisitor = (browser: Browser, n: number) =>
  browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: visitorAddress(n) });

async function listYourBusiness(page: Page, n: number): Promise<void> {
  await page.goto('/register/');
  await page.locator('#businessName').fill(`Visitor Bucket Motors ${RUN} ${n}`);
  await page.locator('#description').fill('Engine and gearbox repairs near Ikeja roundabout.');
  await page.locator('#services').fill('Engine repair, gearbox overhaul');
  await page.locator('input[name="serviceCategories"][value="Mechanic / Repair Services"]').check();
  await page.locator('#visibility-public').check();
  await page.getByRole('button', { name: 'Submit Listing Request' }).click();
}

test.describe('forms posted without JavaScript are counted per visitor (issue 34.1)', () => {
  test('a second visitor is not refused because a first one used up their List Your Business requests', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const first = await noScriptVisitor(browser, 91);
    const second = await noScriptVisitor(browser, 92);
    try {
      const page = await first.newPage();
      // Five requests an hour per address (the registration form's limit).
      for (let n = 0; n < 5; n++) {
        await listYourBusiness(page, n);
        await expect(page).toHaveURL('/register/?sent=1');
        await expect(page.getByText('Listing Request Submitted!')).toBeVisible();
      }
      await listYourBusiness(page, 5);
      await expect(
        page.getByText('Too many attempts. Please wait a few minutes and try again.'),
      ).toBeVisible();

      const other = await second.newPage();
      await listYourBusiness(other, 6);
      await expect(other).toHaveURL('/register/?sent=1');
      await expect(other.getByText('Listing Request Submitted!')).toBeVisible();
    } finally {
      await first.close();
      await second.close();
    }
  });
});

const EMAIL = `named-reviewer-${RUN}@example.com`;
const PASSWORD = 'named-reviewer-pass-1';
const DISPLAY_NAME = 'Kunle Adebayo';

test.describe('the review form and the owner pages of a signed-in motorist', () => {
  test.use({ extraHTTPHeaders: visitorAddress(93) });

  test.beforeAll(async ({ browser }) => {
    // An account with a display name whose e-mail is confirmed (through the local outbox).
    const context = await browser.newContext({ extraHTTPHeaders: visitorAddress(93) });
    const page = await context.newPage();
    const signUp = await page.request.post('/api/auth/sign-up', {
      data: { email: EMAIL, password: PASSWORD, displayName: DISPLAY_NAME },
    });
    expect(signUp.status()).toBe(201);
    const [mail] = await waitForMail(
      (m) => m.to.includes(EMAIL) && m.subject.includes('Confirm'),
      'confirmation e-mail',
    );
    const link = mail!.body.match(/https?:\/\/\S+\/api\/auth\/verify-email\?token=[^\s>"]+/)?.[0];
    expect(link, mail!.body).toBeTruthy();
    await page.goto(link!);
    await context.close();
  });

  async function signIn(page: Page): Promise<void> {
    const answer = await page.request.post('/api/auth/sign-in', {
      data: { email: EMAIL, password: PASSWORD },
    });
    expect(answer.status()).toBe(200);
  }

  for (const javaScriptEnabled of [false, true]) {
    test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
      test.use({ javaScriptEnabled });

      test('"Name shown with your review" is the account\'s display name, editable (issue 34.2)', async ({
        page,
      }) => {
        await signIn(page);
        await page.goto(`/business/${LISTING.slug}/review/`);
        const name = page.getByLabel('Name shown with your review *', { exact: true });
        await expect(name).toHaveValue(DISPLAY_NAME);
        await name.fill('Kunle A.');
        await expect(name).toHaveValue('Kunle A.');
      });
    });
  }

  test("another owner's pages answer 404 signed in and 401 signed out, with their page (issue 34.3)", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const found = await page.request.get(
      `/api/directory/search?q=${encodeURIComponent(LISTING.name)}`,
    );
    const { businesses } = (await found.json()) as { businesses: { id: string; slug: string }[] };
    // A listing of the seed that is not this account's.
    const someone = businesses.find((b) => b.slug === LISTING.slug)?.id ?? '';
    expect(someone).not.toBe('');
    const notYours = 'This listing is not one of yours, or it does not exist.';
    const pages = [
      {
        path: `/account/business/insights/?listing=${someone}`,
        signedOut: 'Please sign in to see the insights of your business.',
        signedIn: { status: 404, text: notYours },
      },
      {
        path: `/account/business/reviews/?listing=${someone}`,
        signedOut: 'Please sign in to reply to the reviews of your business.',
        signedIn: { status: 404, text: notYours },
      },
      {
        path: '/account/business/insights/?listing=not-a-listing',
        signedOut: 'Please sign in to see the insights of your business.',
        signedIn: { status: 404, text: notYours },
      },
      {
        path: '/account/business/leads/',
        signedOut: 'Please sign in to see the requests sent to your business.',
        signedIn: { status: 200, text: null },
      },
      {
        path: '/account/business/email/',
        signedOut: 'Please sign in to change your e-mail settings.',
        signedIn: { status: 200, text: null },
      },
    ];
    const anonymous = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: visitorAddress(94),
    });
    try {
      const outsider = await anonymous.newPage();
      for (const owned of pages) {
        const response = await outsider.goto(owned.path);
        expect(response?.status(), owned.path).toBe(401);
        await expect(outsider.getByText(owned.signedOut), owned.path).toBeVisible();
      }
      // The claim page of a listing, signed out: its sign-in prompt, 401.
      const claim = await outsider.goto(`/account/business/claim/?listing=${LISTING.slug}`);
      expect(claim?.status()).toBe(401);
    } finally {
      await anonymous.close();
    }

    await signIn(page);
    for (const owned of pages) {
      const response = await page.goto(owned.path);
      expect(response?.status(), owned.path).toBe(owned.signedIn.status);
      if (owned.signedIn.text)
        await expect(page.getByText(owned.signedIn.text), owned.path).toBeVisible();
    }
    const unknownClaim = await page.goto('/account/business/claim/?listing=no-such-listing-34');
    expect(unknownClaim?.status()).toBe(404);
  });
});

test.describe('choosing an area keeps the order (issue 34.6)', () => {
  test.use({ extraHTTPHeaders: visitorAddress(95) });

  for (const javaScriptEnabled of [false, true]) {
    test(`the Area control carries ?sort= ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({
        javaScriptEnabled,
        extraHTTPHeaders: visitorAddress(95),
      });
      try {
        const page = await context.newPage();
        await page.goto('/mechanic/?sort=top_rated');
        const picker = page.locator('details.area-picker');
        await picker.locator('summary').click();
        // The busiest-area links carry the order too.
        for (const href of await picker
          .locator('.area-links a')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')))
          expect(href).toContain('sort=top_rated');
        await picker.getByLabel('Area', { exact: true }).selectOption('ikeja');
        await picker.getByRole('button', { name: 'Show' }).click();
        await expect(page).toHaveURL('/mechanic/?area=ikeja&sort=top_rated');
        await expect(page.locator('details.sort-picker summary')).toContainText('Top rated');

        // And back to All of Lagos, still in that order.
        await page.locator('details.area-picker summary').click();
        await page
          .locator('details.area-picker')
          .getByLabel('Area', { exact: true })
          .selectOption('');
        await page.locator('details.area-picker').getByRole('button', { name: 'Show' }).click();
        await expect(page).toHaveURL('/mechanic/?sort=top_rated');
      } finally {
        await context.close();
      }
    });
  }
});
