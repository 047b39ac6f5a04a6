import { LAGOS_AREAS } from '../../functions/imports/lagos-areas.ts';

/**
 * The 300 search queries of the search benchmark (issue 11 point 3, ADR 012; issue 28
 * point 1, ADR 033): what people type in the SPEC §2 search boxes, against the synthetic Lagos
 * directory (functions/db/seeds/synthetic-listings.ts), every shape users type: single words, two
 * and three words, multi-word synonyms, a word and an area name, a word and a type filter, the
 * area filter, and misspellings the spec's synonyms miss; and issue 35's shapes (Lagos words,
 * typos, car makes, an area in the query, complaints). Deterministic: the same list every run.
 */
export interface BenchQuery {
  q: string;
  /** A category page's type filter (SPEC §7), or a free type. */
  type?: string;
  location?: string;
  /** The area filter (an area name of common/config/lagos-areas.ts: an LGA takes its neighbourhoods). */
  area?: string;
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

/** Misspellings the SPEC §7 synonyms do not cover: every word must match, so they find little. */
const MISSPELT = [
  'mechanik',
  'vulcaniser',
  'tyer',
  'panel beeter',
  'spair parts',
  'alternater',
  'batery',
  'windscren',
  'gear box',
  'carwash',
];

/**
 * The shapes of issue 35 (point 8: "every query shape above including typos and symptoms"): Lagos
 * words, typos of one and two edits, car makes, an area named in the query ("in", "near"), and
 * complaints. Written from the issue's own examples and the way motorists type, not from the
 * seed's wording.
 */
const LAGOS_WORDS = [
  'panel beater',
  'vulcanizer',
  'rewire man',
  'aircon',
  'tow van',
  'spray painter',
  'gear box',
  'shock absorber',
  'mechanic village',
  'foreign used parts',
  'car ac',
  'tire',
];
const TYPOS = [
  'machanic',
  'pannel beater',
  'alighment',
  'windscreeen',
  'vulcanizor',
  'electrican',
  'transmision',
  'suspenshun',
  'mechanik ikeja',
  'spair parts ladipo',
];
const MAKES = [
  'toyota mechanic',
  'benz specialist',
  'lexus mechanic lekki',
  'honda parts',
  'hyundai',
  'kia spare parts',
  'ford mechanic',
  'nissan',
];
const SYMPTOMS = [
  'car not starting',
  'ac not cold',
  'brake noise',
  'flat tyre',
  'overheating',
  "car won't start",
  'smoke from engine',
  'gear not entering',
  'battery dead',
  'car overheating in ikeja',
];
const AREA_PHRASES = [
  'mechanic in',
  'vulcanizer near',
  'panel beater',
  'towing in',
  'ac repair near',
];

/** Two-word services, the first two words of a three-word query with an area. */
const TWO_WORDS = SERVICES.filter((s) => s.includes(' '));

/** A few terms of one or two characters, which trigram indexes cannot serve (DESIGN.md). */
const SHORT = ['ac', 'vi', 'oj', 'ac repair', 'uk', 'ev'];

const areas = LAGOS_AREAS.map((a) => a.name.toLowerCase());
const at = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

/**
 * The 300 queries: single words, two words, synonyms, type filters, short terms, misses; three
 * words, the area filter and misspellings (issue 28); issue 35's shapes.
 */
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
  for (let i = 0; i < 15; i += 1)
    queries.push({ q: `${at(TWO_WORDS, i)} ${at(areas, i * 7 + 2)}` });
  for (let i = 0; i < 15; i += 1) {
    const area = LAGOS_AREAS[(i * 13 + 5) % LAGOS_AREAS.length]!.name;
    queries.push({ q: i % 3 === 2 ? at(SYNONYMS, i) : at(SERVICES, i * 2), area });
  }
  queries.push(...MISSPELT.map((q) => ({ q })));
  // Issue 35's shapes (60).
  queries.push(...[...LAGOS_WORDS, ...TYPOS, ...MAKES, ...SYMPTOMS].map((q) => ({ q })));
  for (let i = 0; i < 20; i += 1)
    queries.push({ q: `${at(AREA_PHRASES, i)} ${at(areas, i * 9 + 4)}` });
  if (queries.length !== 300) throw new Error(`expected 300 queries, built ${queries.length}`);
  return queries;
}
