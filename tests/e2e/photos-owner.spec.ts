import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { BASE_URL } from '../../playwright.config';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  REVIEW_PHOTOS_MAX_BYTES,
} from '../../common/schemas/photo-rules';
import { photoLikeJpeg } from '../factories/photos';
import { checkHtml, formatHtmlMessages } from '../setup/html-checker';
import { expectNoViolations } from './axe';
import {
  adminStorageState,
  adminTab,
  expectToast,
  openAdmin,
  sampleBusinesses,
  visitorAddress,
  waitForMail,
  waitForPageScripts,
} from './helpers';

/**
 * Issue 26.1 / 26.7 (ADR 042) in Chromium: the owner of a claimed listing uploads a phone photo
 * (EXIF with GPS) from the owner dashboard; it waits, not public, until the admin approves the
 * change in the Claims tab (shown there before/after); then it is on the business page and the
 * cover of the listing's card on its category page, and its served variant carries no EXIF.
 */

const CATEGORY = 'dealers';
const PASSWORD = 'photo-owner-e2e-pass-1';

/** Makes `request`'s account the owner of `listing` (e-mail code, or a manual claim approved). */
async function claim(
  request: APIRequestContext,
  admin: APIRequestContext,
  listing: { slug: string; business_name: string },
) {
  const email = sampleBusinesses().find((b) => b.business_name === listing.business_name)?.email;
  const asked = await request.post('/api/claims', {
    headers: { origin: BASE_URL },
    data: email
      ? { listing: listing.slug }
      : { listing: listing.slug, role: 'Owner', phone: '0803 555 0101' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { claim: made } = (await asked.json()) as { claim: { id: string } };
  if (email) {
    const [mail] = (
      await waitForMail((m) => m.to === email && m.subject.includes('claim'), 'the claim code')
    ).slice(-1);
    const code = mail!.body.match(/\b(\d{6})\b/)![1]!;
    const verified = await request.post(`/api/claims/${made.id}/verify`, {
      headers: { origin: BASE_URL },
      data: { code },
    });
    expect(verified.status(), await verified.text()).toBe(200);
  } else {
    const approved = await admin.post(`/api/admin/claims/${made.id}/approve`, {
      headers: { origin: BASE_URL },
      data: {},
    });
    expect(approved.status(), await approved.text()).toBe(200);
  }
}

/** Signs `request`'s context up as a new account named after `prefix` (its cookie keeps the session). */
async function signUp(request: APIRequestContext, prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}@example.com`;
  const response = await request.post('/api/auth/sign-up', {
    headers: { origin: BASE_URL },
    data: { email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
  return email;
}

/** Signs `page`'s context up (see {@link signUp}) and confirms the e-mail from the link mailed. */
async function signUpConfirmed(page: Page, request: APIRequestContext, prefix: string) {
  const email = await signUp(request, prefix);
  const [mail] = await waitForMail(
    (m) => m.to.includes(email) && m.subject.includes('Confirm'),
    'confirmation e-mail',
  );
  await page.goto(mail!.body.match(/https?:\/\/\S+\/api\/auth\/verify-email\?token=[^\s>"]+/)![0]);
  await expect(page).toHaveURL(/email_verified=1/);
}

const REVIEW_BODY =
  'They had the original brake master cylinder for my Corolla and fitted it properly.';

/** Fills the review form on `page` (every field but the photos). */
async function fillReview(page: Page, title: string) {
  await page.getByLabel('4 stars', { exact: true }).check();
  await page.getByLabel('Title *', { exact: true }).fill(title);
  await page.getByLabel('Your review *', { exact: true }).fill(REVIEW_BODY);
  await page.getByLabel('Service used *', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Month of your visit *', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Name shown with your review *', { exact: true }).fill('Bisi O.');
}

/** The review form on `page` holds what {@link fillReview} typed. */
async function expectReviewAsTyped(page: Page, title: string) {
  await expect(page.getByLabel('4 stars', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Title *', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Your review *', { exact: true })).toHaveValue(REVIEW_BODY);
  await expect(page.getByLabel('Service used *', { exact: true })).not.toHaveValue('');
  await expect(page.getByLabel('Month of your visit *', { exact: true })).not.toHaveValue('');
  await expect(page.getByLabel('Name shown with your review *', { exact: true })).toHaveValue(
    'Bisi O.',
  );
}

/** The first listing of `category`'s page 1 (its card is the page's first). */
async function firstListing(request: APIRequestContext, category: string) {
  const answer = await request.get(`/api/directory?category=${category}&limit=1`);
  const { businesses } = (await answer.json()) as {
    businesses: { id: string; business_name: string; slug: string }[];
  };
  return businesses[0]!;
}

test('an owner’s photo waits for the admin, then shows on the page and the card without EXIF', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const jpeg = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 90, b: 40 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'OwnerPhone', Model: 'E2E' },
      IFD3: { GPSLatitudeRef: 'N', GPSLongitudeRef: 'E' },
    })
    .toBuffer();
  expect((await sharp(jpeg).metadata()).exif).toBeDefined();

  const adminContext = await browser.newContext({
    storageState: await adminStorageState(browser, BASE_URL),
  });
  const owner = await browser.newContext({ extraHTTPHeaders: visitorAddress(26) });
  await signUp(owner.request, 'photo-owner');
  // The first listing of the category's page 1, so its card can be checked there.
  const listing = await firstListing(owner.request, CATEGORY);
  const { id, slug, business_name: name } = listing;
  await claim(owner.request, adminContext.request, listing);

  const page = await owner.newPage();
  await page.goto('/account/business/');
  const photos = page.getByRole('region', { name: /^Photos/ }).first();
  await expect(photos.getByText('No photos yet.')).toBeVisible();
  await photos.getByLabel(/^Photo \(/).setInputFiles({
    name: 'IMG_0001.jpg',
    mimeType: 'image/jpeg',
    buffer: jpeg,
  });
  await photos.getByLabel('What it shows').selectOption('cover');
  await photos.getByLabel('Caption').fill('Our showroom on Awolowo Road');
  await photos.getByRole('button', { name: 'Send photo for review' }).click();
  await expectToast(page, 'Photo sent for review', { type: 'success' });
  const held = photos.getByRole('img', { name: 'Our showroom on Awolowo Road' });
  await expect(held).toBeVisible();
  await expect(photos.getByText('Waiting for review')).toBeVisible();
  // The owner sees it through the private route; the public one does not serve it.
  await expect.poll(() => held.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  const heldSrc = (await held.getAttribute('src'))!;
  expect(heldSrc).toMatch(/^\/api\/account\/photos\//);
  const publicSrc = heldSrc.replace('/api/account/photos/', '/api/photos/');
  const visitor = await browser.newContext();
  expect((await visitor.request.get(publicSrc)).status()).toBe(404);
  expect((await visitor.request.get(heldSrc)).status()).toBe(401);
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/business/${slug}/`);
  await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(visitorPage.getByRole('region', { name: 'Photos' })).toHaveCount(0);

  // The admin sees it in the Claims tab, before/after, and approves.
  const adminPage = await adminContext.newPage();
  await openAdmin(adminPage, 'Claims');
  await expect(adminTab(adminPage, 'Claims')).toHaveAttribute('aria-selected', 'true');
  await adminPage.getByRole('searchbox').fill(name);
  const card = adminPage
    .locator('li.card')
    .filter({ has: adminPage.getByRole('heading', { name }) })
    .filter({ hasText: 'Proposed: add 1' });
  await expect(card.getByText('Now: no photos')).toBeVisible();
  const proposed = card
    .getByRole('list', { name: 'Photos to add' })
    .getByRole('img', { name: 'Our showroom on Awolowo Road' });
  await expect.poll(() => proposed.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await card.getByRole('button', { name: 'Approve changes' }).click();
  await expectToast(adminPage, 'Changes approved');

  // Live: on the business page (purged), and the cover of its card on the category page.
  await visitorPage.goto(`/business/${slug}/`);
  const gallery = visitorPage.getByRole('region', { name: 'Photos' });
  const img = gallery.getByRole('img', { name: 'Our showroom on Awolowo Road' });
  await expect(img).toHaveAttribute('loading', 'lazy');
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc))
    .toMatch(/\/api\/photos\/.+\.avif$/);
  await visitorPage.goto(`/${CATEGORY}/`);
  const cover = visitorPage.locator(`article[data-listing-id="${id}"] .card-cover img`);
  await expect(cover).toHaveAttribute('width', '640');
  await expect(cover).toHaveAttribute('height', '480');
  await cover.scrollIntoViewIfNeeded();
  await expect
    .poll(() => cover.evaluate((el: HTMLImageElement) => el.currentSrc))
    .toMatch(/\/api\/photos\/.+\.avif$/);

  // The served variant carries no EXIF (no GPS position, no phone make).
  const served = await visitor.request.get(publicSrc);
  expect(served.status()).toBe(200);
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const bytes = await served.body();
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('jpeg');
  expect(meta.exif).toBeUndefined();
  expect(bytes.includes('OwnerPhone')).toBe(false);

  // The owner sees it live.
  await page.reload();
  await expect(photos.getByRole('img', { name: 'Our showroom on Awolowo Road' })).toBeVisible();
  await expect(photos.getByText('Waiting for review')).toHaveCount(0);

  // Leave the shared e2e data as it was: the admin removes the photo.
  const listed = await adminContext.request.get(`/api/admin/listings/${id}/photos`);
  for (const photo of ((await listed.json()) as { photos: { id: string }[] }).photos) {
    const removed = await adminContext.request.delete(`/api/admin/photos/${photo.id}`, {
      headers: { origin: BASE_URL },
    });
    expect(removed.status()).toBe(200);
  }
  await Promise.all([adminContext.close(), owner.close(), visitor.close()]);
});

test('a large photo is downscaled in the browser before the upload; a small one is sent as it is', async ({
  browser,
}) => {
  // ADR 048: on Netlify a request body is at most 6 MB once Base64-encoded, about 4.5 MB of photo.
  test.setTimeout(180_000);
  const NETLIFY_PHOTO_LIMIT = 4.5 * 1024 * 1024;
  const large = await photoLikeJpeg(48, 6000, 4000, 92);
  expect(large.length).toBeGreaterThan(6 * 1024 * 1024);
  expect(large.length).toBeLessThan(PHOTO_MAX_BYTES);
  const small = await photoLikeJpeg(49, 1200, 900, 85);
  expect(small.length).toBeLessThan(1024 * 1024);

  const adminContext = await browser.newContext({
    storageState: await adminStorageState(browser, BASE_URL),
  });
  const owner = await browser.newContext({ extraHTTPHeaders: visitorAddress(28) });
  await signUp(owner.request, 'photo-downscale');
  const listing = await firstListing(owner.request, 'breakdown');
  await claim(owner.request, adminContext.request, listing);
  const url = `/api/account/listings/${listing.id}/photos`;

  const page = await owner.newPage();
  // What the form says while it works, in order (each state lasts as long as the work does), and
  // the SHA-256 of each file the page hands to XMLHttpRequest (a file's bytes are not in the
  // DevTools request events).
  await page.addInitScript(() => {
    type Upload = { sha256: string; width: number; height: number };
    const seen = window as unknown as { statuses: string[]; uploads: Promise<Upload>[] };
    seen.statuses = [];
    seen.uploads = [];
    new MutationObserver(() => {
      const text = document.querySelector('.photo-add-status')?.textContent;
      if (text && seen.statuses.at(-1) !== text) seen.statuses.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body?: Document | XMLHttpRequestBodyInit | null) {
      const file = body instanceof FormData ? body.get('file') : null;
      if (file instanceof Blob)
        seen.uploads.push(
          Promise.all([
            file.arrayBuffer().then((bytes) => crypto.subtle.digest('SHA-256', bytes)),
            createImageBitmap(file).catch(() => null),
          ]).then(([hash, bitmap]) => ({
            sha256: [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join(''),
            width: bitmap?.width ?? 0,
            height: bitmap?.height ?? 0,
          })),
        );
      return send.call(this, body as XMLHttpRequestBodyInit | null);
    };
  });
  const uploads = () =>
    page.evaluate(() =>
      Promise.all(
        (
          window as unknown as {
            uploads: Promise<{ sha256: string; width: number; height: number }>[];
          }
        ).uploads,
      ),
    );
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  // The size of each body that reaches the server (its Content-Length, as sent on the wire).
  const sent: Promise<number>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(url))
      sent.push(request.allHeaders().then((headers) => Number(headers['content-length'])));
  });
  // The downscaler's code: fetched once a photo is chosen, never with the page.
  const downscaler: string[] = [];
  page.on('request', (request) => {
    if (/\/_astro\/browser-image-compression\.[\w-]+\.js$/.test(new URL(request.url()).pathname))
      downscaler.push(request.url());
  });
  await page.goto('/account/business/');
  const photos = page.getByRole('region', { name: /^Photos/ }).first();
  await expect(photos.getByText('No photos yet.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(downscaler, 'the downscaler is not loaded before a photo is chosen').toEqual([]);

  async function add(file: Buffer, name: string, caption: string, mimeType = 'image/jpeg') {
    await photos.getByLabel(/^Photo \(/).setInputFiles({ name, mimeType, buffer: file });
    await photos.getByLabel('Caption').fill(caption);
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith(url),
    );
    await photos.getByRole('button', { name: 'Send photo for review' }).click();
    const response = await answered;
    expect(response.status(), await response.text()).toBe(201);
    await expectToast(page, 'Photo sent for review', { type: 'success' });
    await expect(photos.getByRole('img', { name: caption })).toBeVisible();
    return (await response.json()) as { id: string; width: number; height: number };
  }

  // 6000 × 4000, over 6 MB: refused by Netlify as it is; the browser sends it at 2,560 px.
  const big = await add(large, 'IMG_6000.jpg', 'The tow truck at dawn');
  const [bigBody] = await Promise.all(sent);
  expect(downscaler.length).toBeGreaterThan(0);
  expect(bigBody).toBeGreaterThan(100 * 1024);
  expect(bigBody).toBeLessThan(NETLIFY_PHOTO_LIMIT);
  const [bigUpload] = await uploads();
  expect(bigUpload!.width).toBe(2560);
  expect(bigUpload!.height).toBeGreaterThanOrEqual(1706); // 4000 × 2560 / 6000, rounded down or up
  expect(bigUpload!.height).toBeLessThanOrEqual(1707);
  expect(bigUpload!.sha256).not.toBe(sha256(large));
  expect({ width: big.width, height: big.height }).toEqual({ width: 1280, height: 853 });
  expect(await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses)).toEqual(
    ['Preparing photo…', 'Uploading photo…'],
  );

  // 1200 × 900, under 1 MB: sent byte for byte.
  const kept = await add(small, 'IMG_1200.jpg', 'Our yard on the Lekki road');
  const [, smallBody] = await Promise.all(sent);
  expect((await uploads())[1]).toEqual({ sha256: sha256(small), width: 1200, height: 900 });
  expect(smallBody! - small.length).toBeGreaterThan(0);
  expect(smallBody! - small.length).toBeLessThan(2048);
  expect({ width: kept.width, height: kept.height }).toEqual({ width: 1200, height: 900 });

  // A photo this browser cannot decode (an iPhone HEIC on Chromium) goes as it is, and the
  // server reads it (ADR 052): a 1600 × 1200 HEVC photo with EXIF and a GPS position.
  const heic = readFileSync(new URL('../fixtures/street-exif-gps.heic', import.meta.url));
  const fromIphone = await add(heic, 'IMG_0003.HEIC', 'The workshop, from an iPhone', 'image/heic');
  const [, , heicBody] = await Promise.all(sent);
  expect(heicBody! - heic.length).toBeLessThan(2048);
  expect((await uploads())[2]).toEqual({ sha256: sha256(heic), width: 0, height: 0 });
  expect({ width: fromIphone.width, height: fromIphone.height }).toEqual({
    width: 1280,
    height: 960,
  });

  // Leave the shared e2e data as it was: the owner takes them back.
  for (const photo of [big, kept, fromIphone]) {
    const back = await owner.request.post(`${url}/${photo.id}/remove`, {
      headers: { origin: BASE_URL },
      data: {},
    });
    expect(back.status(), await back.text()).toBe(200);
  }
  await Promise.all([adminContext.close(), owner.close()]);
});

test.describe('a review with a photo, without JavaScript', () => {
  test.use({ javaScriptEnabled: false, extraHTTPHeaders: visitorAddress(27) });

  test('the review form posts a photo; held until the admin publishes it, then under the review', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(120_000);
    // A photo-like JPEG of a few hundred kilobytes (more than a form's 64 KB: the page takes it).
    const jpeg = await sharp(await photoLikeJpeg(27, 1600, 1200))
      .jpeg({ quality: 90 })
      .withExif({ IFD0: { Make: 'ReviewerPhone' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    expect(jpeg.length).toBeGreaterThan(200 * 1024);
    await signUpConfirmed(page, context.request, 'photo-reviewer');

    const listing = await firstListing(context.request, 'parts');
    await page.goto(`/business/${listing.slug}/review/`);
    const title = `Found the part in one hour ${Date.now().toString(36)}`;
    const photosField = page.getByLabel(/^Photos \(optional/);

    // Without script nothing shrinks a photo: the field says the size that works on every host
    // (Netlify's 6 MB body, ADR 048), and the form refuses more with that same figure…
    await expect(page.locator('#review-photos-hint')).toContainText('up to 4 MB together');
    await fillReview(page, title);
    const half = Buffer.alloc(REVIEW_PHOTOS_MAX_BYTES / 2 + 100 * 1024, 1);
    await photosField.setInputFiles([
      { name: 'IMG_1.jpg', mimeType: 'image/jpeg', buffer: half },
      { name: 'IMG_2.jpg', mimeType: 'image/jpeg', buffer: half },
    ]);
    await page.getByRole('button', { name: 'Post review' }).click();
    await expect(page.getByText(PHOTO_MESSAGES.reviewTooLarge).first()).toBeVisible();
    const ownReview = await context.request.get(`/api/account/reviews/${listing.id}`);
    expect(((await ownReview.json()) as { review: unknown }).review).toBeNull();
    // …and keeps the review as typed (the fields before the photos, read from the body's start).
    await expectReviewAsTyped(page, title);

    await photosField.setInputFiles({ name: 'IMG_2044.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByRole('button', { name: 'Post review' }).click();
    await expect(page.getByText('Your review waits for our team')).toBeVisible();
    await expect(page.getByText('Has photos for our team to check')).toBeVisible();
    const own = page.getByRole('list', { name: 'Your photos' }).getByRole('img');
    await expect(own).toHaveCount(1);
    const heldSrc = (await own.getAttribute('src'))!;
    expect((await context.request.get(heldSrc)).status()).toBe(200);
    const publicSrc = heldSrc.replace('/api/account/photos/', '/api/photos/');
    // Contexts made here take this file's `use` (no script): the visitor and admin run script.
    const visitor = await browser.newContext({ javaScriptEnabled: true });
    expect((await visitor.request.get(publicSrc)).status()).toBe(404);

    // The admin sees the photo in the Reviews tab and publishes the review with it.
    const adminContext = await browser.newContext({
      javaScriptEnabled: true,
      storageState: await adminStorageState(browser, BASE_URL),
    });
    const adminPage = await adminContext.newPage();
    await openAdmin(adminPage, 'Reviews');
    await expect(adminTab(adminPage, 'Reviews')).toHaveAttribute('aria-selected', 'true');
    await adminPage.getByRole('searchbox').fill(title);
    const card = adminPage.locator('li.admin-review').filter({ hasText: title });
    const proposed = card.getByRole('img', { name: 'Photo 1 of the review' });
    await expect
      .poll(() => proposed.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(320);
    await card.getByRole('button', { name: 'Publish', exact: true }).click();
    await expectToast(adminPage, 'Review published');

    // Published: the photo is under the review on the business page, served without EXIF.
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/business/${listing.slug}/`);
    const review = visitorPage.locator('article.review').filter({ hasText: title });
    const thumb = review.getByRole('img', { name: 'Photo 1 from Bisi O.' });
    await expect(thumb).toHaveAttribute('src', /^\/api\/photos\/.+\.jpg$/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    const served = await visitor.request.get((await thumb.getAttribute('src'))!);
    expect(served.status()).toBe(200);
    expect((await sharp(await served.body()).metadata()).exif).toBeUndefined();

    // The listing's owner sees it on their reviews page too, as the business page shows it.
    const owner = await browser.newContext({
      javaScriptEnabled: true,
      extraHTTPHeaders: visitorAddress(29),
    });
    await signUp(owner.request, 'photo-review-owner');
    await claim(owner.request, adminContext.request, listing);
    const ownerPage = await owner.newPage();
    await ownerPage.goto(`/account/business/reviews/?listing=${listing.id}`);
    const ownerThumb = ownerPage
      .locator('li.owner-review')
      .filter({ hasText: title })
      .getByRole('img', { name: 'Photo 1 from Bisi O.' });
    await expect(ownerThumb).toHaveAttribute('src', (await thumb.getAttribute('src'))!);
    await expect(ownerThumb).toHaveAttribute('loading', 'lazy');
    await expect(ownerThumb).toHaveAttribute('width', '96');
    await expect(ownerThumb).toHaveAttribute('height', '72');
    await expect
      .poll(() => ownerThumb.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(320);

    // Leave the shared e2e data as it was: the author deletes the review (and its photo).
    const mine = await context.request.get(`/api/account/reviews/${listing.id}`);
    const { review: written } = (await mine.json()) as { review: { id: string } };
    const deleted = await context.request.delete(`/api/reviews/${written.id}`, {
      headers: { origin: BASE_URL },
    });
    expect(deleted.status()).toBe(200);
    expect((await visitor.request.get(publicSrc)).status()).toBe(404);
    await Promise.all([adminContext.close(), visitor.close(), owner.close()]);
  });
});

test('a review’s three 12 MP photos are downscaled in the browser and posted with the form under 4 MB', async ({
  browser,
}) => {
  // ADR 048, update: with script, the review form takes up to 3 photos of up to 10 MB each.
  test.setTimeout(240_000);
  const camera = await Promise.all([61, 62, 63].map((seed) => photoLikeJpeg(seed, 4032, 3024, 97)));
  for (const photo of camera) {
    expect(photo.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(photo.length).toBeLessThan(PHOTO_MAX_BYTES);
  }
  // No service worker: its requests would bypass `page.route` (the downscaler is held back below).
  const context = await browser.newContext({
    extraHTTPHeaders: visitorAddress(30),
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await signUpConfirmed(page, context.request, 'photo-reviewer-js');
  const listing = await firstListing(context.request, 'mechanic');
  const path = `/business/${listing.slug}/review/`;

  // What the field and the button say, in order, and what the form posts (the names, types and
  // sizes of its files, kept in sessionStorage since the page is left right after).
  await page.addInitScript(() => {
    const keep = (key: string, value: unknown) => {
      const list = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown[];
      if (JSON.stringify(list.at(-1)) !== JSON.stringify(value)) list.push(value);
      sessionStorage.setItem(key, JSON.stringify(list));
    };
    new MutationObserver(() => {
      const status = document.querySelector('[data-photos-status]');
      if (!status) return; // not the form of a new review
      if (status.textContent) keep('statuses', status.textContent);
      const button = document.querySelector('.review-form button[type="submit"]')?.textContent;
      if (button) keep('buttons', button.trim());
    }).observe(document, { subtree: true, childList: true, characterData: true });
    // After the page's own listener (a submit it holds back is `defaultPrevented`).
    window.addEventListener('submit', (event) => {
      if (event.defaultPrevented) return keep('held', true);
      const input = document.querySelector<HTMLInputElement>('#review-photos');
      keep(
        'posted',
        [...(input?.files ?? [])].map(({ name, type, size }) => ({ name, type, size })),
      );
    });
  });
  // The size of the form's body on the wire, and its Content-Length when the browser reports it
  // (Chromium gives a navigation's upload no Content-Length in its request events).
  const sent: Promise<{ body: number; length: number }>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path)
      sent.push(
        Promise.all([request.allHeaders(), request.sizes()]).then(([headers, sizes]) => ({
          body: sizes.requestBodySize,
          length: Number(headers['content-length'] ?? sizes.requestBodySize),
        })),
      );
  });
  // The downscaler's code: fetched once photos are chosen, never with the page; held back a
  // little so the visitor's tap on "Post review" comes while the photos are being prepared.
  const downscaler: string[] = [];
  await page.route(/\/_astro\/browser-image-compression\.[\w-]+\.js$/, async (route) => {
    downscaler.push(route.request().url());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });

  await page.goto(path);
  await waitForPageScripts(page);
  await page.waitForLoadState('networkidle');
  expect(downscaler, 'the downscaler is not loaded before a photo is chosen').toEqual([]);
  await expect(page.locator('#review-photos-hint')).toContainText('up to 10 MB each');
  const title = `Three photos of the work ${Date.now().toString(36)}`;
  await fillReview(page, title);
  // The form of a new review, with its photo field as the script leaves it (the other review
  // pages are checked in tests/e2e/reviews.spec.ts).
  await expectNoViolations(page, 'review form, new review, with script');
  const errors = await checkHtml({ '/business/…/review/ (new review)': await page.content() });
  expect(errors, formatHtmlMessages(errors)).toEqual([]);
  await page
    .getByLabel(/^Photos \(optional/)
    .setInputFiles(
      camera.map((buffer, i) => ({ name: `IMG_400${i}.jpg`, mimeType: 'image/jpeg', buffer })),
    );
  await expect(page.getByRole('status').filter({ hasText: 'Preparing photos…' })).toBeVisible();
  await page.getByRole('button', { name: 'Post review' }).click();
  // Held until the photos are ready, then sent by the form itself: a 303 to the review page.
  await expect(page.getByText('Your review waits for our team')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('list', { name: 'Your photos' }).getByRole('img')).toHaveCount(3);
  expect(downscaler.length).toBeGreaterThan(0);

  const [post, ...more] = await Promise.all(sent);
  expect(more, 'the form is posted once').toEqual([]);
  const { body, length } = post!;
  test.info().annotations.push({ type: 'review body (bytes)', description: `${body}/${length}` });
  expect(length).toBe(body);
  expect(body).toBeGreaterThan(3 * 100 * 1024);
  expect(body).toBeLessThan(REVIEW_PHOTOS_MAX_BYTES);
  expect(body).toBeLessThan(4_000_000);

  const kept = await page.evaluate(() =>
    Object.fromEntries(
      ['statuses', 'buttons', 'held', 'posted'].map((key) => [
        key,
        JSON.parse(sessionStorage.getItem(key) ?? 'null') as unknown,
      ]),
    ),
  );
  const posted = kept.posted as { name: string; type: string; size: number }[][];
  expect(posted).toHaveLength(1);
  expect(posted[0]!.map((file) => [file.name, file.type])).toEqual([
    ['IMG_4000.jpg', 'image/jpeg'],
    ['IMG_4001.jpg', 'image/jpeg'],
    ['IMG_4002.jpg', 'image/jpeg'],
  ]);
  test.info().annotations.push({
    type: 'review photos (bytes)',
    description: `${camera.map((photo) => photo.length).join(', ')} chosen; ${posted[0]!.map((file) => file.size).join(', ')} posted`,
  });
  for (const file of posted[0]!) expect(file.size).toBeLessThanOrEqual(1.25 * 1024 * 1024);
  expect(kept.held, 'the tap during the work was held, not sent').toEqual([true]);
  expect(kept.buttons).toEqual(['Post review', 'Please wait…', 'Post review']);
  expect((kept.statuses as string[])[0]).toBe('Preparing photos…');
  expect((kept.statuses as string[])[1]).toMatch(
    /^3 photos ready to send \(\d\.\d MB together\)\.$/,
  );

  // Leave the shared e2e data as it was: the author deletes the review (and its photos).
  const mine = await context.request.get(`/api/account/reviews/${listing.id}`);
  const { review: written } = (await mine.json()) as { review: { id: string } };
  const deleted = await context.request.delete(`/api/reviews/${written.id}`, {
    headers: { origin: BASE_URL },
  });
  expect(deleted.status()).toBe(200);
  await context.close();
});
