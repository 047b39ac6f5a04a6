import { LAGOS_AREAS } from '../../functions/imports/lagos-areas.ts';

/**
 * The 200 spec-style search queries of the search benchmark (issue 11 point 3, ADR 012): what
 * people type in the SPEC §2 search boxes, against the synthetic Lagos directory
 * (tests/factories/synthetic-listings.ts). Deterministic: the same list every run.
 */
export interface BenchQuery {
  q: string;
  /** A category page's type filter (SPEC §7), or a free type. */
  type?: string;
  location?: string;
}

const SERVICES = [
  'mechanic',
  'tyre',
  'vulcanizer',
  'battery',
  'brake',
  'gearbox',
  'wheel alignment',
  'car wash',
  'detailing',
  'insurance',
  'car hire',
  'inspection',
  'auto electrical',
  'alternator',
  'spraying',
  'dent removal',
  'engine repair',
  'oil change',
  'diagnosis',
  'towing',
  'tokunbo',
  'wiring',
  'compressor',
  'polishing',
  'jump start',
];

/** SPEC §7 synonyms, alone or as the query's first words. */
const SYNONYMS = [
  'panel beating',
  'spare parts',
  'car parts',
  'car repair',
  'auto repair',
  'car sales',
  'dealership',
  'body work',
  'breakdown',
  'recovery',
  'workshop',
  'garage',
  'windscreen',
  'windshield',
  'glass',
];

/** The spec's category-page types (SPEC §2) plus one free type. */
const TYPES = [
  'Mechanic',
  'Body Work',
  'Parts',
  'Car Dealership',
  'Breakdown Recovery',
  'workshop',
  'Listing Websites',
  'Tyre',
];

/** Words no synthetic listing contains (brands live in tags, which search does not read). */
const NOTHING = [
  'helicopter',
  'toyota',
  'honda ikeja',
  'boat repair',
  'zzyzx',
  'mechanic zzyzx',
  'tractor',
  'qwerty garage',
  'motorbike lekki',
  'bicycle',
  'lexus yaba',
  'submarine',
];

/** A few terms of one or two characters, which trigram indexes cannot serve (DESIGN.md). */
const SHORT = ['ac', 'vi', 'oj', 'ac repair', 'uk', 'ev'];

const areas = LAGOS_AREAS.map((a) => a.name.toLowerCase());
const at = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

/** The 200 queries: single words, two words, synonyms, type filters, short terms, misses. */
export function searchBenchQueries(): BenchQuery[] {
  const queries: BenchQuery[] = [];
  for (let i = 0; i < 25; i += 1) queries.push({ q: at(SERVICES, i) });
  for (let i = 0; i < 19; i += 1) queries.push({ q: at(areas, i < 13 ? i * 2 : (i - 13) * 2 + 1) });
  for (let i = 0; i < 60; i += 1) {
    const service = at(SERVICES, i * 7);
    const area = at(areas, i * 11 + 3);
    queries.push({ q: i % 2 === 0 ? `${area} ${service}` : `${service} ${area}` });
  }
  queries.push({ q: 'ikeja tyre' }, { q: 'panel beating surulere' });
  for (let i = 0; i < 30; i += 1) {
    const synonym = at(SYNONYMS, i);
    queries.push({ q: i < 15 ? synonym : `${synonym} ${at(areas, i * 5)}` });
  }
  for (let i = 0; i < 40; i += 1) {
    const q = i % 3 === 0 ? at(areas, i) : i % 3 === 1 ? at(SERVICES, i * 3) : at(SYNONYMS, i);
    const query: BenchQuery = { q, type: at(TYPES, i) };
    if (i % 4 === 3) query.location = at(areas, i * 3 + 1);
    queries.push(query);
  }
  for (let i = 0; i < 6; i += 1) queries.push({ q: at(areas, i * 5 + 1), location: 'Lagos' });
  queries.push(...SHORT.map((q) => ({ q })));
  queries.push(...NOTHING.map((q) => ({ q })));
  if (queries.length !== 200) throw new Error(`expected 200 queries, built ${queries.length}`);
  return queries;
}
