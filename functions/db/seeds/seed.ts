import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import type { Kysely } from 'kysely';
import { ARTICLE_CATEGORIES, type ArticleCategory } from '../../../common/schemas/articles.ts';
import { slugify } from '../../../common/schemas/text.ts';
import { env } from '../../_lib/env.ts';
import { log } from '../../_lib/log.ts';
import { OSM_SOURCE } from '../../../common/config/openstreetmap.ts';
import { mapOsmPoints, parseOsmCsv } from '../../imports/osm.ts';
import { deriveArea } from '../../imports/lagos-areas.ts';
import type { Database, NewArticle, NewBusinessRegistration, NewServiceCard } from '../database.ts';

type Db = Kysely<Database>;

/** Where the content shipped with the site lives (CONTENT_DIR, by default content/ at the root). */
const contentDir = () => path.resolve(env('CONTENT_DIR'));

export const SAMPLE_SOURCE = 'sample';

interface SampleBusiness {
  business_name: string;
  business_type: string;
  business_categories: string[];
  display_name: string | null;
  email: string | null;
  phone: string | null;
  whatsapp: string | null;
  address: string | null;
  city: string;
  state: string;
  general_location: string | null;
  website: string | null;
  description: string;
  services: string;
  tags: string[];
  featured: boolean;
  display_order: number;
  verification_status: 'verified' | 'verification_pending' | 'not_verified';
  star_rating: number;
  contact_visibility: 'public' | 'registered_users_only';
  latitude: number;
  longitude: number;
  opening_hours: Record<string, string> | null;
  created_at: string;
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(path.join(contentDir(), file), 'utf8')) as T;
}

/** content/articles/*.md (front matter + markdown body) → article rows. */
export async function loadArticles(): Promise<NewArticle[]> {
  const dir = path.join(contentDir(), 'articles');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.md')).sort();
  return Promise.all(
    files.map(async (file) => {
      const { data, content } = matter(await readFile(path.join(dir, file), 'utf8'));
      if (!ARTICLE_CATEGORIES.includes(data.category)) {
        throw new Error(`${file}: unknown category ${String(data.category)}`);
      }
      return {
        title: String(data.title),
        slug: String(data.slug ?? slugify(String(data.title))),
        content: content.trim(),
        excerpt: data.excerpt ?? null,
        author: data.author ?? null,
        category: data.category as ArticleCategory,
        read_time: Number.isFinite(Number(data.read_time)) ? Number(data.read_time) : 5,
        published: data.published !== false,
        featured: data.featured === true,
        image_url: data.image_url ?? null,
        meta_title: data.meta_title ?? null,
        meta_description: data.meta_description ?? null,
        created_at: new Date(data.created_at ?? Date.now()).toISOString(),
      };
    }),
  );
}

/** content/sample-businesses.json → approved registrations marked as samples. */
export async function loadSampleBusinesses(): Promise<NewBusinessRegistration[]> {
  const samples = await readJson<SampleBusiness[]>('sample-businesses.json');
  return samples.map((b) => {
    const slug = slugify(b.business_name);
    return {
      business_name: b.business_name,
      business_type: b.business_type,
      business_categories: b.business_categories,
      display_name: b.display_name,
      email: b.email,
      phone: b.phone,
      whatsapp: b.whatsapp,
      address: b.address,
      city: b.city,
      state: b.state,
      zip_code: '',
      general_location: b.general_location,
      website: b.website,
      description: b.description,
      services: b.services,
      // SPEC §5 write rule: tags are the service tags plus the selected categories.
      tags: [...new Set([...b.tags, ...b.business_categories])],
      status: 'approved',
      featured: b.featured,
      display_order: b.display_order,
      verification_status: b.verification_status,
      verified: b.verification_status === 'verified',
      star_rating: b.star_rating,
      contact_visibility: b.contact_visibility,
      latitude: b.latitude,
      longitude: b.longitude,
      opening_hours: b.opening_hours ? JSON.stringify(b.opening_hours) : null,
      user_created: false,
      created_at: b.created_at,
      slug,
      source: SAMPLE_SOURCE,
      source_id: slug,
      is_sample: true,
      area: deriveArea(b),
    };
  });
}

/** The named, in-scope OpenStreetMap points inside Lagos → approved, attributed registrations. */
export async function loadOsmBusinesses(): Promise<NewBusinessRegistration[]> {
  const csv = await readFile(path.join(contentDir(), 'osm', 'nigeria-automotive-2019.csv'), 'utf8');
  const { businesses, skipped } = mapOsmPoints(parseOsmCsv(csv));
  log.info('openstreetmap points mapped', { listings: businesses.length, skipped });
  return businesses.map((b) => ({
    business_name: b.name,
    business_type: b.category,
    business_categories: [b.category],
    display_name: null,
    email: null,
    phone: null,
    address: null,
    city: b.area,
    state: 'Lagos',
    zip_code: '',
    general_location: `Near ${b.area}`,
    website: null,
    description: `${b.name} is listed on OpenStreetMap as a ${b.category.toLowerCase()} business near ${b.area}, Lagos. Details have not been confirmed by the owner yet.`,
    services: `${b.category} services`,
    tags: [b.category, 'OpenStreetMap'],
    status: 'approved',
    contact_visibility: 'public',
    latitude: b.latitude,
    longitude: b.longitude,
    user_created: false,
    slug: `${slugify(b.name)}-${b.sourceId.replace(/\D/g, '')}`,
    source: OSM_SOURCE,
    source_id: b.sourceId,
    area: deriveArea({ city: b.area, latitude: b.latitude, longitude: b.longitude }),
  }));
}

/** Inserts rows whose unique keys are not there yet; returns how many were added. */
async function insertMissing<T extends object>(
  db: Db,
  table: 'business_registrations' | 'articles',
  rows: T[],
  conflict: string[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto(table)
    .values(rows as never)
    .onConflict((oc) => oc.columns(conflict as never).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export interface SeedSummary {
  articles: number;
  serviceCards: number;
  sampleBusinesses: number;
  osmBusinesses: number;
}

/**
 * Loads the content shipped with the site. Idempotent: rows already present (same slug,
 * same source id; service cards when any exist) are left untouched.
 */
export async function seedDatabase(db: Db): Promise<SeedSummary> {
  const [articles, samples, osm, cards] = await Promise.all([
    loadArticles(),
    loadSampleBusinesses(),
    loadOsmBusinesses(),
    readJson<NewServiceCard[]>('service-cards.json'),
  ]);
  return db.transaction().execute(async (trx) => {
    const existingCards = await trx.selectFrom('service_cards').select('id').limit(1).execute();
    if (existingCards.length === 0) await trx.insertInto('service_cards').values(cards).execute();
    return {
      articles: await insertMissing(trx, 'articles', articles, ['slug']),
      serviceCards: existingCards.length === 0 ? cards.length : 0,
      sampleBusinesses: await insertMissing(trx, 'business_registrations', samples, [
        'source',
        'source_id',
      ]),
      osmBusinesses: await insertMissing(trx, 'business_registrations', osm, [
        'source',
        'source_id',
      ]),
    };
  });
}
