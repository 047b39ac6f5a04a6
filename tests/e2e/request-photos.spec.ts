import { expect, test } from '@playwright/test';
import { PHOTO_MESSAGES } from '../../common/schemas/photo-rules';
import { phonePhoto } from '../factories/photos';
import {
  adminStorageState,
  expectToast,
  openAdmin,
  visitorAddress,
  waitForMail,
  waitForPageScripts,
} from './helpers';

/**
 * Find It's photos without JavaScript (issue 36.1, ADR 083): a file that is not a photo is
 * refused with its message and the typed request kept; a photo posts with the plain multipart
 * form; the motorist's private page shows its thumbnail, served through the request's cookie;
 * a browser without that cookie gets 404 for the same address.
 *
 * With JavaScript: the island's checks and downscaling (ADR 048), and the admin's dialog.
 *
 * Visitor addresses 171 and 172 are this file's own.
 */
const RUN = Date.now().toString(36);

test('a Find It request with a photo, without JavaScript, seen on the private page only', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `photo-motorist-${RUN}@example.com`;
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: visitorAddress(171),
  });
  const page = await context.newPage();
  await page.goto('/find-it/');
  await page.getByLabel('Your Name *').fill('Amaka Obi');
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('Phone *').fill('0803 222 3333');
  await page.getByLabel('Location *').fill('Yaba, Lagos');
  await page.getByLabel('Body Work & Paint').check();
  await page.getByLabel('What needs doing?').fill(`Side mirror broken ${RUN}`);
  const photos = page.getByLabel(/Photos of the car or the problem/);

  // Not a photo: refused with the pipeline's message; what was typed stays.
  await photos.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo at all'),
  });
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText(PHOTO_MESSAGES.wrongType).first()).toBeVisible();
  await expect(page.getByLabel('Your Name *')).toHaveValue('Amaka Obi');
  await expect(page.getByLabel('What needs doing?')).toHaveValue(`Side mirror broken ${RUN}`);
  await expect(page.getByLabel('Body Work & Paint')).toBeChecked();

  // A phone photo (with GPS in its EXIF) posts with the form.
  await photos.setInputFiles({
    name: 'mirror.jpg',
    mimeType: 'image/jpeg',
    buffer: await phonePhoto(1200, 900),
  });
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Request Submitted', { exact: false }).first()).toBeVisible();

  // The private link: its page shows the thumbnail, lazy, with alt text, through the cookie.
  const [mail] = (
    await waitForMail((m) => m.to === email && /quotes\/\?key=/.test(m.body), 'the private link')
  ).slice(-1);
  const link = new URL(mail!.body.match(/https?:\/\/\S+\/find-it\/quotes\/\?key=[\w-]+/)![0]);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/find-it\/quotes\/[0-9a-f-]{36}\/$/);
  const thumbnail = page.getByRole('img', { name: 'Photo 1 of 1 of the car or the problem' });
  await expect(thumbnail).toHaveAttribute('loading', 'lazy');
  const src = (await thumbnail.getAttribute('src'))!;
  expect(src).toMatch(/^\/find-it\/quotes\/[0-9a-f-]{36}\/photos\/[0-9a-f]{32}\.jpg$/);
  const own = await page.request.get(src);
  expect(own.status()).toBe(200);
  expect(own.headers()['content-type']).toBe('image/jpeg');
  expect(own.headers()['cache-control']).toBe('private, max-age=3600');
  // No EXIF segment (APP1) is left in the file.
  expect((await own.body()).includes(Buffer.from('Exif\0\0'))).toBe(false);

  // Another browser, without the request's cookie: nothing there.
  const stranger = await browser.newContext({ extraHTTPHeaders: visitorAddress(171) });
  const refused = await stranger.request.get(src);
  expect(refused.status()).toBe(404);
  await stranger.close();
  await context.close();
});

test('with JavaScript: a 4th photo cleared at once, a large photo made smaller and sent, shown to the admin', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `photo-motorist-js-${RUN}@example.com`;
  const context = await browser.newContext({ extraHTTPHeaders: visitorAddress(172) });
  const page = await context.newPage();
  await page.goto('/find-it/');
  await waitForPageScripts(page);
  // The enhancer loaded after hydration: the hint says what holds with script.
  await expect(page.getByText('up to 10 MB each', { exact: false })).toBeVisible();
  await page.getByLabel('Your Name *').fill('Chidi Okafor');
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('Phone *').fill('0803 666 7777');
  await page.getByLabel('Location *').fill('Yaba, Lagos');
  await page.getByLabel('Body Work & Paint').check();
  await page.getByLabel('What needs doing?').fill(`Door dented ${RUN}`);
  const photos = page.getByLabel(/Photos of the car or the problem/);
  const jpeg = async (name: string, width = 900, height = 600) => ({
    name,
    mimeType: 'image/jpeg',
    buffer: await phonePhoto(width, height),
  });
  await photos.setInputFiles([
    await jpeg('a.jpg'),
    await jpeg('b.jpg'),
    await jpeg('c.jpg'),
    await jpeg('d.jpg'),
  ]);
  await expect(page.getByText(PHOTO_MESSAGES.tooManyForRequest)).toBeVisible();
  expect(await photos.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);

  // 3200 px wide: redrawn at 2,560 px before it is sent.
  await photos.setInputFiles([await jpeg('door.jpg', 3200, 2400)]);
  await expect(page.getByText(/Your photo is ready to send/)).toBeVisible();
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expectToast(page, 'Request Submitted Successfully');
  expect(await photos.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);

  const [mail] = (
    await waitForMail((m) => m.to === email && /quotes\/\?key=/.test(m.body), 'the private link')
  ).slice(-1);
  const link = new URL(mail!.body.match(/https?:\/\/\S+\/find-it\/quotes\/\?key=[\w-]+/)![0]);
  await page.goto(link.pathname + link.search);
  const thumbnail = page.getByRole('img', { name: 'Photo 1 of 1 of the car or the problem' });
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await context.close();

  // The admin sees it in the request's dialog.
  const admin = await browser.newContext({ storageState: await adminStorageState(browser) });
  const adminPage = await admin.newPage();
  await openAdmin(adminPage, 'Requests');
  await adminPage.getByPlaceholder(/Search service requests/).fill(email);
  const request = adminPage.locator('li', { hasText: email }).first();
  await request.getByRole('button', { name: /Businesses and quotes/ }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Businesses and quotes' });
  const adminThumbnail = dialog.getByRole('img', {
    name: 'Photo 1 of 1 of the car or the problem',
  });
  await expect
    .poll(() =>
      adminThumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await admin.close();
});
