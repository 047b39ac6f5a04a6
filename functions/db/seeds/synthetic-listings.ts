import { type Kysely, sql } from 'kysely';
import type { Database, NewBusinessRegistration } from '../database.ts';
import { LAGOS_AREAS } from '../../imports/lagos-areas.ts';
import type { ServiceCategory } from '../../../common/schemas/categories.ts';
import { slugify } from '../../../common/schemas/text.ts';

/**
 * Synthetic Lagos listings for scale tests and `npm run bench:scale` (ADR 011): realistic
 * names, categories, services, areas and coordinates, deterministic for a given seed so two
 * runs measure the same directory. Never shipped as content: `source` is `synthetic`.
 */

/** mulberry32: a small, well-known deterministic PRNG (uniform in [0, 1)). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Share of each category among Lagos automotive businesses (rough, from OpenStreetMap tags). */
const CATEGORY_WEIGHTS: readonly [ServiceCategory, number][] = [
  ['Mechanic / Repair Services', 26],
  ['Auto Parts & Accessories', 20],
  ['Body Work & Paint', 11],
  ['Car Dealership / Sales', 12],
  ['Tyre Services', 7],
  ['Car Wash & Detailing', 6],
  ['Auto Electrical', 5],
  ['Breakdown Recovery / Towing', 4],
  ['Air Conditioning Repair', 3],
  ['Windscreen / Glass - Repair / Replacement', 2],
  ['Car Rental', 2],
  ['Vehicle Inspection', 1],
  ['Auto Insurance', 0.6],
  ['Listing Websites', 0.4],
];

const NAME_FIRST = [
  'Adeola',
  'Chukwuma',
  'Bola',
  'Emeka',
  'Tunde',
  'Mama Nkechi',
  'Alhaji Musa',
  'Sunny',
  'Kunle',
  'Ifeanyi',
  'Yetunde',
  'Gbenga',
  'Obinna',
  'Segun',
  'Chidi',
  'Aisha',
  'Femi',
  'Uche',
  'Kola',
  'Ngozi',
  'Babatunde',
  'Eko',
  'Lagoon',
  'Mainland',
  'Island',
  'Royal',
  'Unity',
  'Grace',
  'Divine',
  'Goodwill',
  'Victory',
  'Prestige',
];

const NAME_SUFFIX: Record<ServiceCategory, readonly string[]> = {
  'Car Dealership / Sales': ['Motors', 'Autos', 'Car Mart', 'Auto Sales', 'Cars Ltd'],
  'Auto Parts & Accessories': ['Spare Parts', 'Auto Parts', 'Parts Depot', 'Motor Spares'],
  'Mechanic / Repair Services': ['Auto Repairs', 'Mechanic Workshop', 'Auto Care', 'Garage'],
  'Body Work & Paint': ['Panel Beaters', 'Body Shop', 'Auto Paint', 'Body Works'],
  'Breakdown Recovery / Towing': ['Towing', 'Recovery Services', 'Tow & Go', 'Rescue'],
  'Listing Websites': ['Cars Online', 'Auto Listings', 'Car Finder'],
  'Car Wash & Detailing': ['Car Wash', 'Auto Spa', 'Detailing'],
  'Auto Electrical': ['Auto Electricals', 'Auto Electric', 'Car Electronics'],
  'Tyre Services': ['Tyres', 'Vulcanizer', 'Tyre Centre', 'Wheel Alignment'],
  'Auto Insurance': ['Insurance Brokers', 'Motor Insurance'],
  'Car Rental': ['Car Hire', 'Rentals', 'Car Rental'],
  'Vehicle Inspection': ['Vehicle Inspection', 'Auto Check'],
  'Air Conditioning Repair': ['Car AC', 'Auto Cooling'],
  'Windscreen / Glass - Repair / Replacement': ['Windscreens', 'Auto Glass'],
};

const SERVICES: Record<ServiceCategory, readonly string[]> = {
  'Car Dealership / Sales': [
    'Sales of tokunbo and Nigerian-used cars',
    'trade-ins',
    'car financing',
    'documentation and registration',
  ],
  'Auto Parts & Accessories': [
    'genuine spare parts',
    'engine parts',
    'brake pads and discs',
    'batteries',
    'filters and oils',
  ],
  'Mechanic / Repair Services': [
    'engine repair',
    'servicing and oil change',
    'gearbox repair',
    'brake service',
    'computer diagnosis',
    'suspension repair',
  ],
  'Body Work & Paint': ['panel beating', 'spraying and painting', 'dent removal', 'rust repair'],
  'Breakdown Recovery / Towing': [
    '24-hour towing',
    'roadside recovery',
    'jump starts',
    'flatbed transport',
  ],
  'Listing Websites': ['online car listings', 'buy and sell cars', 'dealer advertising'],
  'Car Wash & Detailing': ['car wash', 'interior detailing', 'engine wash', 'polishing'],
  'Auto Electrical': ['auto electrical repair', 'wiring', 'alternator and starter repair'],
  'Tyre Services': ['tyre sales', 'wheel balancing', 'wheel alignment', 'vulcanizing'],
  'Auto Insurance': ['comprehensive motor insurance', 'third-party insurance', 'claims support'],
  'Car Rental': ['car hire with driver', 'airport pickup', 'wedding cars'],
  'Vehicle Inspection': ['pre-purchase inspection', 'roadworthiness checks'],
  'Air Conditioning Repair': ['car AC repair', 'AC gas refill', 'compressor repair'],
  'Windscreen / Glass - Repair / Replacement': [
    'windscreen replacement',
    'windshield repair',
    'side glass',
  ],
};

const BRANDS = ['Toyota', 'Honda', 'Lexus', 'Mercedes-Benz', 'Hyundai', 'Kia', 'Nissan', 'Ford'];
const STREETS = [
  'Allen Avenue',
  'Ikorodu Road',
  'Herbert Macaulay Way',
  'Awolowo Road',
  'Adeniran Ogunsanya Street',
  'Agege Motor Road',
  'Lekki-Epe Expressway',
  'Oshodi-Apapa Expressway',
  'Ladipo Street',
  'Bode Thomas Street',
  'Adeola Odeku Street',
  'Apapa Road',
  'Isheri Road',
  'Ogunlana Drive',
];
const RATINGS = [0, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function pickCategory(random: () => number): ServiceCategory {
  const total = CATEGORY_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [category, weight] of CATEGORY_WEIGHTS) {
    r -= weight;
    if (r <= 0) return category;
  }
  return CATEGORY_WEIGHTS[0]![0];
}

export interface SyntheticOptions {
  /** PRNG seed (default 2026). */
  seed?: number;
  /** First index, so several batches get distinct names, e-mails and slugs. */
  offset?: number;
  /** Share of listings that are approved (default 1; the rest are pending). */
  approvedShare?: number;
  /** Share of approved listings that are featured (default 0.003). */
  featuredShare?: number;
  /** Creation dates spread over this many days before `now` (default 1,095: three years). */
  spreadDays?: number;
  now?: Date;
}

/** The `index`-th synthetic listing (0-based), independent of the others. */
export function syntheticListing(index: number, options: SyntheticOptions = {}) {
  const random = prng((options.seed ?? 2026) * 1_000_003 + index);
  const category = pickCategory(random);
  const second = random() < 0.25 ? pickCategory(random) : undefined;
  const categories = second && second !== category ? [category, second] : [category];
  const area = pick(random, LAGOS_AREAS);
  const name = `${pick(random, NAME_FIRST)} ${pick(random, NAME_SUFFIX[category])}`;
  const serial = index.toString(36);
  const services = [...new Set([...SERVICES[category], ...(second ? SERVICES[second] : [])])]
    .filter(() => random() < 0.7)
    .join(', ');
  const brands = BRANDS.filter(() => random() < 0.2);
  const approved = random() < (options.approvedShare ?? 1);
  const featured = approved && random() < (options.featuredShare ?? 0.003);
  const now = options.now ?? new Date('2026-11-01T12:00:00Z');
  const ageMs = random() * (options.spreadDays ?? 1095) * 86_400_000;
  const phoneDigits = String(10_000_000 + index).slice(-8);
  const row = {
    business_name: `${name} ${area.name}`.slice(0, 120),
    business_type: categories.length > 1 && random() < 0.3 ? 'Multiple Services' : category,
    business_categories: categories,
    display_name: pick(random, NAME_FIRST),
    email: `owner-${serial}@synthetic.example.com`,
    phone: `+234 80${index % 10} ${phoneDigits.slice(0, 3)} ${phoneDigits.slice(3)}`,
    address: `${1 + Math.floor(random() * 200)} ${pick(random, STREETS)}`,
    city: area.name,
    state: 'Lagos',
    general_location: area.name,
    area: area.name,
    website: random() < 0.3 ? `https://${slugify(name)}-${serial}.example.com` : null,
    description: `${name} serves motorists in ${area.name} and across Lagos with ${services || 'reliable service'}. Honest prices and quick turnaround.`,
    services: services || SERVICES[category][0]!,
    tags: [...categories, ...brands],
    status: approved ? ('approved' as const) : ('pending' as const),
    featured,
    display_order: featured ? 1 + (index % 50) : 0,
    verification_status: pick(random, [
      'verified',
      'not_verified',
      'verification_pending',
    ] as const),
    star_rating: pick(random, RATINGS),
    contact_visibility: random() < 0.2 ? ('registered_users_only' as const) : ('public' as const),
    user_created: false,
    created_at: new Date(now.getTime() - ageMs),
    slug: `${slugify(name)}-${slugify(area.name)}-${serial}`,
    latitude: Math.round((area.lat + (random() - 0.5) * 0.03) * 1e6) / 1e6,
    longitude: Math.round((area.lon + (random() - 0.5) * 0.03) * 1e6) / 1e6,
    source: 'synthetic',
    source_id: `synthetic-${index}`,
  } satisfies NewBusinessRegistration;
  // Drawn after every other field, so the fields above stay as they were before these existed.
  return { ...row, ...roadsideOf(random, category, area.slug) } satisfies NewBusinessRegistration;
}

const WEEKDAYS = {
  mo: '08:00-18:00',
  tu: '08:00-18:00',
  we: '08:00-18:00',
  th: '08:00-18:00',
  fr: '08:00-18:00',
};
/** Categories whose businesses may come to a stranded motorist. */
const MOBILE_TRADES = new Set<ServiceCategory>([
  'Mechanic / Repair Services',
  'Auto Electrical',
  'Tyre Services',
  'Breakdown Recovery / Towing',
]);

/**
 * Hours and roadside declarations (issue 38, ADR 081, 082), roughly as owners give them: 60 %
 * weekday hours (half of them Saturday too, a fifth of those Sunday), 2 % open 24 hours (15 %
 * of breakdown services), a tenth of the mobile trades coming to you with 1–3 areas, half of
 * those and of breakdown services with a call-out fee.
 */
function roadsideOf(random: () => number, category: ServiceCategory, areaSlug: string) {
  const breakdown = category === 'Breakdown Recovery / Towing';
  const open24 = random() < (breakdown ? 0.15 : 0.02);
  let hours: Record<string, string> | null = null;
  if (!open24 && random() < 0.6) {
    hours = { ...WEEKDAYS };
    if (random() < 0.5) hours.sa = '09:00-15:00';
    if (hours.sa && random() < 0.2) hours.su = '10:00-16:00';
  }
  const mobile = MOBILE_TRADES.has(category) && random() < 0.1;
  const coverage = mobile
    ? [areaSlug, ...LAGOS_AREAS.filter(() => random() < 0.02).map((a) => a.slug)].slice(0, 3)
    : [];
  const fee =
    (mobile || breakdown) && random() < 0.5 ? 5000 * (1 + Math.floor(random() * 4)) : null;
  return {
    opening_hours: hours ? JSON.stringify(hours) : null,
    open_24_hours: open24,
    comes_to_you: mobile,
    coverage_areas: coverage,
    callout_fee_min: fee,
    callout_fee_max: fee === null ? null : fee * 2,
  };
}

/**
 * Inserts `count` synthetic listings in batches (one multi-row INSERT per batch).
 * @param onProgress called after each batch with the number inserted so far.
 */
export async function insertSyntheticListings(
  db: Kysely<Database>,
  count: number,
  options: SyntheticOptions & { batchSize?: number; onProgress?: (done: number) => void } = {},
): Promise<void> {
  const batchSize = options.batchSize ?? 500;
  const offset = options.offset ?? 0;
  for (let start = 0; start < count; start += batchSize) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + batchSize); i += 1) {
      rows.push(syntheticListing(offset + i, options));
    }
    await db.insertInto('business_registrations').values(rows).execute();
    options.onProgress?.(Math.min(count, start + batchSize));
  }
}

/** Listings from which {@link bulkInsertSyntheticListings} drops and rebuilds the indexes. */
export const BULK_INDEX_REBUILD_MIN = 50_000;

/**
 * Inserts `count` synthetic listings as fast as the database allows (issue 28: 1,000,000 in
 * minutes): batches of 1,000 rows (36 parameters each, under Postgres' 65,535), 20 batches to a
 * transaction. From {@link BULK_INDEX_REBUILD_MIN} listings on, the table's secondary indexes
 * and of `search_listings` (ADR 089) that enforce nothing (every one but the primary key and the
 * unique ones) are dropped first and
 * rebuilt from their own definitions (`pg_get_indexdef`) afterwards, also when an insert fails:
 * building a trigram GIN index once sorts its entries, while inserting into it row by row
 * (`fastupdate = off`, ADR 012) costs ~100 random index writes a listing. Ends with
 * `VACUUM (ANALYZE)` so the planner has statistics and index-only scans a visibility map.
 * For throw-away and local databases: a process killed mid-way leaves the indexes dropped
 * (`npm run db:migrate` does not recreate them; seed a fresh database again).
 * @param onProgress called after each batch with the number inserted so far.
 */
export async function bulkInsertSyntheticListings(
  db: Kysely<Database>,
  count: number,
  options: SyntheticOptions & { onProgress?: (done: number) => void } = {},
): Promise<{ insertMs: number; indexMs: number }> {
  const rebuild = count >= BULK_INDEX_REBUILD_MIN;
  const { rows: indexes } = rebuild
    ? await sql<{ name: string; definition: string }>`
        select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i
        where i.indrelid in ('business_registrations'::regclass, 'search_listings'::regclass)
          and not i.indisunique
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`.execute(
        db,
      )
    : { rows: [] };
  for (const index of indexes) await sql`drop index ${sql.raw(index.name)}`.execute(db);
  const started = performance.now();
  let indexMs: number;
  try {
    const batch = 1_000;
    const perTransaction = 20 * batch;
    for (let start = 0; start < count; start += perTransaction) {
      const end = Math.min(count, start + perTransaction);
      await db.transaction().execute(async (trx) => {
        for (let from = start; from < end; from += batch) {
          const rows = [];
          const to = Math.min(end, from + batch);
          for (let i = from; i < to; i += 1)
            rows.push(syntheticListing((options.offset ?? 0) + i, options));
          await trx.insertInto('business_registrations').values(rows).execute();
        }
      });
      options.onProgress?.(end);
    }
  } finally {
    const rebuilt = performance.now();
    for (const index of indexes) await sql.raw(index.definition).execute(db);
    indexMs = performance.now() - rebuilt;
  }
  const insertMs = performance.now() - started - indexMs;
  await sql`vacuum (analyze) business_registrations, search_listings`.execute(db);
  return { insertMs, indexMs };
}
