/**
 * The photo part of `npm run bench:scale` (issue 26.6, ADR 043), called from scale.ts through
 * {@link photoBench}: `--photos N` (default three a listing, so 300,000 for 100,000 listings).
 *
 * - Seed (before the server starts): eight photo-like JPEGs (tests/factories/photos.ts) through
 *   the real pipeline (processPhoto), their variants stored once in the server's blob folder
 *   under SHARED_PHOTO_LISTING, then N metadata rows pointing at them
 *   (functions/db/seeds/synthetic-photos.ts). The photos of the listings on the first two pages
 *   of /mechanic/ then get files of their own (`ownSyntheticPhotoFiles`): the variant route
 *   serves a file only to a live photo of its own listing (ADR 042), never the shared ones.
 *   Prints the insert time and the table's size.
 * - Measure (against the running server, as the admin): upload → processed of a 12 MP JPEG
 *   (4000 × 3000, photo-like, ≈ 2.8 MB) through `POST /api/admin/listings/:id/photos`, the
 *   median of three; the variant bytes per width and format (medians of those uploads); and a
 *   category page's image bytes: what its 24 cards' covers weigh on a phone (the 320 px AVIF that
 *   a 120 px thumbnail picks at 2×), on a wide screen (the 640 px AVIF) and with Save-Data (the
 *   card's lite image: the 320 px AVIF, ADR 043 §5, so the phone's figure again).
 * It reports; it asserts nothing.
 */
import { rmSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { folderBlobStore } from '../../functions/_lib/blobs.ts';
import type { Database } from '../../functions/db/database.ts';
import {
  bulkInsertSyntheticPhotos,
  ownSyntheticPhotoFiles,
  SHARED_PHOTO_LISTING,
  type PhotoTemplate,
} from '../../functions/db/seeds/synthetic-photos.ts';
import { listBusinessesPage } from '../../functions/directory/directory.service.ts';
import { DirectoryListQuerySchema } from '../../common/schemas/directory.ts';
import { processPhoto } from '../../functions/photos/photo-processing.ts';
import { photoKey } from '../../functions/photos/photos.service.ts';
import { PHOTO_EXTENSIONS, PHOTO_FORMATS, PHOTO_WIDTHS } from '../../common/schemas/photo-rules.ts';
import type { Photo } from '../../common/schemas/photos.ts';
import { photoLikeJpeg } from '../../tests/factories/photos.ts';

type Row = [label: string, value: string];

/** Distinct processed photos the synthetic rows share. */
const TEMPLATES = 8;
/** Uploads timed (the median is printed). */
const UPLOADS = 3;
/** The category page weighed, and how many of its pages get files of their own (margin: a
 * listing approved or edited by the other benches may move a card from page 2 to page 1). */
const WEIGHED_CATEGORY = 'mechanic';
const OWN_FILE_PAGES = 2;

const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export interface PhotoBench {
  /** The server's environment: its blob folder. */
  env: Record<string, string>;
  /** Stores the shared files and inserts the rows; rows of the table to print. */
  seed(db: Kysely<Database>): Promise<Row[]>;
  /** Times uploads and weighs a category page's images on the running server at `base`. */
  measure(base: string, cookie: string): Promise<Row[]>;
}

/**
 * The photo bench for `photos` rows (0: none, and nothing measured), its blob folder under
 * `root` (emptied first), logging progress with `log`.
 */
export function photoBench(options: {
  photos: number;
  root: string;
  log: (message: string) => void;
}): PhotoBench {
  const blobsDir = `${options.root}/blobs`;
  return {
    env: { BLOBS_DIR: blobsDir },

    async seed(db) {
      rmSync(blobsDir, { recursive: true, force: true });
      if (options.photos <= 0) return [];
      const blobs = folderBlobStore(blobsDir);
      const templates: PhotoTemplate[] = [];
      const files = new Map<string, { bytes: Uint8Array; contentType: string }>();
      const started = performance.now();
      for (let i = 0; i < TEMPLATES; i += 1) {
        const portrait = i % 4 === 3;
        const jpeg = await photoLikeJpeg(1000 + i, portrait ? 1200 : 1600, portrait ? 1600 : 1200);
        const processed = await processPhoto(jpeg);
        const variants = [];
        for (const variant of processed.variants) {
          const key = photoKey(
            SHARED_PHOTO_LISTING,
            `${variant.hash.slice(0, 32)}.${PHOTO_EXTENSIONS[variant.format]}`,
          );
          await blobs.put(key, variant.bytes, variant.contentType);
          files.set(key, { bytes: variant.bytes, contentType: variant.contentType });
          variants.push({
            format: variant.format,
            width: variant.width,
            height: variant.height,
            key,
            bytes: variant.bytes.byteLength,
          });
        }
        templates.push({ width: processed.width, height: processed.height, variants });
      }
      const filesMs = performance.now() - started;
      options.log(`photos: ${options.photos} rows`);
      const { insertMs, listings } = await bulkInsertSyntheticPhotos(db, templates, options.photos);
      // The weighed page's listings get files of their own: the variant route serves a file only
      // to its own listing's live photo (ADR 042), so the shared files answer 404 on a page.
      const shown: string[] = [];
      for (let page = 1; page <= OWN_FILE_PAGES; page += 1) {
        const query = DirectoryListQuerySchema.parse({ category: WEIGHED_CATEGORY, page });
        shown.push(...(await listBusinessesPage(db, query)).businesses.map((b) => b.id));
      }
      const owned = await ownSyntheticPhotoFiles(db, shown, async (from, to) => {
        const file = files.get(from);
        if (!file) throw new Error(`No shared photo file ${from}`);
        await blobs.put(to, file.bytes, file.contentType);
      });
      const size = await db
        .selectNoFrom((eb) =>
          eb.fn<string>('pg_total_relation_size', [eb.val('photos')]).as('bytes'),
        )
        .executeTakeFirstOrThrow();
      return [
        [
          `seed (${options.photos.toLocaleString('en-US')} photos, ${listings.toLocaleString('en-US')} listings)`,
          `${ms(insertMs)} rows · ${ms(filesMs)} ${TEMPLATES} shared photos processed and stored`,
        ],
        ['photos table (rows and indexes)', `${(Number(size.bytes) / 1048576).toFixed(1)} MB`],
        [
          `/${WEIGHED_CATEGORY}/ pages 1–${OWN_FILE_PAGES}: photos given files of their own`,
          `${owned.rows} photos of ${shown.length} listings · ${owned.files} files`,
        ],
      ];
    },

    async measure(base, cookie) {
      if (options.photos <= 0) return [];
      const rows: Row[] = [];
      const answer = await fetch(`${base}/api/directory?category=mechanic&limit=1`);
      const [listing] = ((await answer.json()) as { businesses: { id: string }[] }).businesses;
      // Room for the uploads: the listing keeps at most 12 photos.
      const photos: Photo[] = [];
      const times: number[] = [];
      let sourceBytes = 0;
      for (let i = 0; i < UPLOADS; i += 1) {
        const jpeg = await photoLikeJpeg(2000 + i, 4000, 3000);
        sourceBytes = jpeg.byteLength;
        const form = new FormData();
        form.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'phone.jpg');
        form.set('kind', 'work');
        form.set('caption', `Bench upload ${i + 1}`);
        const started = performance.now();
        const response = await fetch(`${base}/api/admin/listings/${listing!.id}/photos`, {
          method: 'POST',
          headers: { origin: base, cookie },
          body: form,
        });
        const body = (await response.json()) as Photo;
        times.push(performance.now() - started);
        if (response.status !== 201)
          throw new Error(`upload failed: HTTP ${response.status} ${JSON.stringify(body)}`);
        photos.push(body);
      }
      rows.push([
        `upload → processed, 12 MP JPEG (${kb(sourceBytes)}), median of ${UPLOADS}`,
        `${ms(median(times))} (${times.map((t) => ms(t)).join(' · ')})`,
      ]);
      for (const width of PHOTO_WIDTHS) {
        const cells = PHOTO_FORMATS.map((format) => {
          const sizes = photos.flatMap((p) =>
            p.variants.filter((v) => v.format === format && v.width === width).map((v) => v.bytes),
          );
          return `${format.toUpperCase()} ${sizes.length ? kb(median(sizes)) : '–'}`;
        });
        rows.push([`variant bytes, ${width} px (median)`, cells.join(' · ')]);
      }
      for (const photo of photos)
        await fetch(`${base}/api/admin/photos/${photo.id}`, {
          method: 'DELETE',
          headers: { origin: base, cookie },
        });

      // A category page's covers, as its HTML offers them.
      const html = await (await fetch(`${base}/mechanic/`)).text();
      const avif = [
        ...html.matchAll(
          /<picture class="card-cover"><source type="image\/avif" srcset="([^"]+)"/g,
        ),
      ].map((m) => m[1]!.split(', ').map((candidate) => candidate.split(' ')[0]!));
      const lite = [...html.matchAll(/<img class="card-cover-lite" src="([^"]+)"/g)].map(
        (m) => m[1]!,
      );
      // Only files served count; any other answer is reported, never summed as bytes.
      const refused = new Map<number, number>();
      const length = async (url: string | undefined) => {
        if (!url) return 0;
        const response = await fetch(base + url);
        const bytes = (await response.arrayBuffer()).byteLength;
        if (response.ok) return bytes;
        refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
        return 0;
      };
      let phone = 0;
      let wide = 0;
      let saveData = 0;
      for (const set of avif) {
        phone += await length(set[0]);
        wide += await length(set.at(-1));
      }
      for (const url of lite) saveData += await length(url);
      const notServed = [...refused].map(([status, n]) => `${n} × HTTP ${status}`).join(', ');
      rows.push([
        `/mechanic/ images, ${avif.length} covers: phone · wide · Save-Data`,
        `${kb(phone)} · ${kb(wide)} · ${kb(saveData)}${notServed ? ` (not served: ${notServed})` : ''}`,
      ]);
      return rows;
    },
  };
}
