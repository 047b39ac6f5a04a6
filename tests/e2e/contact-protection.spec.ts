import { expect, test, type APIRequestContext } from '@playwright/test';
import { sampleBusinesses, waitForIsland, type SampleBusiness } from './helpers';

/** First business category → its public category page. */
const CATEGORY_PATH: Record<string, string> = {
  'Mechanic / Repair Services': '/mechanic',
  'Auto Parts & Accessories': '/parts',
  'Car Dealership / Sales': '/dealers',
  'Body Work & Paint': '/bodywork',
  'Breakdown Recovery / Towing': '/breakdown-recovery',
  'Listing Websites': '/car-listings',
};

const pathOf = (b: SampleBusiness) => CATEGORY_PATH[b.business_categories[0] ?? ''];
const all = sampleBusinesses();
const protectedBiz = all.find(
  (b) =>
    b.contact_visibility === 'registered_users_only' &&
    b.email &&
    b.phone &&
    b.address &&
    pathOf(b),
)!;
const publicBiz = all.find((b) => b.contact_visibility === 'public' && b.phone && pathOf(b))!;

/** Strings of the protected listing that must never reach an anonymous visitor. */
function secrets(b: SampleBusiness): string[] {
  return [b.email!, b.phone!, b.phone!.replace(/\s+/g, ''), b.address!];
}

function expectNoSecrets(body: string, where: string) {
  for (const secret of secrets(protectedBiz)) {
    expect(body.includes(secret), `${where} must not contain "${secret}"`).toBe(false);
  }
}

/** Walks the paged /api/directory (ADR 011) until the listing named `name` is found. */
async function idOf(request: APIRequestContext, name: string): Promise<string> {
  let cursor: string | null = null;
  do {
    const response = await request.get(
      `/api/directory?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(response.status()).toBe(200);
    const page = (await response.json()) as {
      businesses: { id: string; business_name: string }[];
      nextCursor: string | null;
    };
    const found = page.businesses.find((b) => b.business_name === name);
    if (found) return found.id;
    cursor = page.nextCursor;
  } while (cursor);
  throw new Error(`${name} not listed in /api/directory`);
}

test.describe('contact protection (registered_users_only)', () => {
  test.beforeAll(() => {
    expect(protectedBiz, 'a protected sample business with email and phone').toBeTruthy();
    expect(publicBiz, 'a public sample business with phone').toBeTruthy();
  });

  test('pre-rendered HTML of the category page leaks no protected contact details', async ({
    request,
  }) => {
    const response = await request.get(pathOf(protectedBiz)!);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(protectedBiz.business_name.replace(/&/g, '&amp;'));
    expectNoSecrets(html, `HTML of ${pathOf(protectedBiz)}`);
    expectNoSecrets(await (await request.get('/')).text(), 'HTML of /');
  });

  test('API responses leak no protected contact details', async ({ request }) => {
    const id = await idOf(request, protectedBiz.business_name);
    const urls = [
      '/api/directory',
      `/api/directory?type=${encodeURIComponent(protectedBiz.business_type)}`,
      `/api/directory/search?q=${encodeURIComponent(protectedBiz.business_name)}`,
      `/api/listings/${id}`,
      `/api/directory?limit=100`,
      `/api/directory/featured?limit=100`,
    ];
    for (const url of urls) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expectNoSecrets(await response.text(), url);
    }
    // The search does find the listing (so the check above is meaningful).
    const search = await (await request.get(urls[2]!)).json();
    expect(JSON.stringify(search)).toContain(id);
  });

  test('dialog of a protected listing shows the sign-in notice, not the phone', async ({
    page,
  }) => {
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
    await expect(dialog.getByText('Contact details protected')).toBeVisible();
    await expect(dialog.getByText('Sign in to access:')).toBeVisible();
    for (const item of [
      'Direct phone contact',
      'Email the business',
      'Full address',
      'Quick contact options',
    ]) {
      await expect(dialog.getByText(item, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByRole('link', { name: 'Contact Us Instead' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(dialog.getByText('Free account • No spam • Instant access')).toBeVisible();
    await expect(dialog).not.toContainText(protectedBiz.phone!);
    await expect(dialog).not.toContainText(protectedBiz.email!);
    expect(await page.content()).not.toContain(protectedBiz.phone!);
  });

  test('dialog of a public listing shows the phone and copies it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(pathOf(publicBiz)!);
    const card = page.locator('article.business-card', {
      has: page.getByRole('heading', { name: publicBiz.business_name, exact: true }),
    });
    await waitForIsland(page, card);
    await card.getByRole('button', { name: 'View Details' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(publicBiz.phone!, { exact: true })).toBeVisible();
    await expect(dialog.getByText('Contact details protected')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Copy phone number' }).click();
    await expect(page.getByText('Copied!', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicBiz.phone);
  });
});
