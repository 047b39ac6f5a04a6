import sharp from 'sharp';
import type { BlobStore } from '../../functions/_lib/blobs.ts';

/**
 * Photos for the photo tests (issue 26, ADR 039, 042 and 043): a store that fails on demand, phone-like
 * JPEGs that carry EXIF with GPS, multipart bodies as a browser sends them, and photo-like scenes.
 */

/**
 * `inner` with writes that fail (as an unreachable store: `ECONNREFUSED`) once `state.puts`
 * reaches `state.failAfterPuts`, and `state.onPut` run before each write.
 */
export function flakyBlobStore(inner: BlobStore) {
  const state = { failAfterPuts: Infinity, puts: 0, onPut: async () => {} };
  const store: BlobStore = {
    kind: inner.kind,
    put: async (key, bytes, type) => {
      await state.onPut();
      if (state.puts++ >= state.failAfterPuts)
        throw Object.assign(new Error('store down'), { code: 'ECONNREFUSED' });
      return inner.put(key, bytes, type);
    },
    get: (key) => inner.get(key),
    delete: (key) => inner.delete(key),
    list: (prefix) => inner.list(prefix),
  };
  return { store, state };
}

let shade = 0;
/** A JPEG of a colour of its own (no two are the same photo), with EXIF carrying GPS. */
export async function phonePhoto(width = 900, height = 600): Promise<Buffer> {
  shade += 1;
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: shade % 256, g: (shade * 7) % 256, b: (shade * 13) % 256 },
    },
  })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();
}

/** A multipart/form-data body of `fields` and files (`[name, bytes]`), with its content type. */
export async function multipartBody(
  fields: Record<string, string>,
  files: readonly [string, Uint8Array | string][] = [],
): Promise<{ body: Uint8Array<ArrayBuffer>; type: string }> {
  const form = new FormData();
  for (const [name, file] of files)
    form.append(name, new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), 'x.jpg');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: new Uint8Array(await request.arrayBuffer()),
    type: request.headers.get('content-type')!,
  };
}

/**
 * Photo-like JPEGs for tests and benches (issue 26; ADR 043): no real photo ships with the
 * project, and a flat colour compresses to nothing while full-resolution noise is the worst case
 * of every encoder (ADR 039's figures). This draws a scene instead, from `seed` (the same seed
 * gives the same bytes): a sky and ground in gradients, buildings, windows and cars as shapes in
 * varied colours, softened a little and with a fine sensor grain, like a phone photo of a street
 * workshop. Its variants weigh what a real photo's would, within a factor of about two.
 */
/** Texture drawn at 1/TEXTURE_SCALE of the size; its amplitude; the grain's, in levels. */
const TEXTURE_SCALE = 3;
const TEXTURE_STRENGTH = 0.35;
const GRAIN = 10;

export async function photoLikeJpeg(
  seed: number,
  width = 1600,
  height = 1200,
  quality = 90,
): Promise<Buffer> {
  let state = (seed * 2654435761) >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const colour = (base: number, spread: number) => {
    const c = () => Math.max(0, Math.min(255, Math.round(base + (random() - 0.5) * spread)));
    return `rgb(${c()},${c()},${c()})`;
  };
  const horizon = Math.round(height * (0.45 + random() * 0.15));
  const shapes: string[] = [];
  for (let x = 0; x < width;) {
    const w = Math.round(width * (0.08 + random() * 0.18));
    const h = Math.round(horizon * (0.3 + random() * 0.6));
    shapes.push(
      `<rect x="${x}" y="${horizon - h}" width="${w}" height="${h}" fill="${colour(150, 160)}"/>`,
    );
    for (let i = 0; i < 6; i += 1)
      shapes.push(
        `<rect x="${x + Math.round(random() * (w - 30))}" y="${horizon - h + Math.round(random() * (h - 30))}" width="${20 + Math.round(random() * 30)}" height="${20 + Math.round(random() * 30)}" fill="${colour(70, 80)}"/>`,
      );
    x += w + Math.round(random() * 20);
  }
  for (let i = 0; i < 5; i += 1) {
    const cx = Math.round(random() * width);
    const cy = horizon + Math.round((0.2 + random() * 0.6) * (height - horizon));
    const w = Math.round(width * (0.12 + random() * 0.1));
    shapes.push(
      `<rect x="${cx - w / 2}" y="${cy - w / 4}" width="${w}" height="${Math.round(w / 2.5)}" rx="${Math.round(w / 10)}" fill="${colour(128, 255)}"/>`,
      `<circle cx="${cx - w / 3}" cy="${cy + w / 7}" r="${Math.round(w / 9)}" fill="#1b1b1b"/>`,
      `<circle cx="${cx + w / 3}" cy="${cy + w / 7}" r="${Math.round(w / 9)}" fill="#1b1b1b"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colour(120, 60)}"/><stop offset="1" stop-color="${colour(220, 40)}"/></linearGradient>
<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour(110, 60)}"/><stop offset="1" stop-color="${colour(80, 60)}"/></linearGradient></defs>
<rect width="${width}" height="${horizon}" fill="url(#s)"/><rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#g)"/>
${shapes.join('\n')}</svg>`;
  const scene = await sharp(Buffer.from(svg))
    .removeAlpha()
    .blur(1.2)
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Surface texture (walls, tarmac, leaves: noise drawn at a quarter of the size and enlarged),
  // then a fine grain, as a phone's sensor leaves it.
  const { width: w, height: h, channels } = scene.info;
  const tw = Math.ceil(w / TEXTURE_SCALE);
  const th = Math.ceil(h / TEXTURE_SCALE);
  const coarse = Buffer.alloc(tw * th);
  for (let i = 0; i < coarse.length; i += 1) coarse[i] = Math.round(random() * 255);
  const texture = await sharp(coarse, { raw: { width: tw, height: th, channels: 1 } })
    .resize(w, h, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const pixels = scene.data;
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      const t = (texture[y * w + x]! - 128) * TEXTURE_STRENGTH;
      for (let c = 0; c < channels; c += 1) {
        const i = (y * w + x) * channels + c;
        pixels[i] = Math.max(
          0,
          Math.min(255, Math.round(pixels[i]! + t + (random() - 0.5) * GRAIN)),
        );
      }
    }
  return sharp(pixels, { raw: scene.info }).jpeg({ quality }).toBuffer();
}
