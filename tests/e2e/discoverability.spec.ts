import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import { BASE_URL } from '../../playwright.config';
import { sampleBusinesses, type SampleBusiness, waitForPageScripts } from './helpers';

/**
 * Issue 7 (discoverability): business pages, JSON-LD, sitemap.xml, robots.txt, RSS, canonical /
 * Open Graph / Twitter metadata, brand PNGs and the promo pages. The e2e server runs with
 * SITE_URL = BASE_URL, so every absolute URL must start with that origin.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ORIGIN = new URL(BASE_URL).origin;

const AUTOMOTIVE_TYPES = [
  'AutomotiveBusiness',
  'AutoRepair',
  'AutoPartsStore',
  'AutoDealer',
  'AutoBodyShop',
  'AutoWash',
  'AutoRental',
];

// ---------------------------------------------------------------------------------------------
// Small parsing helpers (static HTML / XML as served)
// ---------------------------------------------------------------------------------------------

function decodeHtml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Attributes of every `<tag …>` in `html`, values entity-decoded. */
function tags(html: string, tag: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const match of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))) {
    const attrs: Record<string, string> = {};
    for (const a of match[1]!.matchAll(
      /([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
    )) {
      attrs[a[1]!.toLowerCase()] = decodeHtml(a[2] ?? a[3] ?? a[4] ?? '');
    }
    out.push(attrs);
  }
  return out;
}

interface Head {
  titles: string[];
  description: string | undefined;
  canonical: string[];
  meta: (key: string) => string | undefined;
  jsonLd: Record<string, unknown>[];
}

function parseHead(html: string): Head {
  const head = html.split(/<\/head>/i)[0] ?? '';
  const metas = tags(head, 'meta');
  const meta = (key: string) => metas.find((m) => m.name === key || m.property === key)?.content;
  const jsonLd = [
    ...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/gi),
  ].map((m) => {
    try {
      return JSON.parse(m[1]!) as Record<string, unknown>;
    } catch (error) {
      throw new Error(
        `JSON-LD does not parse: ${(error as Error).message}\n${m[1]!.slice(0, 300)}`,
        { cause: error },
      );
    }
  });
  return {
    titles: [...head.matchAll(/<title[^>]*>([\s\S]*?)<\/title>/gi)].map((m) =>
      decodeHtml(m[1]!.trim()),
    ),
    description: meta('description'),
    canonical: tags(head, 'link')
      .filter((l) => l.rel === 'canonical')
      .map((l) => l.href!),
    meta,
    jsonLd,
  };
}

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decodeHtml(m[1]!.trim()));
}

/** Width and height from the IHDR chunk of a PNG (bytes 16-23), after checking the signature. */
function pngSize(body: Buffer, what: string): { width: number; height: number } {
  expect(
    body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    `${what} has the PNG signature`,
  ).toBe(true);
  expect(body.subarray(12, 16).toString('latin1'), `${what} starts with IHDR`).toBe('IHDR');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

async function fetchPng(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), `${path} status`).toBe(200);
  expect(response.headers()['content-type'] ?? '', `${path} content-type`).toContain('image/png');
  return pngSize(await response.body(), path);
}

/** Checks XML well-formedness with the browser's own parser. */
async function expectWellFormedXml(page: Page, xml: string, what: string) {
  const error = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    return doc.querySelector('parsererror')?.textContent ?? null;
  }, xml);
  expect(error, `${what} is well-formed XML`).toBeNull();
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

interface ArticleFront {
  slug: string;
  published: boolean;
  meta_title: string;
  meta_description: string;
}

/** meta_title / meta_description from content/articles/*.md front matter. */
function articleFrontMatter(): ArticleFront[] {
  const dir = join(ROOT, 'content', 'articles');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => {
      const front = readFileSync(join(dir, f), 'utf8').split(/^---\s*$/m)[1] ?? '';
      const field = (name: string) => {
        const raw = front.match(new RegExp(`^${name}:\\s*(.*)$`, 'm'))?.[1]?.trim() ?? '';
        return raw.startsWith('"') ? (JSON.parse(raw) as string) : raw.replace(/^'(.*)'$/, '$1');
      };
      return {
        slug: field('slug'),
        published: field('published') !== 'false',
        meta_title: field('meta_title'),
        meta_description: field('meta_description'),
      };
    });
}

/** Every approved listing, through the paged API (ADR 011: at most 100 per call). */
async function apiBusinesses(request: APIRequestContext) {
  const all: { slug: string | null; business_name: string; id: string }[] = [];
  let cursor: string | null = null;
  do {
    const response = await request.get(
      `/api/directory?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(response.status()).toBe(200);
    const page = (await response.json()) as {
      businesses: { slug: string | null; business_name: string; id: string }[];
      nextCursor: string | null;
    };
    all.push(...page.businesses);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/** Every published article, page by page (GET /api/articles is paged, limit ≤ 100). */
async function apiArticles(request: APIRequestContext) {
  const all: { slug: string; title: string; created_at: string }[] = [];
  for (let page = 1; ; page += 1) {
    const response = await request.get(`/api/articles?limit=100&page=${page}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as {
      articles: { slug: string; title: string; created_at: string }[];
      total: number;
    };
    all.push(...body.articles);
    if (all.length >= body.total || body.articles.length === 0) return all;
  }
}

/** The sitemap files the index /sitemap.xml lists (absolute URLs). */
async function sitemapFiles(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  return locs(await response.text());
}

/** Every page URL of the sitemap: the index's files, each a <urlset>. */
async function sitemapUrls(request: APIRequestContext): Promise<string[]> {
  const urls: string[] = [];
  for (const file of await sitemapFiles(request)) {
    const response = await request.get(new URL(file).pathname);
    expect(response.status(), file).toBe(200);
    urls.push(...locs(await response.text()));
  }
  return urls;
}

const samples = sampleBusinesses();
const byName = (name: string): SampleBusiness => {
  const found = samples.find((b) => b.business_name === name);
  if (!found)
    throw new Error(`sample business ${name} missing from content/sample-businesses.json`);
  return found;
};

// ---------------------------------------------------------------------------------------------
// sitemap.xml, robots.txt, rss.xml
// ---------------------------------------------------------------------------------------------

test.describe('sitemap, robots and RSS', () => {
  test('sitemap.xml indexes files that list every approved business and published article and nothing private', async ({
    request,
    page,
  }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    const index = await response.text();
    await expectWellFormedXml(page, index, 'sitemap.xml');
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const file of locs(index)) {
      expect(file.startsWith(`${ORIGIN}/`), `${file} starts with SITE_URL`).toBe(true);
      const xml = await (await request.get(new URL(file).pathname)).text();
      await expectWellFormedXml(page, xml, file);
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      // Sitemap protocol: at most 50,000 URLs and 50 MB per file.
      expect(locs(xml).length, file).toBeLessThanOrEqual(50_000);
    }

    const urls = await sitemapUrls(request);
    expect(urls.length).toBeGreaterThan(0);
    expect(new Set(urls).size, 'no duplicate <loc>').toBe(urls.length);
    for (const url of urls) {
      expect(url.startsWith(`${ORIGIN}/`), `${url} starts with SITE_URL ${ORIGIN}`).toBe(true);
      const path = new URL(url).pathname;
      expect(path, `${url} is not private`).not.toMatch(
        /^\/(admin|auth|api|user-auth|bulk-registration)(\/|$)/,
      );
    }

    // Earlier specs change listings: the sitemap files are purged with each change (ADR 011).
    await expect(async () => {
      const urls = await sitemapUrls(request);
      const businesses = await apiBusinesses(request);
      expect(businesses.length).toBeGreaterThanOrEqual(samples.length);
      const businessLocs = urls.filter((u) => new URL(u).pathname.startsWith('/business/')).sort();
      const expectedBusinesses = businesses
        .map((b) => `${ORIGIN}/business/${b.slug ?? b.id}/`)
        .sort();
      expect(businessLocs, 'business entries = approved businesses of /api/directory').toEqual(
        expectedBusinesses,
      );

      const articles = await apiArticles(request);
      const articleLocs = urls
        .filter((u) => /^\/articles\/[^/]+\/$/.test(new URL(u).pathname))
        .sort();
      expect(articleLocs, 'article entries = published articles of /api/articles').toEqual(
        articles.map((a) => `${ORIGIN}/articles/${a.slug}/`).sort(),
      );
      for (const draft of articleFrontMatter().filter((a) => !a.published)) {
        expect(urls, `draft ${draft.slug} not in sitemap`).not.toContain(
          `${ORIGIN}/articles/${draft.slug}/`,
        );
      }
      expect(urls).toContain(`${ORIGIN}/`);
    }).toPass({ timeout: 60_000 });
  });

  test('robots.txt points at the absolute sitemap URL', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text.split('\n').map((l) => l.trim())).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(text).toMatch(/^Disallow: \/admin/m);
    expect(text).toMatch(/^Disallow: \/api\//m);
  });

  test('rss.xml is valid RSS 2.0 with one item per published article', async ({
    request,
    page,
  }) => {
    const response = await request.get('/rss.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    const xml = await response.text();
    await expectWellFormedXml(page, xml, 'rss.xml');
    const feed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const channel = doc.querySelector('rss > channel');
      return {
        version: doc.documentElement.getAttribute('version'),
        root: doc.documentElement.nodeName,
        title: channel?.querySelector(':scope > title')?.textContent ?? null,
        link: channel?.querySelector(':scope > link')?.textContent ?? null,
        description: channel?.querySelector(':scope > description')?.textContent ?? null,
        items: [...(channel?.querySelectorAll(':scope > item') ?? [])].map((item) => ({
          title: item.querySelector('title')?.textContent ?? '',
          link: item.querySelector('link')?.textContent ?? '',
          pubDate: item.querySelector('pubDate')?.textContent ?? '',
        })),
      };
    }, xml);
    expect(feed.root).toBe('rss');
    expect(feed.version).toBe('2.0');
    expect(feed.title).toBeTruthy();
    expect(feed.description).toBeTruthy();
    expect(feed.link?.startsWith(ORIGIN)).toBe(true);

    const articles = await apiArticles(request);
    expect(articleFrontMatter().filter((a) => a.published)).toHaveLength(11);
    expect(articles).toHaveLength(11);
    expect(feed.items).toHaveLength(11);
    expect(feed.items.map((i) => i.link).sort()).toEqual(
      articles.map((a) => `${ORIGIN}/articles/${a.slug}/`).sort(),
    );
    for (const item of feed.items) {
      expect(item.title).toBeTruthy();
      expect(Number.isNaN(Date.parse(item.pubDate)), `pubDate "${item.pubDate}" parses`).toBe(
        false,
      );
    }

    // Issue 13.3, read with a real XML parser: channel language, lastBuildDate and
    // atom:link rel=self; per item a permalink guid, pubDate and the author as dc:creator.
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      xml,
    ) as { rss: Record<string, unknown> & { channel: Record<string, unknown> } };
    expect(parsed.rss['xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
    const channel = parsed.rss.channel;
    expect(channel.language).toBe('en-ng');
    const built = Date.parse(String(channel.lastBuildDate));
    expect(Number.isNaN(built), `lastBuildDate "${String(channel.lastBuildDate)}"`).toBe(false);
    expect(new Date(built).toUTCString()).toBe(channel.lastBuildDate);
    const newest = Math.max(...articles.map((a) => Date.parse(a.created_at)));
    expect(built).toBeGreaterThanOrEqual(newest - 1000);
    expect(channel['atom:link']).toEqual({
      href: `${ORIGIN}/rss.xml`,
      rel: 'self',
      type: 'application/rss+xml',
    });
    const items = channel.item as {
      link: string;
      guid: { '#text': string; isPermaLink: string };
      pubDate: string;
      'dc:creator'?: string;
    }[];
    expect(items).toHaveLength(11);
    for (const item of items) {
      expect(item.guid, item.link).toEqual({ '#text': item.link, isPermaLink: 'true' });
      expect(new Date(Date.parse(item.pubDate)).toUTCString(), item.link).toBe(item.pubDate);
      expect(item['dc:creator'], `${item.link}: dc:creator`).toBeTruthy();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Metadata of every page in the sitemap
// ---------------------------------------------------------------------------------------------

test.describe('page metadata', () => {
  test('every sitemap URL: 200, one title, description, canonical, Open Graph, Twitter, valid JSON-LD', async ({
    request,
  }) => {
    test.setTimeout(180_000);
    const urls = await sitemapUrls(request);
    const fronts = new Map(articleFrontMatter().map((a) => [a.slug, a]));
    let businessPages = 0;
    let articlePages = 0;

    for (const url of urls) {
      // Area pages (issue 16.4) are a category page with `?area=`: part of the URL.
      const path = new URL(url).pathname + new URL(url).search;
      const response = await request.get(path);
      expect(response.status(), `${path} status`).toBe(200);
      const html = await response.text();
      const head = parseHead(html);

      expect(head.titles, `${path}: exactly one <title>`).toHaveLength(1);
      expect(head.titles[0]!.length, `${path}: title not empty`).toBeGreaterThan(0);
      expect(head.description?.trim(), `${path}: meta description`).toBeTruthy();
      expect(head.canonical, `${path}: one canonical link equal to the URL`).toEqual([url]);
      expect(head.meta('og:title'), `${path}: og:title`).toBeTruthy();
      expect(head.meta('og:url'), `${path}: og:url`).toBe(url);
      const ogImage = head.meta('og:image');
      expect(ogImage?.startsWith(`${ORIGIN}/`), `${path}: absolute og:image (${ogImage})`).toBe(
        true,
      );
      expect(head.meta('twitter:card'), `${path}: twitter:card`).toBeTruthy();
      // Issue 13.3: the card image is described for people who cannot see it.
      expect(head.meta('og:image:alt')?.trim(), `${path}: og:image:alt`).toBeTruthy();
      expect(head.meta('twitter:image:alt'), `${path}: twitter:image:alt`).toBe(
        head.meta('og:image:alt'),
      );
      expect(head.meta('robots') ?? '', `${path}: indexable`).not.toContain('noindex');

      const types = head.jsonLd.map((d) => d['@type']);
      if (path.startsWith('/business/')) {
        businessPages += 1;
        const business = head.jsonLd.find((d) => AUTOMOTIVE_TYPES.includes(d['@type'] as string));
        expect(
          business,
          `${path}: AutomotiveBusiness JSON-LD (got ${JSON.stringify(types)})`,
        ).toBeTruthy();
        expect(business!['@context']).toBe('https://schema.org');
        expect(business!.name, `${path}: name`).toBeTruthy();
        expect(business!.url, `${path}: url`).toBe(url);
        const address = business!.address as Record<string, unknown>;
        expect(address['@type']).toBe('PostalAddress');
        expect(address.addressRegion, `${path}: addressRegion`).toBe('Lagos');
        expect(address.addressCountry, `${path}: addressCountry`).toBe('NG');
        // Only motorists' published reviews give a rating (issue 24.7), never the seed's
        // star_rating: a listing another spec reviewed in this run has one, and it is complete.
        const rating = business!.aggregateRating as Record<string, unknown> | undefined;
        if (rating) {
          expect(rating['@type'], `${path}: AggregateRating`).toBe('AggregateRating');
          expect(Number(rating.reviewCount), `${path}: reviewCount`).toBeGreaterThan(0);
          expect(Number(rating.ratingValue), `${path}: ratingValue`).toBeGreaterThanOrEqual(1);
          expect(html, `${path}: the reviews the rating counts are on the page`).toMatch(
            /<section id="reviews"[^>]*>[\s\S]*?<article/,
          );
        } else {
          expect(JSON.stringify(head.jsonLd), `${path}: no AggregateRating`).not.toMatch(
            /aggregateRating|AggregateRating/,
          );
        }
        const crumbs = head.jsonLd.find((d) => d['@type'] === 'BreadcrumbList');
        expect(crumbs, `${path}: BreadcrumbList`).toBeTruthy();
        const items = crumbs!.itemListElement as { position: number; item: string }[];
        expect(items[0]!.item).toBe(`${ORIGIN}/`);
        expect(items.at(-1)!.item).toBe(url);
      } else if (/^\/articles\/[^/]+\/$/.test(path)) {
        articlePages += 1;
        const article = head.jsonLd.find((d) => d['@type'] === 'Article');
        expect(article, `${path}: Article JSON-LD (got ${JSON.stringify(types)})`).toBeTruthy();
        expect(article!.headline, `${path}: headline`).toBeTruthy();
        expect(
          Number.isNaN(Date.parse(String(article!.datePublished))),
          `${path}: datePublished`,
        ).toBe(false);
        const front = fronts.get(path.split('/')[2]!);
        expect(front, `${path}: markdown front matter`).toBeTruthy();
        expect(front!.meta_title, `${path}: front matter has meta_title`).toBeTruthy();
        expect(
          head.titles[0]!.startsWith(front!.meta_title),
          `${path}: <title> "${head.titles[0]}" starts with meta_title "${front!.meta_title}"`,
        ).toBe(true);
        expect(head.description, `${path}: meta description = meta_description`).toBe(
          front!.meta_description,
        );
      } else if (path === '/') {
        const organization = head.jsonLd.find((d) => d['@type'] === 'Organization');
        const website = head.jsonLd.find((d) => d['@type'] === 'WebSite');
        expect(organization, '/: Organization JSON-LD').toBeTruthy();
        expect(website, '/: WebSite JSON-LD').toBeTruthy();
        const action = website!.potentialAction as { '@type': string; target: string };
        expect(action['@type']).toBe('SearchAction');
        expect(action.target).toContain('{search_term_string}');
        expect(action.target.startsWith(`${ORIGIN}/`)).toBe(true);
      }
    }
    expect(businessPages).toBeGreaterThanOrEqual(samples.length);
    expect(articlePages).toBe(11);
  });

  test('business JSON-LD subtype follows the category', async ({ request }) => {
    const cases: [string, string][] = [
      ['Yaba Precision Auto Workshop', 'AutoRepair'],
      ['Ladipo Genuine Spares Hub', 'AutoPartsStore'],
      ['Adeola Sample Motors', 'AutoDealer'],
      ['Oshodi Panel & Spray Works', 'AutoBodyShop'],
      ['Maryland Sparkle Car Wash', 'AutoWash'],
      ['Third Mainland Rescue Towing', 'AutomotiveBusiness'],
    ];
    for (const [name, type] of cases) {
      const path = `/business/${slugOf(byName(name).business_name)}/`;
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const data = parseHead(await response.text()).jsonLd.find((d) =>
        AUTOMOTIVE_TYPES.includes(d['@type'] as string),
      );
      expect(data?.['@type'], `${name}`).toBe(type);
      expect(data?.name).toBe(name);
    }
    // A public listing with hours and coordinates carries telephone, street address, geo and hours.
    const adeola = byName('Adeola Sample Motors');
    const html = await (await request.get(`/business/${slugOf(adeola.business_name)}/`)).text();
    const data = parseHead(html).jsonLd.find((d) => d['@type'] === 'AutoDealer')!;
    expect(data.telephone).toBe(adeola.phone);
    expect((data.address as Record<string, unknown>).streetAddress).toBe(adeola.address);
    expect(data.geo).toMatchObject({ '@type': 'GeoCoordinates' });
    expect(Array.isArray(data.openingHoursSpecification)).toBe(true);
  });

  test('og images and brand PNGs have the right sizes', async ({ request }) => {
    expect(await fetchPng(request, '/images/social-post.png')).toEqual({
      width: 1080,
      height: 1080,
    });
    expect(await fetchPng(request, '/images/profile-picture.png')).toEqual({
      width: 512,
      height: 512,
    });
    const logo = await fetchPng(request, '/images/logo.png');
    expect(logo.width).toBeGreaterThan(0);
    expect(logo.height).toBeGreaterThan(0);
    // The logo page shows the logo with its size ("1200 × 400 PNG"): the file must match it.
    const logoPage = await (await request.get('/download-logo/')).text();
    const img = tags(logoPage, 'img').find((i) => i.src === '/images/logo.png');
    expect(img, '<img src="/images/logo.png"> on /download-logo/').toBeTruthy();
    expect(logo).toEqual({ width: Number(img!.width), height: Number(img!.height) });
    expect(await fetchPng(request, '/images/og-default.png')).toEqual({ width: 1200, height: 630 });

    const businesses = await apiBusinesses(request);
    const articles = await apiArticles(request);
    for (const slug of [businesses[0]!.slug, slugOf('Lagoon Crest Autos')]) {
      expect(
        await fetchPng(request, `/og/business/${slug}.png`),
        `/og/business/${slug}.png`,
      ).toEqual({ width: 1200, height: 630 });
    }
    expect(await fetchPng(request, `/og/articles/${articles[0]!.slug}.png`)).toEqual({
      width: 1200,
      height: 630,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Contact protection on the static business pages
// ---------------------------------------------------------------------------------------------

test.describe('business pages: contact protection', () => {
  const protectedSamples = samples.filter((b) => b.contact_visibility === 'registered_users_only');

  test('protected listings leak no e-mail, phone or street address (HTML, JSON-LD, meta tags)', async ({
    request,
  }) => {
    expect(protectedSamples.length).toBeGreaterThan(0);
    const slugs = new Set((await apiBusinesses(request)).map((b) => b.slug));
    for (const business of protectedSamples) {
      const slug = slugOf(business.business_name);
      expect(slugs.has(slug), `${business.business_name} has slug ${slug}`).toBe(true);
      const path = `/business/${slug}/`;
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const secrets = [
        business.email,
        business.phone,
        business.phone?.replace(/\s+/g, ''),
        business.address,
      ].filter((s): s is string => Boolean(s));
      for (const secret of secrets) {
        for (const form of new Set([
          secret,
          secret.replace(/&/g, '&amp;'),
          secret.replace(/&/g, '&#38;'),
          JSON.stringify(secret).slice(1, -1),
        ])) {
          expect(html.includes(form), `${path} must not contain "${form}"`).toBe(false);
        }
      }
      const head = parseHead(html);
      const data = head.jsonLd.find((d) => AUTOMOTIVE_TYPES.includes(d['@type'] as string))!;
      expect(data, `${path}: business JSON-LD`).toBeTruthy();
      expect(data, `${path}: no telephone`).not.toHaveProperty('telephone');
      expect(data, `${path}: no geo`).not.toHaveProperty('geo');
      expect(data, `${path}: no email`).not.toHaveProperty('email');
      expect(data.address as object, `${path}: no streetAddress`).not.toHaveProperty(
        'streetAddress',
      );
      // Exact coordinates stay out of the map link too (a search by name and area instead).
      const map = tags(html, 'a').find((a) => a.href?.startsWith('https://www.google.com/maps/'));
      expect(map, `${path}: map link`).toBeTruthy();
      const { latitude, longitude } = business as SampleBusiness & {
        latitude?: number;
        longitude?: number;
      };
      if (latitude !== undefined && longitude !== undefined) {
        expect(map!.href, `${path}: map link without coordinates`).not.toContain(String(latitude));
        expect(map!.href).not.toContain(String(longitude));
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Business page in the browser: breadcrumbs, map link, opening hours in Lagos time
// ---------------------------------------------------------------------------------------------

test.describe('business page in the browser', () => {
  // A visitor far from Lagos: "Open now" must still be computed in Africa/Lagos time.
  test.use({ timezoneId: 'America/Los_Angeles' });

  const yaba = `/business/${slugOf('Yaba Precision Auto Workshop')}/`; // mo-fr 08:00-18:00, sa 09:00-15:00, no Sunday
  const gbagada = `/business/${slugOf('Gbagada Express Service Bay')}/`; // mo-fr 07:30-19:00, su 12:00-17:00

  async function openState(page: Page, path: string, at: string): Promise<string> {
    await page.clock.setFixedTime(new Date(at));
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2, name: 'Opening hours' })).toBeVisible();
    const state = page.locator('.open-state');
    // Closed says when it opens next (issue 38.4): "Closed · opens tomorrow 8:00".
    await expect(state).toHaveText(/^(Open now|Closed( · opens .+)?)$/);
    return (await state.textContent())!.trim().replace(/ · opens .+$/, '');
  }

  test('breadcrumbs, map link, opening hours and the public contact block', async ({
    page,
    request,
  }) => {
    await page.goto(yaba);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Yaba Precision Auto Workshop' }),
    ).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: 'Mechanics' })).toHaveAttribute(
      'href',
      '/mechanic/',
    );
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(
      'Yaba Precision Auto Workshop',
    );
    expect((await request.get('/mechanic/')).status()).toBe(200);

    const map = page.getByRole('link', { name: 'View on map' });
    await expect(map).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
    );
    await expect(map).toHaveAttribute('target', '_blank');

    await expect(page.getByRole('heading', { level: 2, name: 'Opening hours' })).toBeVisible();
    await expect(page.locator('.open-state')).toHaveText(/^(Open now|Closed( · opens .+)?)$/);
    await expect(page.getByRole('row', { name: /Sunday/ })).toContainText('Closed');
    await expect(page.getByRole('row', { name: /Monday/ })).toContainText('08:00-18:00');
    await expect(page.getByText('Contact details protected')).toHaveCount(0);
  });

  test('protected listing shows "Contact details protected" to a visitor', async ({ page }) => {
    const business = byName('Lagoon Crest Autos');
    await page.goto(`/business/${slugOf(business.business_name)}/`);
    await expect(page.getByText('Contact details protected')).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Car Dealers' }),
    ).toHaveAttribute('href', '/dealers/');
    await expect(page.getByRole('link', { name: 'View on map' })).toBeVisible();
    const body = await page.content();
    for (const secret of [business.email!, business.phone!, business.address!])
      expect(body).not.toContain(secret);
  });

  test('"Open now" on Monday 10:00 WAT (09:00Z)', async ({ page }) => {
    expect(await openState(page, yaba, '2026-06-08T09:00:00Z')).toBe('Open now');
    await expect(page.locator('.open-state')).toHaveClass(/is-open/);
  });

  test('"Closed" on Sunday 10:00 WAT for a listing without Sunday hours', async ({ page }) => {
    expect(await openState(page, yaba, '2026-06-07T09:00:00Z')).toBe('Closed');
    await expect(page.locator('.open-state')).toHaveClass(/is-closed/);
    await expect(page.locator('.open-state')).toHaveText('Closed · opens tomorrow 8:00');
  });

  test('"Closed" at closing time (Monday 18:00 WAT, end exclusive)', async ({ page }) => {
    expect(await openState(page, yaba, '2026-06-08T17:00:00Z')).toBe('Closed');
  });

  test("uses the Lagos weekday, not the visitor's (Monday 07:30 WAT is still Sunday in Los Angeles)", async ({
    page,
  }) => {
    // Lagos: Monday 07:30 → open (07:30-19:00). Los Angeles: Sunday 23:30 → would be closed.
    expect(await openState(page, gbagada, '2026-06-08T06:30:00Z')).toBe('Open now');
    // Lagos: Sunday 13:00 → open (12:00-17:00). Los Angeles: Sunday 05:00 → would be closed.
    expect(await openState(page, gbagada, '2026-06-07T12:00:00Z')).toBe('Open now');
  });
});

// ---------------------------------------------------------------------------------------------
// Promo pages
// ---------------------------------------------------------------------------------------------

test.describe('promo pages', () => {
  test('the four promo routes answer 200 with their image', async ({ request }) => {
    const routes: [string, string][] = [
      ['/download-social-post/', '/images/social-post.png'],
      ['/view-social-post/', '/images/social-post.png'],
      ['/download-profile-picture/', '/images/profile-picture.png'],
      ['/download-logo/', '/images/logo.png'],
    ];
    for (const [route, image] of routes) {
      const response = await request.get(route);
      expect(response.status(), route).toBe(200);
      const html = await response.text();
      expect(
        tags(html, 'img').some((i) => i.src === image),
        `${route} shows ${image}`,
      ).toBe(true);
      expect(parseHead(html).canonical).toEqual([`${ORIGIN}${route}`]);
    }
  });

  test('Download shows "Social media post downloaded!" and downloads lagos-auto-hub-social-post.png', async ({
    page,
  }) => {
    await page.goto('/download-social-post/');
    // The link downloads without script; the toast is the page script's, which the loader imports
    // after the first paint (ADR 027), not before `load`: a click before it downloads, no toast.
    await waitForPageScripts(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('lagos-auto-hub-social-post.png');
    await expect(
      page.locator('.toast').filter({ hasText: 'Social media post downloaded!' }),
    ).toBeVisible();
    const file = await download.path();
    expect(pngSize(readFileSync(file), 'downloaded social post')).toEqual({
      width: 1080,
      height: 1080,
    });
  });

  test('Share without the Web Share API copies the link ("Link copied!")', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });
    // Headless Chromium on Linux has no file sharing; make that explicit so the fallback is what runs.
    await page.addInitScript(() => {
      for (const name of ['share', 'canShare'] as const) {
        try {
          Object.defineProperty(Navigator.prototype, name, {
            value: undefined,
            configurable: true,
          });
        } catch {
          /* not defined */
        }
      }
    });
    await page.goto('/download-social-post/');
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await waitForPageScripts(page);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.locator('.toast').filter({ hasText: 'Link copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${ORIGIN}/download-social-post/`,
    );
  });

  test('profile picture falls back to a plain placeholder when the image fails', async ({
    page,
  }) => {
    await page.route('**/images/profile-picture.png', (route) =>
      route.fulfill({ status: 404, body: 'not found' }),
    );
    await page.goto('/download-profile-picture/');
    await expect(page.locator('img[data-placeholder]')).toHaveAttribute(
      'src',
      /^data:image\/svg\+xml/,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// WebSite SearchAction target
// ---------------------------------------------------------------------------------------------

test('the SearchAction target (/?q=…) runs a search on the home page', async ({ page }) => {
  await page.goto('/?q=panel%20beating');
  const heading = page.getByRole('heading', { level: 2, name: /^Search Results \(\d+\)$/ });
  await expect(heading).toBeVisible({ timeout: 15_000 });
  const count = Number((await heading.textContent())!.match(/\((\d+)\)/)![1]);
  expect(count, '"panel beating" finds the body work listings').toBeGreaterThan(0);
  await expect(page.getByRole('searchbox').first()).toHaveValue('panel beating');
});
