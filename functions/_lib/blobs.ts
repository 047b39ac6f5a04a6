import { randomUUID } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getStore, type Store } from '@netlify/blobs';
import { env, inNetlifyFunction } from './env.ts';
import { AppError } from './errors.ts';

/**
 * File storage (issue 26.2, ADR 039): one small interface, two real implementations — Netlify
 * Blobs on Netlify ({@link netlifyBlobStore}) and a folder under `.data/` for `npm start`
 * ({@link folderBlobStore}). The database holds only the keys (photos.repository.ts).
 */

/** A stored file: its bytes and the MIME type it was put with. */
export interface StoredBlob {
  bytes: Uint8Array;
  contentType: string;
}

export interface BlobStore {
  /** `local` (a folder) or `netlify` (Netlify Blobs), for logs and the README. */
  readonly kind: 'local' | 'netlify';
  /**
   * Stores `bytes` under `key` with its MIME type, replacing what was there.
   * @throws StorageUnavailableError when the store cannot be written.
   */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none. @throws StorageUnavailableError */
  get(key: string): Promise<StoredBlob | null>;
  /** Removes `key`; a missing key is not an error. @throws StorageUnavailableError */
  delete(key: string): Promise<void>;
  /** Every key starting with `prefix` (all keys without one), sorted. @throws StorageUnavailableError */
  list(prefix?: string): Promise<string[]>;
}

/** What a visitor reads when the file store cannot be reached (SPEC tone). */
export const STORAGE_UNAVAILABLE_MESSAGE =
  'Photos can’t be saved or shown right now. Please try again in a few minutes.';

/** The store failed (down, unreachable, disk full): 503 in the error envelope, cause logged. */
export class StorageUnavailableError extends AppError {
  constructor(override readonly cause: unknown) {
    super('SERVICE_UNAVAILABLE', STORAGE_UNAVAILABLE_MESSAGE, undefined, { 'retry-after': '30' });
  }
}

/**
 * Keys are `a-z0-9` segments with `-`, `_` and `.` joined by `/` (at most 200 characters): safe
 * as file paths (no `..`, no leading `/`) and as Netlify Blobs keys.
 */
const KEY_PATTERN = /^(?!.*\.\.)[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

/** @throws Error for a key outside {@link KEY_PATTERN}: a programming error, not input. */
export function assertBlobKey(key: string): void {
  if (key.length > 200 || !KEY_PATTERN.test(key)) throw new Error(`Invalid blob key: ${key}`);
}

async function guarded<T>(work: () => Promise<T>, key?: string): Promise<T> {
  if (key !== undefined) assertBlobKey(key);
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new StorageUnavailableError(error);
  }
}

/**
 * A folder store: each file at `<root>/files/<key>`, its type at `<root>/types/<key>`. A put
 * writes a temporary file and renames it into place, so a reader never sees half a file.
 * One process owns `.data/` locally (as PGlite), so no locking beyond that.
 */
export function folderBlobStore(root: string): BlobStore {
  const files = path.resolve(root, 'files');
  const types = path.resolve(root, 'types');
  const at = (base: string, key: string) => path.join(base, ...key.split('/'));
  const atomicWrite = async (file: string, data: Uint8Array | string) => {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, file);
  };
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    kind: 'local',
    put: (key, bytes, contentType) =>
      guarded(async () => {
        await atomicWrite(at(types, key), contentType);
        await atomicWrite(at(files, key), bytes);
      }, key),
    get: (key) =>
      guarded(async () => {
        try {
          const [bytes, contentType] = await Promise.all([
            readFile(at(files, key)),
            readFile(at(types, key), 'utf8'),
          ]);
          return { bytes: new Uint8Array(bytes), contentType };
        } catch (error) {
          if (missing(error)) return null;
          throw error;
        }
      }, key),
    delete: (key) =>
      guarded(async () => {
        await rm(at(files, key), { force: true });
        await rm(at(types, key), { force: true });
      }, key),
    list: (prefix = '') =>
      guarded(async () => {
        let entries: Dirent[];
        try {
          entries = await readdir(files, { recursive: true, withFileTypes: true });
        } catch (error) {
          if (missing(error)) return [];
          throw error;
        }
        return entries
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(files, path.join(entry.parentPath, entry.name)))
          .map((relative) => relative.split(path.sep).join('/'))
          .filter((key) => KEY_PATTERN.test(key) && key.startsWith(prefix))
          .sort();
      }),
  };
}

/** Options for a Netlify Blobs store outside Netlify's runtime (tests: Netlify's BlobsServer). */
export interface NetlifyBlobOptions {
  siteID: string;
  token: string;
  /** The edge endpoint, e.g. `http://127.0.0.1:PORT` of `@netlify/blobs/server`'s BlobsServer. */
  edgeURL: string;
  /** The uncached edge endpoint strong consistency reads from (the same server in tests). */
  uncachedEdgeURL: string;
}

/**
 * A Netlify Blobs store named `name` (site-wide, strong consistency so a photo added is served at
 * once). Inside a Netlify function the site, token and endpoint come from the runtime; elsewhere
 * pass them. The type is kept in the blob's metadata (`contentType`).
 */
export function netlifyBlobStore(name = 'photos', options?: NetlifyBlobOptions): BlobStore {
  let store: Store | undefined;
  const open = () =>
    (store ??= options
      ? getStore({ name, consistency: 'strong', ...options })
      : getStore({ name, consistency: 'strong' }));
  return {
    kind: 'netlify',
    put: (key, bytes, contentType) =>
      guarded(async () => {
        const copy = bytes.slice().buffer;
        await open().set(key, copy, { metadata: { contentType } });
      }, key),
    get: (key) =>
      guarded(async () => {
        const found = await open().getWithMetadata(key, { type: 'arrayBuffer' });
        // The typings say non-null for arrayBuffer; a missing key still answers null.
        if (!(found as typeof found | null)) return null;
        const contentType = found.metadata.contentType;
        return {
          bytes: new Uint8Array(found.data),
          contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream',
        };
      }, key),
    delete: (key) => guarded(() => open().delete(key), key),
    list: (prefix = '') =>
      guarded(async () => {
        const keys: string[] = [];
        for await (const page of open().list({ prefix, paginate: true }))
          for (const blob of page.blobs) keys.push(blob.key);
        return keys.sort();
      }),
  };
}

/**
 * The store of this environment: Netlify Blobs inside a Netlify function (deployed or
 * `netlify serve`), else the folder `BLOBS_DIR` (`.data/blobs`).
 */
export function blobStoreFromEnv(): BlobStore {
  return inNetlifyFunction() ? netlifyBlobStore() : folderBlobStore(env('BLOBS_DIR'));
}
