import { expect, test, type Page } from '@playwright/test';
import { checkHtml, formatHtmlMessages } from '../setup/html-checker';
import { expectNoViolations } from './axe';
import { adminStorageState, adminTab, openAdmin, visitorAddress, waitForMail } from './helpers';

/**
 * Issue 24 in Chromium (ADR 034). A motorist, with JavaScript switched off (the review form works
 * without script, ADR 028), follows Write a review to sign up (and back), confirms the e-mail
 * through the local outbox, reviews a listing and sees the review, the motorists' average beside
 * the Lagos Auto Hub rating and the JSON-LD on the business page; a second review with a phone
 * number is held, and an admin publishes it from the Reviews tab. The confirmation link from the
 * outbox leads back to the review form. The mechanic pages sort by Top rated and Most reviewed
 * (links, without JavaScript; the live refresh keeps the order). The owner claims the listing and
 * replies; the reply shows as "Reply from the owner" and the reviewer is e-mailed. axe and the Nu
 * Html Checker run on the new screens.
 *
 * Requests come from a visitor address of this file's own (sign-ups: 10 an hour per address);
 * the file creates one account there (the owner signs up from address 42). The tests run in
 * order.
 */
test.use({ extraHTTPHeaders: visitorAddress(41) });
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const EMAIL = `reviewer-${RUN}@example.com`;
const PASSWORD = 'reviewer-pass-1';
const FIRST = { name: 'Ogba Mobile Mechanics', slug: 'ogba-mobile-mechanics' };
const SECOND = { name: 'Ojota Gearbox & Engine Workshop', slug: 'ojota-gearbox-engine-workshop' };
const TITLE = `Came to my house in Ogba ${RUN}`;
const HELD_TITLE = `Gearbox fixed in two days ${RUN}`;

let cookies: Awaited<ReturnType<import('@playwright/test').BrowserContext['cookies']>> = [];

async function fillReview(page: Page, review: { title: string; body: string; stars: number }) {
  await page.getByLabel(`${review.stars} stars`, { exact: true }).check();
  await page.getByLabel('Title *', { exact: true }).fill(review.title);
  await page.getByLabel('Your review *', { exact: true }).fill(review.body);
  await page
    .getByLabel('Service used *', { exact: true })
    .selectOption('Mechanic / Repair Services');
  await page.getByLabel('Month of your visit *', { exact: true }).selectOption({ index: 2 });
  await page.getByLabel('Name shown with your review *', { exact: true }).fill('Kunle A.');
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a motorist signs up from Write a review, confirms the e-mail, reviews and sees it on the page', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await page.goto(`/business/${FIRST.slug}/`);
    const section = page.locator('section#reviews');
    await expect(section.getByRole('heading', { name: 'Reviews' })).toBeVisible();
    await section.getByRole('link', { name: 'Write a review' }).click();
    await expect(page).toHaveURL(`/business/${FIRST.slug}/review/`);
    await expect(
      page.getByText('Please sign in or create an account to write a review.'),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Create account' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email', { exact: true }).fill(EMAIL);
    await panel.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await panel.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await panel.getByRole('button', { name: 'Create Account', exact: true }).click();
    // Back where Write a review started, asked to confirm the e-mail first.
    await expect(page).toHaveURL(`/business/${FIRST.slug}/review/`);
    await expect(
      page.getByText('Please confirm your email address to write a review'),
    ).toBeVisible();

    const [mail] = await waitForMail(
      (m) => m.to.includes(EMAIL) && m.subject.includes('Confirm'),
      'confirmation e-mail',
    );
    const link = mail!.body.match(/https?:\/\/\S+\/api\/auth\/verify-email\?token=[^\s>"]+/)?.[0];
    expect(link, mail!.body).toBeTruthy();
    await page.goto(link!);
    await expect(page).toHaveURL(/email_verified=1/);
    // Issue 24.2: the link, opened in this browser, comes back to the review form.
    await expect(page).toHaveURL(`/business/${FIRST.slug}/review/?email_verified=1`);
    await expect(page.getByLabel('Title *', { exact: true })).toBeVisible();

    await page.goto(`/business/${FIRST.slug}/review/`);
    // Refused by the server: the messages by the fields, what was typed kept.
    await fillReview(page, { title: TITLE, body: 'Too short', stars: 5 });
    await page.getByRole('button', { name: 'Post review' }).click();
    await expect(page.getByText('Review must be at least 20 characters')).toBeVisible();
    await expect(page.getByLabel('Title *', { exact: true })).toHaveValue(TITLE);
    await expect(page.getByLabel('5 stars', { exact: true })).toBeChecked();
    await page
      .getByLabel('Your review *', { exact: true })
      .fill('He came to my house, found the bad plug and showed me the old part. Fair price.');
    await page.getByRole('button', { name: 'Post review' }).click();
    await expect(page.getByText('Your review is on the page')).toBeVisible();

    await page.goto(`/business/${FIRST.slug}/`);
    await expect(section.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(section.getByText("Motorists' average")).toBeVisible();
    await expect(section.locator('.reviews-score')).toContainText('5.0');
    await expect(page.locator('.business-head').getByText('Lagos Auto Hub rating')).toBeVisible();
    await expect(page.locator('.business-head').getByText("Motorists' average")).toBeVisible();
    const ld = await page
      .locator('script[type="application/ld+json"]')
      .allTextContents()
      .then((texts) => texts.flatMap((t) => [JSON.parse(t) as unknown].flat()))
      .then((items) => items as Record<string, unknown>[]);
    const business = ld.find((item) => 'aggregateRating' in item);
    expect(business?.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    expect(business?.review).toEqual([
      expect.objectContaining({
        author: { '@type': 'Person', name: 'Kunle A.' },
        reviewRating: expect.objectContaining({ ratingValue: 5 }),
      }),
    ]);

    // A phone number in the text: held for our team, and the author is told why.
    await page.goto(`/business/${SECOND.slug}/review/`);
    await fillReview(page, {
      title: HELD_TITLE,
      body: 'Good work on my Camry gearbox. Call the manager on 0803 123 4567 for a discount.',
      stars: 4,
    });
    await page.getByRole('button', { name: 'Post review' }).click();
    await expect(page.getByText('Your review waits for our team')).toBeVisible();
    await expect(page.getByText('Contains a phone number')).toBeVisible();
    await page.goto(`/business/${SECOND.slug}/`);
    await expect(page.getByRole('heading', { name: HELD_TITLE })).toHaveCount(0);
    cookies = await context.cookies();
  });
});

test.describe('category page sort, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Top rated and Most reviewed are links that put the reviewed listing first, its card labelling both ratings', async ({
    page,
  }) => {
    expect(cookies.length, 'the motorist test ran first').toBeGreaterThan(0);
    await page.goto('/mechanic/');
    const sort = page.locator('.listing-tools details.sort-picker');
    await sort.locator('summary').click();
    await expect(sort.locator('summary')).toHaveText('Sort: Recommended');
    await sort.getByRole('link', { name: 'Top rated' }).click();
    await expect(page).toHaveURL('/mechanic/?sort=top_rated');
    await expect(sort.locator('summary')).toHaveText('Sort: Top rated');
    const first = page.locator('#listings article.business-card').first();
    await expect(first.getByRole('heading', { name: FIRST.name })).toBeVisible();
    await expect(
      first.getByRole('img', { name: "Motorists' average: 5.0 out of 5, 1 review" }),
    ).toBeVisible();
    await expect(first.getByRole('img', { name: /^Lagos Auto Hub rating: / })).toBeVisible();
    await expect(first.getByText("Motorists' average")).toBeVisible();
    await expect(first.getByText('Lagos Auto Hub rating')).toBeVisible();
    // The canonical URL is the Recommended page's (numbered pages keep the order: areas.test.ts).
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/mechanic\/$/);

    await page.goto('/mechanic/?sort=most_reviewed');
    await expect(first.getByRole('heading', { name: FIRST.name })).toBeVisible();
    // Recommended is the page without a parameter; an unknown order is not a page.
    await expect(sort.locator('a', { hasText: 'Recommended' })).toHaveAttribute(
      'href',
      '/mechanic/',
    );
    expect((await page.goto('/mechanic/?sort=cheapest'))?.status()).toBe(404);
  });
});

test('the live refresh keeps the Top rated order; axe on the sorted page with the sort open', async ({
  page,
}) => {
  expect(cookies.length, 'the motorist test ran first').toBeGreaterThan(0);
  const refresh = page.waitForResponse(
    (r) => r.url().includes('/api/directory?') && r.url().includes('sort=top_rated'),
  );
  await page.goto('/mechanic/?sort=top_rated');
  const response = await refresh;
  expect(response.ok() || response.status() === 304).toBe(true);
  if (response.status() === 200) {
    const body = (await response.json()) as { businesses: { slug: string }[] };
    expect(body.businesses[0]?.slug).toBe(FIRST.slug);
  }
  await page.waitForLoadState('networkidle');
  const first = page.locator('#listings article.business-card').first();
  await expect(first.getByRole('heading', { name: FIRST.name })).toBeVisible();
  await page.locator('details.sort-picker summary').click();
  await expect(page.getByRole('link', { name: 'Most reviewed' })).toBeVisible();
  await expectNoViolations(page, 'category page, Top rated, sort open');
});

test('the owner of the claimed listing replies; the reply shows under the review and the reviewer is e-mailed', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  expect(cookies.length, 'the motorist test ran first').toBeGreaterThan(0);
  const ownerEmail = `owner-${RUN}@example.com`;
  const context = await browser.newContext({ extraHTTPHeaders: visitorAddress(42) });
  const signUp = await context.request.post('/api/auth/sign-up', {
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
    data: { email: ownerEmail, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const page = await context.newPage();

  // Claimed with the code e-mailed to the listing's address (ADR 018).
  await page.goto(`/account/business/claim/?listing=${FIRST.slug}`);
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  const [claimMail] = (
    await waitForMail(
      (m) => m.to.includes(`hello@${FIRST.slug}.example.com`) && m.subject.includes('claim'),
      'the claim code',
    )
  ).slice(-1);
  await page.getByLabel('6-digit code').fill(claimMail!.body.match(/\b(\d{6})\b/)![1]!);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: `You manage ${FIRST.name}` })).toBeVisible();

  const listingId = await page.evaluate(
    async (slug) =>
      (
        (await (await fetch(`/api/directory?category=mechanic&limit=100`)).json()) as {
          businesses: { id: string; slug: string }[];
        }
      ).businesses.find((b) => b.slug === slug)!.id,
    FIRST.slug,
  );
  await page.goto(`/account/business/reviews/?listing=${listingId}`);
  const item = page.locator('li', { hasText: TITLE });
  await expect(item).toBeVisible();
  await expectNoViolations(page, 'owner reviews page');
  const reply = `Thank you, Kunle. We are glad the plug is sorted ${RUN}.`;
  await item.getByLabel('Reply from the owner').fill(reply);
  await item.getByRole('button', { name: 'Post reply' }).click();
  await expect(page.getByText('Reply saved')).toBeVisible();

  await page.goto(`/business/${FIRST.slug}/`);
  const review = page.locator('section#reviews').locator('li, article', { hasText: TITLE }).first();
  await expect(review.getByText('Reply from the owner')).toBeVisible();
  await expect(review.getByText(reply)).toBeVisible();
  await expectNoViolations(page, 'business page with the owner reply');
  const [mail] = await waitForMail(
    (m) => m.to.includes(EMAIL) && m.subject === `${FIRST.name} replied to your review`,
    "the reviewer's e-mail about the reply",
  );
  expect(mail!.body).toContain(`replied to your review "${TITLE}"`);
  expect(mail!.body).toContain(`/business/${FIRST.slug}/`);
  await context.close();
});

test('axe and the Nu Html Checker on the business page with a review, the review and report pages', async ({
  browser,
}) => {
  // Four axe runs and one Nu Html Checker JVM: slow on a loaded 2-core machine.
  test.setTimeout(240_000);
  expect(cookies.length, 'the motorist test ran first').toBeGreaterThan(0);
  const html: Record<string, string> = {};
  const visitor = await browser.newContext({ extraHTTPHeaders: visitorAddress(41) });
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/business/${FIRST.slug}/review/`);
  await expectNoViolations(anonymous, 'review page, signed out');
  html['/business/…/review/ (signed out)'] = await anonymous.content();
  await visitor.close();

  const context = await browser.newContext({ extraHTTPHeaders: visitorAddress(41) });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto(`/business/${FIRST.slug}/`);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expectNoViolations(page, 'business page with a review');
  html['/business/…/'] = await page.content();
  await page.goto(`/business/${FIRST.slug}/review/`);
  await expect(page.getByText('Your review is on the page')).toBeVisible();
  await expectNoViolations(page, 'review page, own review');
  html['/business/…/review/'] = await page.content();
  await page.goto(`/business/${FIRST.slug}/`);
  await page.locator('section#reviews').getByRole('link', { name: 'Report this review' }).click();
  await expect(page.getByRole('heading', { name: 'Report this review' })).toBeVisible();
  await expectNoViolations(page, 'report a review');
  html['/business/…/reviews/…/report/'] = await page.content();
  await context.close();

  const errors = await checkHtml(html);
  expect(errors, formatHtmlMessages(errors)).toEqual([]);
});

test('an admin publishes the held review from the Reviews tab', async ({ browser }) => {
  test.setTimeout(90_000);
  expect(cookies.length, 'the motorist test ran first').toBeGreaterThan(0);
  const context = await browser.newContext({
    storageState: await adminStorageState(browser),
    extraHTTPHeaders: visitorAddress(41),
  });
  const page = await context.newPage();
  await openAdmin(page, 'Reviews');
  await expect(adminTab(page, 'Reviews')).toHaveText(/\(\d+\)$/);
  const card = page.locator('li.admin-review', { hasText: HELD_TITLE });
  await expect(card).toBeVisible();
  await expect(card.getByText('Contains a phone number', { exact: true })).toBeVisible();
  await expectNoViolations(page, 'admin Reviews tab');
  await card.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(card).toHaveCount(0);
  await context.close();

  const visitor = await browser.newContext({ extraHTTPHeaders: visitorAddress(41) });
  const view = await visitor.newPage();
  await view.goto(`/business/${SECOND.slug}/`);
  await expect(view.getByRole('heading', { name: HELD_TITLE })).toBeVisible();
  await visitor.close();
});
