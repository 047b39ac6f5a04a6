import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, PHOTO_WIDTHS } from '../../common/schemas/photo-rules.ts';
import { AppError } from '../_lib/errors.ts';
import { processPhoto, sniffType, variantWidths } from './photo-processing.ts';

/** Issue 26.3: the processing rules, on real files made here with sharp. */

/** A photo-like image (noise, so it does not compress to nothing). */
function noise(width: number, height: number): Sharp {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 120, g: 90, b: 60 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
}

async function refusal(bytes: Uint8Array): Promise<AppError> {
  const error = await processPhoto(bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A PNG whose header claims `width`×`height`, with a few bytes of pixel data: a decompression bomb. */
function pngBomb(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(1024))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

describe('processPhoto', () => {
  it('strips EXIF (a phone photo’s GPS position) from every variant', async () => {
    const input = await noise(1600, 1200)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1' },
      })
      .toBuffer();
    const source = await sharp(input).metadata();
    expect(source.exif?.toString('latin1')).toContain('PhoneMaker');

    const photo = await processPhoto(new Uint8Array(input));
    expect(photo.variants).toHaveLength(9);
    for (const variant of photo.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.exif, `${variant.format} ${variant.width}`).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(Buffer.from(variant.bytes).includes('PhoneMaker')).toBe(false);
    }
  });

  it('makes 320, 640 and 1280 px variants in AVIF, WebP and JPEG, named by content hash', async () => {
    const photo = await processPhoto(new Uint8Array(await noise(3000, 2000).jpeg().toBuffer()));
    expect(photo.variants.map((v) => `${v.format}@${v.width}x${v.height}`)).toEqual([
      'avif@320x213',
      'webp@320x213',
      'jpeg@320x213',
      'avif@640x427',
      'webp@640x427',
      'jpeg@640x427',
      'avif@1280x853',
      'webp@1280x853',
      'jpeg@1280x853',
    ]);
    expect([photo.width, photo.height]).toEqual([1280, 853]);
    for (const variant of photo.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format).toBe(variant.format === 'avif' ? 'heif' : variant.format);
      expect(variant.hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(new Set(photo.variants.map((v) => v.hash)).size).toBe(9);
    expect(photo.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never upscales a small photo', async () => {
    const photo = await processPhoto(new Uint8Array(await noise(500, 400).png().toBuffer()));
    expect([...new Set(photo.variants.map((v) => v.width))]).toEqual([320, 500]);
    expect(variantWidths(200)).toEqual([200]);
    expect(variantWidths(5000)).toEqual([...PHOTO_WIDTHS]);
  });

  it('turns a rotated phone photo upright (EXIF orientation 6: stored landscape, shown portrait)', async () => {
    const input = await noise(800, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const photo = await processPhoto(new Uint8Array(input));
    expect([photo.width, photo.height]).toEqual([400, 800]);
    const largest = photo.variants.filter((v) => v.width === 400);
    expect(largest).toHaveLength(3);
    for (const variant of largest) {
      const meta = await sharp(variant.bytes).metadata();
      expect([meta.width, meta.height, meta.orientation]).toEqual([400, 800, undefined]);
    }
  });

  it('accepts WebP and AVIF', async () => {
    for (const bytes of [
      await noise(700, 500).webp().toBuffer(),
      await noise(700, 500).avif({ effort: 0 }).toBuffer(),
    ]) {
      const photo = await processPhoto(new Uint8Array(bytes));
      expect([photo.width, photo.height]).toEqual([700, 500]);
    }
  });

  it('refuses a PNG bomb (huge dimensions, small bytes) from its header, before decoding', async () => {
    const bomb = pngBomb(50_000, 50_000);
    expect(bomb.byteLength).toBeLessThan(200);
    expect(sniffType(bomb)).toBe('png');
    const started = performance.now();
    const error = await refusal(bomb);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(PHOTO_MESSAGES.tooManyPixels);
    expect(error.fields).toEqual({ file: [PHOTO_MESSAGES.tooManyPixels] });
  });

  it('refuses an SVG carrying a script, whatever it is called', async () => {
    const svg = new TextEncoder().encode(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
        '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    );
    expect(sniffType(svg)).toBe('svg');
    expect((await refusal(svg)).message).toBe(PHOTO_MESSAGES.svg);
  });

  it('refuses a truncated JPEG', async () => {
    const whole = await noise(1200, 900).jpeg().toBuffer();
    const cut = new Uint8Array(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(sniffType(cut)).toBe('jpeg');
    const error = await refusal(cut);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(PHOTO_MESSAGES.damaged);
  });

  it('refuses garbage after a JPEG signature, other types and an empty file', async () => {
    const fake = new Uint8Array([0xff, 0xd8, 0xff, ...new TextEncoder().encode('not really')]);
    expect((await refusal(fake)).message).toBe(PHOTO_MESSAGES.damaged);
    const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
    expect((await refusal(pdf)).message).toBe(PHOTO_MESSAGES.wrongType);
    const gif = await noise(20, 20).gif().toBuffer();
    expect((await refusal(new Uint8Array(gif))).message).toBe(PHOTO_MESSAGES.wrongType);
    expect((await refusal(new Uint8Array())).message).toBe(PHOTO_MESSAGES.noFile);
  });

  it('reads an iPhone HEIC (HEVC) through libheif: upright variants, its EXIF and GPS gone', async () => {
    // tests/fixtures/street-exif-gps.heic: a 1600×1200 street scene with EXIF (Make "TestPhone",
    // a GPS position), made with libheif's heif-enc (x265) from a JPEG (ADR 052).
    const heic = new Uint8Array(
      readFileSync(new URL('../../tests/fixtures/street-exif-gps.heic', import.meta.url)),
    );
    expect(sniffType(heic)).toBe('heic');
    expect(Buffer.from(heic).includes('TestPhone')).toBe(true);
    const photo = await processPhoto(heic);
    expect(photo.variants).toHaveLength(9);
    expect([photo.width, photo.height]).toEqual([1280, 960]);
    for (const variant of photo.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.exif, `${variant.format} ${variant.width}`).toBeUndefined();
      expect(Buffer.from(variant.bytes).includes('TestPhone')).toBe(false);
    }
    // The pixels are the scene's: the sky at the top is blue, the road at the bottom grey.
    const jpeg = photo.variants.find((v) => v.format === 'jpeg' && v.width === 320)!;
    const { data, info } = await sharp(jpeg.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const [r, , b] = at(10, 5);
    expect(b).toBeGreaterThan(r! + 40);
    const road = at(10, info.height - 5);
    expect(Math.max(...road) - Math.min(...road)).toBeLessThan(20);
    expect(road[0]).toBeLessThan(100);
  });

  it('refuses a damaged HEIC: a bare header, a file cut off half-way', async () => {
    const ftyp = (major: string, ...compatible: string[]) => {
      const brands = [major, '\0\0\0\0', ...compatible].join('');
      const box = Buffer.alloc(8 + brands.length);
      box.writeUInt32BE(box.length);
      box.write('ftyp', 4, 'ascii');
      box.write(brands, 8, 'latin1');
      return new Uint8Array(Buffer.concat([box, Buffer.alloc(64)]));
    };
    expect(sniffType(ftyp('heic', 'mif1', 'heic'))).toBe('heic');
    expect(sniffType(ftyp('mif1', 'avif', 'mif1'))).toBe('avif');
    expect(sniffType(ftyp('isom', 'mp41'))).toBe('unknown');
    expect((await refusal(ftyp('heic', 'mif1', 'heic'))).message).toBe(PHOTO_MESSAGES.damaged);
    const heic = readFileSync(
      new URL('../../tests/fixtures/street-exif-gps.heic', import.meta.url),
    );
    const cut = new Uint8Array(heic.subarray(0, Math.floor(heic.length / 2)));
    expect((await refusal(cut)).message).toBe(PHOTO_MESSAGES.damaged);
  });

  it('refuses a file over 10 MB before looking at it (413)', async () => {
    const error = await refusal(new Uint8Array(PHOTO_MAX_BYTES + 1));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.status).toBe(413);
    expect(error.message).toBe(PHOTO_MESSAGES.tooLarge);
  });
});
