/**
 * Downscaling a photo in the browser before it is uploaded (issue 26, ADR 048). On Netlify a
 * synchronous function takes a buffered body of at most 6 MB and a binary body arrives
 * Base64-encoded (4/3 larger), so a photo over about 4.5 MB never reaches our code there; and a
 * 12 MP phone photo is several megabytes of a Lagos data plan for variants of at most 1,280 px.
 * Every uploader with JavaScript sends what {@link preparePhoto} gives it: the owner's and the
 * admin's (through `PhotoAddForm`, at most {@link UPLOAD_TARGET_BYTES}), and the review form's page
 * script (`src/browser/review-photos.ts`, at most {@link REVIEW_UPLOAD_TARGET_BYTES} each). The
 * server still applies every rule of ADR 039 to what arrives.
 *
 * The rules ({@link downscalePlan}, {@link chooseUpload}) are pure; the work is
 * `browser-image-compression` (canvas; EXIF orientation followed, every metadata dropped),
 * imported on demand: never in a page's first screen.
 */

/** Longest side sent, in pixels: twice the largest variant (1,280 px), room for a crop later. */
export const UPLOAD_MAX_SIDE = 2560;
/**
 * Largest file sent as it is, and the size a downscaled photo is brought under, in bytes (4 MiB):
 * Base64 makes it 5.3 MiB, under Netlify's 6 MB with room for the form and the request.
 */
export const UPLOAD_TARGET_BYTES = 4 * 1024 * 1024;
/**
 * The same for each photo of a review, in bytes (1.25 MiB; ADR 048, update): a review's photos
 * are posted together and may weigh `REVIEW_PHOTOS_MAX_BYTES` (4 MiB) together, so its 3 photos
 * (3.75 MiB) and the form's fields fit, under Netlify's 6 MB once Base64-encoded.
 */
export const REVIEW_UPLOAD_TARGET_BYTES = 1.25 * 1024 * 1024;
/** JPEG quality of a downscaled photo (0–1): the server re-encodes it at 75 anyway. */
export const UPLOAD_QUALITY = 0.85;

/** What to do with a chosen photo. */
export type DownscalePlan =
  | { action: 'send-as-is'; reason: 'not-decodable' | 'small-enough' }
  | { action: 'downscale'; maxSide: number; maxBytes: number };

/**
 * Whether a photo must be downscaled before it is sent.
 * @param file its size in bytes
 * @param size its upright width and height in pixels, or null when this browser cannot decode it
 *   (HEIC on Chromium, a damaged file, a decompression bomb): then it is sent as it is, so the
 *   server's rules and messages apply to it.
 * @param maxBytes the largest file sent, in bytes ({@link UPLOAD_TARGET_BYTES} by default;
 *   {@link REVIEW_UPLOAD_TARGET_BYTES} for a review's photos).
 * @returns `send-as-is` when it cannot be decoded or is at most `maxBytes` and
 *   {@link UPLOAD_MAX_SIDE} on its longest side; else `downscale` to those.
 */
export function downscalePlan(
  file: { size: number },
  size: { width: number; height: number } | null,
  maxBytes: number = UPLOAD_TARGET_BYTES,
): DownscalePlan {
  if (!size || !(size.width > 0 && size.height > 0))
    return { action: 'send-as-is', reason: 'not-decodable' };
  if (file.size <= maxBytes && Math.max(size.width, size.height) <= UPLOAD_MAX_SIDE)
    return { action: 'send-as-is', reason: 'small-enough' };
  return { action: 'downscale', maxSide: UPLOAD_MAX_SIDE, maxBytes };
}

/**
 * Which file to send once one was downscaled: the downscaled one when it came out smaller, else
 * the original (a downscale never makes the upload larger). `downscaled` is null when it failed.
 */
export function chooseUpload<T extends { size: number }>(original: T, downscaled: T | null): T {
  return downscaled && downscaled.size > 0 && downscaled.size < original.size
    ? downscaled
    : original;
}

/** The name of the downscaled file: the original's with `.jpg` (it is a JPEG now). */
export function downscaledName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '');
  return `${base || 'photo'}.jpg`;
}

/** Loads the library; called when a photo is chosen, so the upload does not wait for it. */
export function loadDownscaler() {
  return import('browser-image-compression').then((module) => module.default);
}

/** The upright size of a photo, or null when this browser cannot decode it. */
async function uprightSize(file: Blob): Promise<{ width: number; height: number } | null> {
  try {
    // `imageOrientation: 'from-image'` is the default: the size as the photo is shown.
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/**
 * The file to upload for `file`: downscaled to at most {@link UPLOAD_MAX_SIDE} px and `maxBytes`
 * ({@link UPLOAD_TARGET_BYTES} by default) as a JPEG (upright, without EXIF), or `file` itself
 * when it is small enough, when this browser cannot decode it, or when downscaling fails or does
 * not make it smaller. The library aims under `maxBytes` (smaller and at a lower quality, in up
 * to 10 steps); a photo it cannot bring under is sent at its smallest try. Never throws. Runs on
 * the page's thread (the library's worker would load its code from a CDN, which our script-src
 * refuses).
 */
export async function preparePhoto(
  file: File,
  maxBytes: number = UPLOAD_TARGET_BYTES,
): Promise<File> {
  const plan = downscalePlan(file, await uprightSize(file), maxBytes);
  if (plan.action === 'send-as-is') return file;
  try {
    const compress = await loadDownscaler();
    const blob = await compress(file, {
      maxWidthOrHeight: plan.maxSide,
      maxSizeMB: plan.maxBytes / (1024 * 1024),
      fileType: 'image/jpeg',
      initialQuality: UPLOAD_QUALITY,
      useWebWorker: false,
      preserveExif: false,
    });
    const downscaled = new File([blob], downscaledName(file.name), {
      type: 'image/jpeg',
      lastModified: file.lastModified,
    });
    return chooseUpload(file, downscaled);
  } catch {
    return file;
  }
}
