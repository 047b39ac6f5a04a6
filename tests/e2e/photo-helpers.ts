import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
} from '@playwright/test';
import type { Photo } from '../../common/schemas/photos';
import { photoLikeJpeg } from '../factories/photos';
import { adminStorageState } from './helpers';

/**
 * Photos added and removed through the admin API (issue 26, ADR 039), for specs that need
 * listings with real processed photos: each upload goes through the real pipeline (sniff, sharp,
 * nine variants, the blob folder). `request` must be signed in as the admin ({@link adminContext}).
 */

/** A context signed in as the e2e admin on the server at `baseURL` (close it when done). */
export async function adminContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, storageState: await adminStorageState(browser, baseURL) });
}

/** Adds a photo-like JPEG drawn from `seed` (tests/factories/photos.ts) to `listingId`. */
export async function addTestPhoto(
  request: APIRequestContext,
  baseURL: string,
  listingId: string,
  options: {
    seed: number;
    kind?: Photo['kind'];
    caption?: string;
    width?: number;
    height?: number;
  },
): Promise<Photo> {
  const jpeg = await photoLikeJpeg(options.seed, options.width, options.height);
  const response = await request.post(`/api/admin/listings/${listingId}/photos`, {
    headers: { origin: baseURL },
    multipart: {
      file: { name: `photo-${options.seed}.jpg`, mimeType: 'image/jpeg', buffer: jpeg },
      kind: options.kind ?? 'cover',
      caption: options.caption ?? '',
    },
    timeout: 60_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Photo;
}

/** Removes the photos `ids` (the pages that showed them are purged). */
export async function removeTestPhotos(
  request: APIRequestContext,
  baseURL: string,
  ids: readonly string[],
): Promise<void> {
  for (const id of ids) {
    const response = await request.delete(`/api/admin/photos/${id}`, {
      headers: { origin: baseURL },
    });
    expect([200, 204, 404], await response.text()).toContain(response.status());
  }
}
