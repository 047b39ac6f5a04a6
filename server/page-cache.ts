import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * The local server's stand-in for Netlify's CDN (ADR 011; the public API reads too, ADR 033):
 * keeps rendered public pages and API answers in memory, compressed once, tagged with the `Netlify-Cache-Tag` their page set, until a write
 * purges one of the tags or their `s-maxage` passes. Bounded by bytes (least recently used
 * first out), so memory does not grow with the directory: 100,000 business pages are rendered
 * when asked for and dropped when cold.
 */
export interface CachedPage {
  status: number;
  /** Response headers to send, without the CDN-only ones. */
  headers: [string, string][];
  body: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  /** `br` is at {@link BROTLI_BEST} (or was tried at it and kept, being no larger). */
  best?: boolean;
  etag: string;
  tags: readonly string[];
  /** The query parameters the page varies on (its `Netlify-Vary: query=…`; none when unsaid). */
  varyQuery: readonly string[];
  /** Epoch ms after which the entry is stale. */
  expires: number;
}

/** Headers only the CDN reads; never sent to browsers (Netlify strips them too). */
export const CDN_HEADERS = ['netlify-cdn-cache-control', 'netlify-cache-tag', 'netlify-vary'];

/** Bodies smaller than this are sent as they are (compression would not pay for itself). */
const MIN_COMPRESS_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|javascript)|image\/svg)/;

/**
 * How a response may be cached, read from the headers an on-demand page sets
 * (`src/render/cache.ts`): undefined when it must not be (no CDN directive, no `s-maxage`,
 * `no-store`, cookies, or a status other than 200).
 */
export function cachePolicyOf(
  response: Response,
): { tags: string[]; maxAgeS: number; varyQuery: string[] | undefined } | undefined {
  if (response.status !== 200 || response.headers.has('set-cookie')) return undefined;
  const directive = response.headers.get('netlify-cdn-cache-control') ?? '';
  const maxAge = /(?:^|,)\s*s-maxage=(\d+)/.exec(directive);
  if (!maxAge || /no-store|private/.test(directive)) return undefined;
  const tags = (response.headers.get('netlify-cache-tag') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const vary = /query=([^,]*)/.exec(response.headers.get('netlify-vary') ?? '');
  return {
    tags,
    maxAgeS: Number(maxAge[1]),
    varyQuery: vary ? vary[1]!.split('|').filter(Boolean) : undefined,
  };
}

/**
 * Longest value of a varying query parameter that is part of a key: area slugs are ≤ 20
 * characters, the API's search words ≤ 200 and its cursors ≤ 300 (ADR 033).
 */
export const MAX_KEY_VALUE_LENGTH = 320;

/**
 * The cache key of a request: the path plus the query parameters the page varies on, normalised
 * (the first value of each, as `URLSearchParams.get` reads it; sorted by name; re-encoded), like
 * Netlify's cache key with `Netlify-Vary: query=…`; every other parameter (utm_*, fbclid, random
 * ones) is left out. Undefined when a varying value is longer than
 * {@link MAX_KEY_VALUE_LENGTH}: no page or API read answers such a value with something to keep
 * (an unknown area is a 404, an over-long search 422), so it is rendered and never stored.
 */
export function cacheKeyOf(url: URL, varyQuery: readonly string[]): string | undefined {
  const params: [string, string][] = [];
  for (const name of [...new Set(varyQuery)].sort()) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    if (value.length > MAX_KEY_VALUE_LENGTH) return undefined;
    params.push([name, value]);
  }
  return params.length ? `${url.pathname}?${new URLSearchParams(params)}` : url.pathname;
}

/**
 * Brotli quality of a fresh entry: fast (~2 ms for a 120 KB category page), so a cache miss is
 * answered at once. {@link PageCache} recompresses an entry at {@link BROTLI_BEST} in the
 * background once it is served a second time (ADR 027, amended by 050).
 */
const BROTLI_FAST = 6;
/**
 * Brotli's best quality: ~9 % smaller pages than quality 6 (a 120 KB category page: 14.9 KB
 * against 16.4 KB), for ~200 ms of one libuv thread per entry, paid once per entry served twice
 * (most search answers never are: recompressing each of them took a core from the searches).
 */
export const BROTLI_BEST = 11;

/** Builds a cache entry from a rendered page: body read once, brotli and gzip made once. */
export async function toCachedPage(
  response: Response,
  policy: { tags: string[]; maxAgeS: number; varyQuery?: readonly string[] | undefined },
  now = Date.now(),
): Promise<CachedPage> {
  const body = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  const compress = body.length >= MIN_COMPRESS_BYTES && COMPRESSIBLE.test(type);
  const [br, gzip] = compress
    ? await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_FAST } }),
        gz(body, { level: 6 }),
      ])
    : [undefined, undefined];
  const headers = [...response.headers].filter(
    ([name]) => !CDN_HEADERS.includes(name) && name !== 'content-length',
  );
  return {
    status: response.status,
    headers,
    body,
    br,
    gzip,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    tags: policy.tags,
    varyQuery: policy.varyQuery ?? [],
    expires: now + policy.maxAgeS * 1000,
  };
}

/**
 * Entries waiting for their best-quality brotli, at most: past it the oldest waiting entry keeps
 * its fast brotli (a burst of cache fills, e.g. a crawler after a purge, costs bounded work).
 */
const MAX_RECOMPRESS_QUEUE = 256;

/** Purge marks kept for renders in flight (a render spans far fewer purges than this). */
const MAX_PURGE_MARKS = 10_000;

const pathOf = (key: string) => key.split('?', 1)[0]!;

const sizeOf = (page: CachedPage) =>
  page.body.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0) + 512;

export interface PageCacheStats {
  entries: number;
  /** Paths with entries (each remembers the parameters its page varies on). */
  paths: number;
  bytes: number;
  hits: number;
  misses: number;
  purged: number;
}

export class PageCache {
  readonly #maxBytes: number;
  /** Insertion order is recency order: a hit moves its entry to the end. */
  readonly #entries = new Map<string, CachedPage>();
  readonly #byTag = new Map<string, Set<string>>();
  /**
   * Per path with entries: the query parameters its page varies on (learned from the page) and
   * its keys. Forgotten with the path's last entry, so bounded by the entries.
   */
  readonly #paths = new Map<string, { varyQuery: readonly string[]; keys: Set<string> }>();
  readonly #defaultVary: readonly string[];
  /** Purge sequence: a render that started before a purge of one of its tags is not stored. */
  #sequence = 0;
  readonly #purgedAt = new Map<string, number>();
  #bytes = 0;
  #hits = 0;
  #misses = 0;
  #purged = 0;
  /** Keys of stored entries still carrying their fast brotli, oldest first (ADR 027). */
  readonly #recompressQueue = new Set<string>();
  #recompressing: Promise<void> | undefined;

  /**
   * @param maxBytes memory budget for bodies (raw + compressed).
   * @param defaultVary the parameters a path is keyed on before one of its pages is stored:
   *   every parameter any page varies on (`PAGE_QUERY_PARAMETERS`), so concurrent first
   *   requests that differ only in other parameters render once.
   */
  constructor(maxBytes: number, defaultVary: readonly string[] = []) {
    this.#maxBytes = maxBytes;
    this.#defaultVary = defaultVary;
  }

  /**
   * The key a request is looked up (and rendered once) under: {@link cacheKeyOf} with the
   * parameters the path's cached page varies on, else the default ones. Undefined: not cacheable
   * (an over-long value).
   */
  keyOf(url: URL): string | undefined {
    return cacheKeyOf(url, this.#paths.get(url.pathname)?.varyQuery ?? this.#defaultVary);
  }

  /** The current purge sequence; pass it to {@link set} from before the render started. */
  sequence(): number {
    return this.#sequence;
  }

  /**
   * A fresh entry for `key`, or undefined. An expired entry stays (until it is replaced, purged
   * or evicted) for {@link getStale}.
   */
  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.#entries.get(key);
    if (!page || page.expires <= now) {
      this.#misses += 1;
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, page);
    this.#hits += 1;
    // Served again: worth its best brotli (ADR 050 amends 027: a one-off answer, as most
    // searches are, is never recompressed).
    if (page.br && !page.best) this.#queueRecompression(key);
    return page;
  }

  /**
   * The entry for `key` even when expired: what the server answers while the database cannot be
   * reached (issue 23.2). Purged entries are gone: a purge means the page showed something that
   * changed (a listing hidden, contacts made private), which must not come back in an outage.
   */
  getStale(key: string): CachedPage | undefined {
    return this.#entries.get(key);
  }

  /**
   * Stores `page` unless one of its tags was purged after `renderedFrom` (the sequence read
   * before rendering): then the page may show data older than the purge and is dropped.
   * @returns whether it was stored.
   */
  set(key: string, page: CachedPage, renderedFrom: number): boolean {
    if (page.tags.some((tag) => (this.#purgedAt.get(tag) ?? -1) > renderedFrom)) return false;
    const size = sizeOf(page);
    if (size > this.#maxBytes / 2) return false;
    this.#delete(key);
    this.#entries.set(key, page);
    this.#bytes += size;
    const path = pathOf(key);
    const known = this.#paths.get(path);
    if (known) known.varyQuery = page.varyQuery;
    else this.#paths.set(path, { varyQuery: page.varyQuery, keys: new Set() });
    this.#paths.get(path)!.keys.add(key);
    for (const tag of page.tags) {
      let keys = this.#byTag.get(tag);
      if (!keys) this.#byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#delete(oldest);
    }
    return true;
  }

  /**
   * Resolves once every entry queued so far carries its best brotli (tests; the server never
   * waits for it).
   */
  async recompressed(): Promise<void> {
    while (this.#recompressing) await this.#recompressing;
  }

  /**
   * Replaces the entry's fast brotli with {@link BROTLI_BEST}, one entry at a time on zlib's
   * thread pool (the event loop never waits; sign-ins' scrypt keeps the other threads). An entry
   * replaced, purged or evicted meanwhile is left alone.
   */
  #queueRecompression(key: string): void {
    this.#recompressQueue.delete(key);
    this.#recompressQueue.add(key);
    if (this.#recompressQueue.size > MAX_RECOMPRESS_QUEUE) {
      this.#recompressQueue.delete(this.#recompressQueue.keys().next().value!);
    }
    this.#recompressing ??= this.#drainRecompression().finally(() => {
      this.#recompressing = undefined;
    });
  }

  async #drainRecompression(): Promise<void> {
    for (const key of this.#recompressQueue) {
      this.#recompressQueue.delete(key);
      const page = this.#entries.get(key);
      if (!page?.br) continue;
      const best = await brotli(page.body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_BEST,
          [constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
        },
      }).catch(() => undefined);
      if (this.#entries.get(key) !== page) continue;
      page.best = true;
      if (!best || best.length >= page.br.length) continue;
      this.#bytes -= page.br.length - best.length;
      page.br = best;
    }
  }

  /** Drops every entry carrying one of `tags`. @returns how many entries were dropped. */
  purge(tags: readonly string[]): number {
    this.#sequence += 1;
    let dropped = 0;
    for (const tag of tags) {
      this.#purgedAt.set(tag, this.#sequence);
      for (const key of this.#byTag.get(tag) ?? []) {
        if (this.#delete(key)) dropped += 1;
      }
      this.#byTag.delete(tag);
    }
    this.#purged += dropped;
    if (this.#purgedAt.size > MAX_PURGE_MARKS) {
      // Only renders in flight need the marks: forget purges long before any of them started.
      for (const [tag, at] of this.#purgedAt) {
        if (at < this.#sequence - MAX_PURGE_MARKS / 2) this.#purgedAt.delete(tag);
      }
    }
    return dropped;
  }

  /** Drops everything (a new build of the site). */
  clear(): void {
    this.purge([...this.#byTag.keys()]);
    this.#entries.clear();
    this.#paths.clear();
    this.#bytes = 0;
  }

  stats(): PageCacheStats {
    return {
      entries: this.#entries.size,
      paths: this.#paths.size,
      bytes: this.#bytes,
      hits: this.#hits,
      misses: this.#misses,
      purged: this.#purged,
    };
  }

  #delete(key: string): boolean {
    const page = this.#entries.get(key);
    if (!page) return false;
    this.#entries.delete(key);
    this.#bytes -= sizeOf(page);
    const path = this.#paths.get(pathOf(key));
    path?.keys.delete(key);
    if (path?.keys.size === 0) this.#paths.delete(pathOf(key));
    for (const tag of page.tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
    return true;
  }
}
