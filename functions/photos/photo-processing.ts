import { createHash } from 'node:crypto';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import {
  PHOTO_CONTENT_TYPES,
  PHOTO_FORMATS,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_MESSAGES,
  PHOTO_WIDTHS,
  type PhotoFormat,
} from '../../common/schemas/photo-rules.ts';
import { AppError } from '../_lib/errors.ts';

/**
 * Photo processing with sharp (issue 26.3, ADR 039): the type is sniffed from the bytes (never the
 * name or Content-Type), the size and pixel count are checked before anything is decoded, the
 * photo is turned upright from its EXIF orientation, and every variant is encoded fresh, so no
 * metadata (EXIF, GPS, XMP, ICC comments) survives. iPhone HEIC (HEVC-coded HEIF), which sharp's
 * prebuilt libvips cannot read, is decoded by libheif compiled to WebAssembly (heic-decode, ADR
 * 052) into pixels that sharp then encodes like any other.
 */

/** Types as sniffed: JPEG, PNG, WebP, AVIF and HEIC are accepted, SVG and the rest refused. */
export type SniffedType = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic' | 'svg' | 'unknown';

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** ISO-BMFF brands of HEVC-coded HEIF (iPhone photos). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * The file's type from its first bytes: JPEG `FF D8 FF`, PNG's 8-byte signature, WebP `RIFF….WEBP`,
 * AVIF/HEIC an ISO-BMFF `ftyp` box (major and compatible brands), SVG text starting with `<`.
 */
export function sniffType(bytes: Uint8Array): SniffedType {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (
    bytes.length >= 8 &&
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte)
  )
    return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(
      ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0,
      bytes.length,
      256,
    );
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
    if (brands.some((brand) => HEIC_BRANDS.has(brand)) || brands.includes('mif1')) return 'heic';
    return 'unknown';
  }
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'svg';
  if (head.startsWith('<!doctype svg') || /^<(!--[\s\S]*?-->\s*)*<svg/.test(head)) return 'svg';
  return 'unknown';
}

/** One encoded variant: its bytes, size in pixels and the hex SHA-256 that names it. */
export interface PhotoVariant {
  format: PhotoFormat;
  width: number;
  height: number;
  contentType: string;
  bytes: Uint8Array;
  /** Hex SHA-256 of `bytes` (the first 32 characters name the stored file). */
  hash: string;
}

export interface ProcessedPhoto {
  /** Hex SHA-256 of the uploaded bytes (the same photo twice is refused per listing). */
  contentHash: string;
  /** Upright size of the largest variant, in pixels. */
  width: number;
  height: number;
  /** Every width × format, widths ascending, formats in PHOTO_FORMATS order. */
  variants: PhotoVariant[];
}

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, { file: [message] });

/** Encoder settings: chosen for a phone on a Lagos data plan (ADR 039 has the figures). */
const ENCODE: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 72, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 75, mozjpeg: true }),
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Widths to make for an upright image `width` pixels wide: no upscaling, the original's at most. */
export function variantWidths(width: number): number[] {
  const widths: number[] = PHOTO_WIDTHS.filter((w) => w < width);
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  widths.push(Math.min(width, largest));
  return [...new Set(widths)];
}

/**
 * Checks and processes one uploaded photo into its variants (320, 640 and 1280 px wide, or
 * narrower for a narrower original, each in AVIF, WebP and JPEG), upright and with no metadata.
 * @param bytes the upload as received.
 * @throws AppError PAYLOAD_TOO_LARGE (413) over {@link PHOTO_MAX_BYTES}; VALIDATION_FAILED (422,
 *   field `file`) for a type other than JPEG/PNG/WebP/AVIF/HEIC (SVG with its own message),
 *   over {@link PHOTO_MAX_PIXELS} (read from the header, nothing decoded), or a damaged/truncated file.
 */
export async function processPhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  if (bytes.byteLength > PHOTO_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_MESSAGES.tooLarge, {
      file: [PHOTO_MESSAGES.tooLarge],
    });
  if (bytes.byteLength === 0) throw refuse(PHOTO_MESSAGES.noFile);
  const type = sniffType(bytes);
  if (type === 'svg') throw refuse(PHOTO_MESSAGES.svg);
  if (type === 'unknown') throw refuse(PHOTO_MESSAGES.wrongType);

  // Loaded on the first upload, not at every cold start of the API (its native library is the
  // largest part of the function bundle).
  const { default: sharp } = await import('sharp');
  const options: SharpOptions = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'truncated' };
  if (type === 'heic') {
    const { data, width, height } = await decodeHeic(bytes);
    return variantsOf(sharp(data, { raw: { width, height, channels: 4 } }), bytes, sharp);
  }
  let metadata: Metadata;
  try {
    // The header only (nothing decoded), read without the pixel limit so a bomb is named as such.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw refuse(PHOTO_MESSAGES.damaged);
  }
  const expected = type === 'avif' ? 'heif' : type;
  if (metadata.format !== expected) throw refuse(PHOTO_MESSAGES.damaged);
  // HEVC in an AVIF-branded file: not what it says it is.
  if (type === 'avif' && metadata.compression !== 'av1') throw refuse(PHOTO_MESSAGES.damaged);
  if (!metadata.width || !metadata.height) throw refuse(PHOTO_MESSAGES.damaged);
  if (metadata.width * metadata.height > PHOTO_MAX_PIXELS)
    throw refuse(PHOTO_MESSAGES.tooManyPixels);

  // Upright (EXIF orientation applied) and shrunk on load (a JPEG: a 12 MP photo never sits in
  // memory at full size).
  return variantsOf(sharp(bytes, options).rotate(), bytes, sharp);
}

/**
 * Every variant of `source` (an upright image): decoded once at most as wide as the largest
 * variant, then each width and format made from those pixels. `original` names the upload
 * (`contentHash`). A failure of the decoder is a damaged file.
 */
async function variantsOf(
  source: Sharp,
  original: Uint8Array,
  sharp: (typeof import('sharp'))['default'],
): Promise<ProcessedPhoto> {
  try {
    const largestWidth = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
    const { data, info } = await source
      .resize({ width: largestWidth, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const upright = () =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const variants: PhotoVariant[] = [];
    for (const width of variantWidths(info.width)) {
      for (const format of PHOTO_FORMATS) {
        let image = upright().resize({ width, withoutEnlargement: true });
        if (format === 'jpeg') image = image.flatten({ background: '#ffffff' });
        const out = await ENCODE[format](image).toBuffer({ resolveWithObject: true });
        const encoded = new Uint8Array(out.data);
        variants.push({
          format,
          width: out.info.width,
          height: out.info.height,
          contentType: PHOTO_CONTENT_TYPES[format],
          bytes: encoded,
          hash: sha256(encoded),
        });
      }
    }
    const largest = variants[variants.length - 1]!;
    return {
      contentHash: sha256(original),
      width: largest.width,
      height: largest.height,
      variants,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(PHOTO_MESSAGES.damaged);
  }
}

/**
 * An HEVC-coded HEIF photo's primary image as RGBA pixels, upright (libheif applies the file's
 * rotation and mirroring). Its size is read from the file before any pixel is decoded, so a
 * decompression bomb is refused as one.
 * @throws AppError VALIDATION_FAILED: damaged (libheif cannot parse or decode it), or over
 *   {@link PHOTO_MAX_PIXELS}.
 */
async function decodeHeic(
  bytes: Uint8Array,
): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const { default: decode } = await import('heic-decode');
  let images: Awaited<ReturnType<typeof decode.all>>;
  try {
    images = await decode.all({ buffer: bytes });
  } catch {
    throw refuse(PHOTO_MESSAGES.damaged);
  }
  try {
    const primary = images[0];
    if (!primary?.width || !primary.height) throw refuse(PHOTO_MESSAGES.damaged);
    if (primary.width * primary.height > PHOTO_MAX_PIXELS)
      throw refuse(PHOTO_MESSAGES.tooManyPixels);
    return await primary.decode().catch(() => {
      throw refuse(PHOTO_MESSAGES.damaged);
    });
  } finally {
    images.dispose();
  }
}
