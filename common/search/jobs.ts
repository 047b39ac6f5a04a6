import type { CategoryPageKey } from '../schemas/categories.ts';
import { baseForms, normaliseText } from './understand.ts';

/**
 * The jobs a Find It request names (issue 36.6, ADR 080): what fair-price ranges are kept for.
 * Data beside the search vocabulary (same alphabet: lower-case a-z, digits, single spaces); a
 * request's job type is the first whose phrase its words hold, whole words, plural and verb
 * forms included ("brake pads" finds "brake pad", "spraying" finds "spray"). `label` is how the
 * range reads ("Brake pads replaced: ₦18,000–₦35,000"); `categories` the category pages that show
 * it.
 */
export interface JobType {
  key: string;
  label: string;
  phrases: readonly string[];
  categories: readonly CategoryPageKey[];
}

// prettier-ignore
export const JOB_TYPES: readonly JobType[] = [
  { key: 'brake-pads', label: 'Brake pads replaced', phrases: ['brake pad', 'brake pads', 'brake shoe', 'brake noise', 'brakes squeal', 'brake'], categories: ['mechanic', 'workshops'] },
  { key: 'oil-service', label: 'Oil and filter change', phrases: ['oil change', 'change oil', 'engine oil', 'oil filter', 'servicing', 'service my car', 'full service'], categories: ['mechanic', 'workshops'] },
  { key: 'panel-spray', label: 'Panel beating and spraying', phrases: ['panel beating', 'panel beat', 'panel beater', 'dent', 'bumper', 'spray', 'respray', 'body work', 'scratch'], categories: ['bodywork', 'workshops'] },
  { key: 'ac-regas', label: 'AC gas refill', phrases: ['ac gas', 'regas', 're gas', 'ac not cold', 'air condition', 'aircon', 'ac not cooling', 'ac'], categories: ['mechanic', 'workshops'] },
  { key: 'tyre', label: 'Tyre replaced', phrases: ['tyre', 'tire', 'flat tyre', 'puncture', 'vulcanise'], categories: ['workshops', 'mechanic'] },
  { key: 'alignment', label: 'Wheel alignment and balancing', phrases: ['wheel alignment', 'alignment', 'balancing', 'wheel balancing'], categories: ['workshops', 'mechanic'] },
  { key: 'battery', label: 'Battery replaced', phrases: ['battery', 'car not starting', 'wont start', 'not starting'], categories: ['mechanic', 'parts'] },
  { key: 'shocks', label: 'Shock absorbers replaced', phrases: ['shock absorber', 'shock', 'shocks', 'suspension'], categories: ['mechanic', 'workshops'] },
  { key: 'gearbox', label: 'Gearbox repair', phrases: ['gearbox', 'gear box', 'transmission', 'gear not entering', 'gear slipping'], categories: ['mechanic', 'workshops'] },
  { key: 'engine-overhaul', label: 'Engine overhaul', phrases: ['engine overhaul', 'overhaul', 'knocking engine', 'engine knock'], categories: ['mechanic', 'workshops'] },
  { key: 'electrical', label: 'Electrical fault fixed', phrases: ['wiring', 'rewire', 'electrical', 'alternator', 'starter'], categories: ['mechanic', 'workshops'] },
  { key: 'windscreen', label: 'Windscreen replaced', phrases: ['windscreen', 'windshield', 'side mirror', 'glass'], categories: ['workshops', 'parts'] },
  { key: 'towing', label: 'Tow within Lagos', phrases: ['tow', 'tow van', 'tow truck', 'recovery', 'breakdown'], categories: ['breakdown'] },
  { key: 'car-wash', label: 'Full car wash', phrases: ['car wash', 'wash', 'detailing', 'interior cleaning'], categories: ['workshops'] },
];

/** Makes whose parts and labour cost more: their quotes are ranged apart when there are enough. */
export const LUXURY_MAKES: readonly string[] = [
  'Lexus',
  'Mercedes-Benz',
  'BMW',
  'Land Rover',
  'Infiniti',
  'Acura',
  'Audi',
  'Porsche',
  'Volvo',
];

/** The class a make's quotes are ranged in: `luxury`, `standard`, or null without a make. */
export function carClassOf(make: string | null | undefined): 'luxury' | 'standard' | null {
  if (!make) return null;
  return LUXURY_MAKES.includes(make) ? 'luxury' : 'standard';
}

const PHRASES = JOB_TYPES.flatMap((job) =>
  job.phrases.map((phrase) => ({ job, words: phrase.split(' ') })),
);

/**
 * The job type of a request's words (its job, then its details), or null: the first job type (in
 * the list's order) with a phrase held as whole words, each word in any of its base forms.
 */
export function jobTypeOf(...texts: readonly (string | null | undefined)[]): JobType | null {
  for (const text of texts) {
    if (!text) continue;
    const words = normaliseText(text).split(' ');
    const forms = words.map((w) => new Set(baseForms(w)));
    const found = PHRASES.find(({ words: phrase }) =>
      forms.some((_, at) => phrase.every((p, i) => forms[at + i]?.has(p))),
    );
    if (found) return found.job;
  }
  return null;
}

export function jobTypeByKey(key: string): JobType | undefined {
  return JOB_TYPES.find((job) => job.key === key);
}
