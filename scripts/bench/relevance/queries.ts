import { areaNeighbours, type Make, type Skill, type Trade, type Truth } from './corpus.ts';

/**
 * The judged queries of `npm run bench:relevance` (issue 35.9), written as Lagos motorists type
 * them. Each query's relevant listings are a rule over the corpus's ground truth (`Truth`), never
 * over its wording: "panel beater lekki" is relevant to every body shop in Lekki or its LGA,
 * whatever the shop calls itself. `answerable: false` marks a query no listing answers (the
 * corpus has no motorcycle or tricycle trades): measured apart.
 */

export const GROUPS = [
  'typos',
  'car makes',
  'areas',
  'Lagos words',
  'symptoms',
  'UK/US spellings',
  'plural and verb forms',
  'plain trades',
] as const;
export type Group = (typeof GROUPS)[number];

export type Rule = (listing: Truth) => boolean;

export interface JudgedQuery {
  group: Group;
  q: string;
  relevant: Rule;
  answerable: boolean;
}

// Rules over the truth.
const trade =
  (t: Trade): Rule =>
  (l) =>
    l.trade === t;
const skill =
  (s: Skill): Rule =>
  (l) =>
    l.skills.has(s);
const make =
  (m: Make): Rule =>
  (l) =>
    l.makes.has(m);
const near =
  (area: string): Rule =>
  (l) =>
    areaNeighbours(area).has(l.area);
const all =
  (...rules: Rule[]): Rule =>
  (l) =>
    rules.every((r) => r(l));
const any =
  (...rules: Rule[]): Rule =>
  (l) =>
    rules.some((r) => r(l));
const none: Rule = () => false;

const mechanic = trade('mechanic');
const parts = trade('parts');
const panel = trade('panel');
const tyre = trade('tyre');
const electrical = trade('electrical');
const dealer = trade('dealer');
const towing = trade('towing');
const wash = trade('wash');
const rental = trade('rental');
const glass = trade('glass');
const airCon = any(trade('ac'), skill('ac'));
const alignment = skill('alignment');
const gearbox = skill('gearbox');
const suspension = skill('suspension');
const battery = skill('battery');

const rows: Record<Group, readonly (readonly [string, Rule])[]> = {
  typos: [
    ['mechanik', mechanic],
    ['machanic', mechanic],
    ['mechnic', mechanic],
    ['mekanic ikeja', all(mechanic, near('Ikeja'))],
    ['spair parts', parts],
    ['spare prts', parts],
    ['pannel beater', panel],
    ['panel beeter', panel],
    ['vulcanizar', tyre],
    ['vulganizer', tyre],
    ['alighment', alignment],
    ['allignment', alignment],
    ['windscreeen', glass],
    ['toyata mechanic', all(mechanic, make('Toyota'))],
    ['mercedez parts', all(parts, make('Mercedes'))],
    ['electrition', electrical],
    ['auto electrican', electrical],
    ['towwing', towing],
    ['gearbox reapir', gearbox],
    ['shock absorbar', suspension],
    ['lexsus', make('Lexus')],
  ],
  'car makes': [
    ['toyota mechanic', all(mechanic, make('Toyota'))],
    ['benz mechanic', all(mechanic, make('Mercedes'))],
    ['mercedes specialist', all(mechanic, make('Mercedes'))],
    ['lexus spare parts', all(parts, make('Lexus'))],
    ['honda parts', all(parts, make('Honda'))],
    ['toyota camry mechanic', all(mechanic, make('Toyota'))],
    ['hyundai dealer', all(dealer, make('Hyundai'))],
    ['kia dealer', all(dealer, make('Kia'))],
    ['peugeot mechanic', all(mechanic, make('Peugeot'))],
    ['peugeot 406 parts', all(parts, make('Peugeot'))],
    ['ford mechanic', all(mechanic, make('Ford'))],
    ['nissan spare parts', all(parts, make('Nissan'))],
    ['bmw mechanic', all(mechanic, make('BMW'))],
    ['range rover specialist', all(mechanic, make('Land Rover'))],
    ['volkswagen parts', all(parts, make('Volkswagen'))],
    ['corolla spare parts', all(parts, make('Toyota'))],
    ['sienna mechanic', all(mechanic, make('Toyota'))],
    ['lexus dealer', all(dealer, make('Lexus'))],
    ['toyota dealer', all(dealer, make('Toyota'))],
    ['honda accord mechanic', all(mechanic, make('Honda'))],
    ['mazda', make('Mazda')],
  ],
  areas: [
    ['mechanic ikeja', all(mechanic, near('Ikeja'))],
    ['mechanic in surulere', all(mechanic, near('Surulere'))],
    ['vulcanizer near yaba', all(tyre, near('Yaba'))],
    ['panel beater lekki', all(panel, near('Lekki'))],
    ['car wash vi', all(wash, near('Victoria Island'))],
    ['spare parts ladipo', all(parts, near('Ladipo'))],
    ['tyre shop ojota', all(tyre, near('Ojota'))],
    ['auto electrician berger', all(electrical, near('Berger'))],
    ['car dealers in ikeja', all(dealer, near('Ikeja'))],
    ['mechanic festac', all(mechanic, near('Festac'))],
    ['towing ajah', all(towing, near('Ajah'))],
    ['car ac repair lekki phase 1', all(airCon, near('Lekki'))],
    ['mechanic ikeja gra', all(mechanic, near('Ikeja'))],
    ['car hire victoria island', all(rental, near('Victoria Island'))],
    ['spare parts oshodi', all(parts, near('Oshodi'))],
    ['panel beating ikorodu', all(panel, near('Ikorodu'))],
    ['mechanic gbagada', all(mechanic, near('Gbagada'))],
    ['car wash surulere', all(wash, near('Surulere'))],
    ['tyre ikeja', all(tyre, near('Ikeja'))],
    ['body shop yaba', all(panel, near('Yaba'))],
    ['mechanic apapa', all(mechanic, near('Apapa'))],
    ['vulcanizer festac town', all(tyre, near('Festac'))],
  ],
  'Lagos words': [
    ['panel beater', panel],
    ['vulcanizer', tyre],
    ['vulcaniser', tyre],
    ['rewire man', electrical],
    ['rewire', electrical],
    ['ac man', airCon],
    ['aircon', airCon],
    ['tokunbo cars', all(dealer, skill('used'))],
    ['foreign used cars', all(dealer, skill('used'))],
    ['belgium cars', all(dealer, skill('used'))],
    ['tokunbo engine', all(parts, skill('used'))],
    ['tow van', towing],
    ['spray painter', panel],
    ['mechanic village', skill('village')],
    ['wheel alignment and balancing', alignment],
    ['gear box', gearbox],
    ['shocks', suspension],
    ['car hire', rental],
    ['body shop', panel],
    ['battery charger', battery],
    ['keke spare parts', none],
  ],
  symptoms: [
    ['car not starting', any(electrical, battery, mechanic)],
    ["car won't start", any(electrical, battery, mechanic)],
    ['battery down', any(battery, electrical)],
    ['ac not cold', airCon],
    ['ac not cooling', airCon],
    ['brake noise', skill('brakes')],
    ['squeaking brakes', skill('brakes')],
    ['flat tyre', tyre],
    ['puncture', tyre],
    ['overheating', skill('cooling')],
    ['engine overheating', skill('cooling')],
    ['smoke from engine', mechanic],
    ['engine knocking', mechanic],
    ['gear not entering', gearbox],
    ['gear slipping', gearbox],
    ['car shaking at high speed', any(alignment, suspension)],
    ['noise when passing bump', suspension],
    ['cracked windscreen', glass],
    ['dent on my car', panel],
    ['headlight not working', electrical],
    ['car broke down', towing],
    ['check engine light', any(skill('diagnostics'), electrical)],
  ],
  'UK/US spellings': [
    ['tire', tyre],
    ['tires', tyre],
    ['tire shop', tyre],
    ['tire repair ikeja', all(tyre, near('Ikeja'))],
    ['windshield', glass],
    ['windshield replacement', glass],
    ['auto body shop', panel],
    ['car dealership', dealer],
    ['wrecker service', towing],
    ['tow truck', towing],
    ['color matching', panel],
    ['colour matching', panel],
    ['air conditioning repair', airCon],
    ['transmission repair', gearbox],
    ['auto electric', electrical],
    ['tire alignment', alignment],
    ['auto parts store', parts],
    ['car detailing', wash],
    ['tires lekki', all(tyre, near('Lekki'))],
    ['tyre', tyre],
    ['windscreen', glass],
  ],
  'plural and verb forms': [
    ['mechanics', mechanic],
    ['tyres', tyre],
    ['panel beaters', panel],
    ['vulcanizers', tyre],
    ['car repairs', mechanic],
    ['towing', towing],
    ['tow', towing],
    ['painting', panel],
    ['paint', panel],
    ['spraying', panel],
    ['washing', wash],
    ['car washes', wash],
    ['rentals', rental],
    ['renting car', rental],
    ['spare part', parts],
    ['dealers', dealer],
    ['electricians', electrical],
    ['fixing ac', airCon],
    ['repairing gearbox', gearbox],
    ['batteries', battery],
    ['windscreens', glass],
    ['shock absorbers', suspension],
  ],
  'plain trades': [
    ['mechanic', mechanic],
    ['spare parts', parts],
    ['car wash', wash],
    ['panel beating', panel],
    ['auto electrician', electrical],
    ['car dealer', dealer],
    ['car rental', rental],
    ['windscreen repair', glass],
    ['car insurance', trade('insurance')],
    ['vehicle inspection', trade('inspection')],
    ['body work', panel],
    ['breakdown recovery', towing],
    ['auto parts', parts],
    ['car repair', mechanic],
    ['air conditioning', airCon],
    ['wheel alignment', alignment],
    ['used cars', all(dealer, skill('used'))],
    ['garage', mechanic],
    ['workshop', mechanic],
    ['car sales', dealer],
    ['okada mechanic', none],
  ],
};

/** Every judged query, in group order. */
export const JUDGED_QUERIES: readonly JudgedQuery[] = GROUPS.flatMap((group) =>
  rows[group].map(([q, relevant]) => ({ group, q, relevant, answerable: relevant !== none })),
);
