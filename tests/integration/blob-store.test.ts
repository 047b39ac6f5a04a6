import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BlobStore,
  folderBlobStore,
  netlifyBlobStore,
  StorageUnavailableError,
} from '../../functions/_lib/blobs.ts';

/**
 * Issue 26.2: the one storage interface, run against both real implementations — a folder (what
 * `npm start` uses) and Netlify Blobs through Netlify's own local server (`@netlify/blobs/server`,
 * the one netlify-cli runs for `netlify dev`), on loopback.
 */

const folders: string[] = [];
const newFolder = async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'lagos-blobs-'));
  folders.push(folder);
  return folder;
};

let server: BlobsServer;
let edgeURL = '';
const TOKEN = 'test-token';

beforeAll(async () => {
  server = new BlobsServer({ directory: await newFolder(), token: TOKEN, port: 0 });
  const { port } = await server.start();
  edgeURL = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server.stop();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const stores: [string, () => Promise<BlobStore>][] = [
  ['folder', async () => folderBlobStore(await newFolder())],
  [
    'Netlify Blobs (BlobsServer)',
    async () =>
      netlifyBlobStore(`photos-${crypto.randomUUID().slice(0, 8)}`, {
        siteID: 'site-1',
        token: TOKEN,
        edgeURL,
        uncachedEdgeURL: edgeURL,
      }),
  ],
];

const bytes = (...values: number[]) => new Uint8Array(values);

describe.each(stores)('%s store', (_name, make) => {
  it('puts, gets, lists and deletes by key, keeping the content type', async () => {
    const store = await make();
    await store.put('listings/a/1.avif', bytes(1, 2, 3), 'image/avif');
    await store.put('listings/a/2.webp', bytes(4, 5), 'image/webp');
    await store.put('listings/b/1.jpg', bytes(6), 'image/jpeg');

    expect(await store.get('listings/a/1.avif')).toEqual({
      bytes: bytes(1, 2, 3),
      contentType: 'image/avif',
    });
    expect(await store.list('listings/a/')).toEqual(['listings/a/1.avif', 'listings/a/2.webp']);
    expect(await store.list()).toHaveLength(3);

    await store.delete('listings/a/1.avif');
    expect(await store.get('listings/a/1.avif')).toBeNull();
    expect(await store.list('listings/a/')).toEqual(['listings/a/2.webp']);
  });

  it('replaces a file put twice, and deleting a missing key is not an error', async () => {
    const store = await make();
    await store.put('k/x.jpg', bytes(1), 'image/jpeg');
    await store.put('k/x.jpg', bytes(9, 9), 'image/webp');
    expect(await store.get('k/x.jpg')).toEqual({ bytes: bytes(9, 9), contentType: 'image/webp' });
    await expect(store.delete('k/never.jpg')).resolves.toBeUndefined();
    expect(await store.get('k/never.jpg')).toBeNull();
    expect(await store.list('nothing/')).toEqual([]);
  });

  it('keeps a 2 MB file byte for byte', async () => {
    const store = await make();
    const large = new Uint8Array(2 * 1024 * 1024).map((_, i) => (i * 31) % 256);
    await store.put('big/file.bin', large, 'application/octet-stream');
    const back = await store.get('big/file.bin');
    expect(back?.bytes.byteLength).toBe(large.byteLength);
    expect(Buffer.compare(Buffer.from(back!.bytes), Buffer.from(large))).toBe(0);
  });

  it('refuses keys that could escape the store', async () => {
    const store = await make();
    for (const key of ['../etc/passwd', '/abs', 'a/../b', 'A/Upper', 'a//b', ''])
      await expect(store.put(key, bytes(1), 'text/plain'), key).rejects.toThrow(/Invalid blob key/);
  });
});

describe('a storage outage', () => {
  it('Netlify Blobs unreachable → StorageUnavailableError (503 in the envelope)', async () => {
    const store = netlifyBlobStore('photos', {
      siteID: 'site-1',
      token: TOKEN,
      edgeURL: 'http://127.0.0.1:9', // discard port: nothing listens
      uncachedEdgeURL: 'http://127.0.0.1:9',
    });
    const error = await store.put('a/b.jpg', bytes(1), 'image/jpeg').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect((error as StorageUnavailableError).status).toBe(503);
    await expect(store.get('a/b.jpg')).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('Netlify Blobs with a wrong token → StorageUnavailableError', async () => {
    const store = netlifyBlobStore('photos', {
      siteID: 'site-1',
      token: 'wrong',
      edgeURL,
      uncachedEdgeURL: edgeURL,
    });
    await expect(store.put('a/b.jpg', bytes(1), 'image/jpeg')).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
  });

  it('a folder that cannot be written → StorageUnavailableError', async () => {
    const root = await newFolder();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(root, 'files'), 'not a folder');
    const store = folderBlobStore(root);
    await expect(store.put('a/b.jpg', bytes(1), 'image/jpeg')).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
  });
});
