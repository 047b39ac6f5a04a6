import { expect } from '@playwright/test';
import sharp from 'sharp';
import { PHOTO_MESSAGES } from '../../common/schemas/photo-rules';
import { adminCard, adminTab, adminTest as test, expectToast, openAdmin } from './helpers';

/**
 * Issue 26: the admin adds a photo to a listing in Edit Business Details, sees it, its variant is
 * served without EXIF, a refused file shows the server's message, and removing asks first.
 */

test('the admin adds a photo in Edit Business Details, then removes it after confirming', async ({
  page,
}) => {
  const jpeg = await sharp({
    create: { width: 1400, height: 1000, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .withExif({ IFD0: { Make: 'E2EPhone' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();

  await openAdmin(page, 'Approved');
  await expect(adminTab(page, 'Approved')).toHaveAttribute('aria-selected', 'true');
  // The first listing of /mechanic/ (page 1), so its card can be checked there too.
  const first = await page.request.get('/api/directory?category=mechanic&limit=1');
  const [listing] = (
    (await first.json()) as {
      businesses: { id: string; business_name: string; slug: string }[];
    }
  ).businesses;
  const { id, slug, business_name: name } = listing!;
  await page.getByRole('searchbox').fill(name);
  const card = adminCard(page, name);
  await card.getByRole('button', { name: 'Edit Details', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Business Details' });
  const photos = dialog.getByRole('region', { name: /^Photos/ });
  await expect(photos.getByText('No photos yet.')).toBeVisible();

  // A refused file: the server's message, in the dialog.
  await photos.getByLabel(/^Photo \(/).setInputFiles({
    name: 'drawing.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
  });
  await photos.getByRole('button', { name: 'Add photo' }).click();
  await expect(photos.getByRole('alert')).toHaveText(PHOTO_MESSAGES.svg);

  await photos.getByLabel(/^Photo \(/).setInputFiles({
    name: 'workshop.jpg',
    mimeType: 'image/jpeg',
    buffer: jpeg,
  });
  await photos.getByLabel('What it shows').selectOption('cover');
  await photos.getByLabel('Caption').fill('Front of the workshop');
  await photos.getByRole('button', { name: 'Add photo' }).click();
  await expectToast(page, 'Photo added', { type: 'success' });
  const thumbnail = photos.getByRole('img', { name: 'Front of the workshop' });
  await expect(thumbnail).toBeVisible();
  await expect(photos.getByRole('heading', { name: /Photos/ })).toContainText('(1 of 12)');
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(320);

  const src = await thumbnail.getAttribute('src');
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const meta = await sharp(await served.body()).metadata();
  expect(meta.exif).toBeUndefined();
  expect((await served.body()).includes('E2EPhone')).toBe(false);

  // The business page shows it as a lazy <picture> with its size (issue 26.4).
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`/business/${slug}/`);
  const gallery = visitor.getByRole('region', { name: 'Photos' });
  const img = gallery.getByRole('img', { name: 'Front of the workshop' });
  await expect(img).toHaveAttribute('loading', 'lazy');
  await expect(img).toHaveAttribute('width', '160');
  await expect(img).toHaveAttribute('height', String(Math.round((160 * 1000) / 1400)));
  await expect(gallery.locator('picture source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /\/api\/photos\/.+\.avif 320w, .+\.avif 640w/,
  );
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.avif$/);

  // Its category page's card shows the cover, lazy and sized (issue 26.4).
  await visitor.goto('/mechanic/');
  const cover = visitor.locator(`article[data-listing-id="${id}"] .card-cover img`);
  await expect(cover).toHaveAttribute('loading', 'lazy');
  await expect(cover).toHaveAttribute('width', '640');
  await expect(cover).toHaveAttribute('height', String(Math.round((640 * 1000) / 1400)));
  await cover.scrollIntoViewIfNeeded();
  await expect
    .poll(() => cover.evaluate((el: HTMLImageElement) => el.currentSrc))
    .toMatch(/\.avif$/);
  await visitor.goto(`/business/${slug}/`);

  await photos.getByRole('button', { name: 'Remove', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this photo?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(thumbnail).toBeVisible();
  await photos.getByRole('button', { name: 'Remove', exact: true }).click();
  await confirm.getByRole('button', { name: 'Remove photo' }).click();
  await expectToast(page, 'Photo removed', { type: 'success' });
  await expect(photos.getByText('No photos yet.')).toBeVisible();
  expect((await page.request.get(src!)).status()).toBe(404);
  // The page was purged: the gallery is gone.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(visitor.getByRole('region', { name: 'Photos' })).toHaveCount(0);
  await visitor.close();
});
