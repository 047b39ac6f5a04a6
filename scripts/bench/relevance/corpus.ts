import Papa from 'papaparse';
import { areaNamesWithin, LAGOS_AREAS } from '../../../common/config/lagos-areas.ts';
import { nearestLagosArea } from '../../../functions/imports/lagos-areas.ts';
import { HAND_WRITTEN } from './hand-written.ts';

/**
 * The relevance bench's own corpus (issue 35.9): about 1,500 Lagos listings written the way Lagos
 * businesses describe themselves, each with its ground truth (what it does, for which makes,
 * where), so a judged query's relevant set is a rule over the truth, never over the wording.
 * Three kinds: rich listings from templates (the admin CSV's export format), hand-written ones
 * (`hand-written.ts`, hard negatives among them), and sparse OpenStreetMap points (name and tag
 * only, the admin CSV's OSM format). Deterministic: the same seed gives the same corpus.
 */

/** What a listing does: its trade (one per category) and the skills its text evidences. */
export type Trade =
  | 'mechanic'
  | 'panel'
  | 'tyre'
  | 'electrical'
  | 'ac'
  | 'parts'
  | 'dealer'
  | 'towing'
  | 'wash'
  | 'rental'
  | 'glass'
  | 'insurance'
  | 'inspection';

export type Skill =
  | 'gearbox'
  | 'suspension'
  | 'brakes'
  | 'cooling'
  | 'diagnostics'
  | 'battery'
  | 'alignment'
  | 'spray'
  | 'used'
  | 'new'
  | 'village'
  | 'ac';

export const MAKES = [
  'Toyota',
  'Lexus',
  'Honda',
  'Mercedes',
  'Hyundai',
  'Kia',
  'Ford',
  'Peugeot',
  'Nissan',
  'Volkswagen',
  'BMW',
  'Land Rover',
  'Mazda',
  'Acura',
] as const;
export type Make = (typeof MAKES)[number];

/** A listing's ground truth: the judge's view of it, independent of how it is worded. */
export interface Truth {
  /** Unique in the corpus: results are matched back by name. */
  name: string;
  trade: Trade;
  skills: ReadonlySet<Skill>;
  makes: ReadonlySet<Make>;
  /** An area name of `common/config/lagos-areas.ts`. */
  area: string;
  kind: 'rich' | 'hand' | 'osm';
}

/** One rich listing as the admin CSV (export format) carries it, with its truth. */
export interface RichListing {
  truth: Truth;
  type: string;
  city: string;
  address: string;
  services: string;
  description: string;
  phone: string;
  createdAt: string;
}

export interface OsmListing {
  truth: Truth;
  nodeId: number;
  lat: number;
  lon: number;
  tag: [key: string, value: string];
}

export interface Corpus {
  rich: RichListing[];
  osm: OsmListing[];
  /** Every listing's truth, by name. */
  truth: Map<string, Truth>;
}

/** The category (SPEC §9) a trade's listings are filed under. */
export const TRADE_CATEGORY: Record<Trade, string> = {
  mechanic: 'Mechanic / Repair Services',
  panel: 'Body Work & Paint',
  tyre: 'Tyre Services',
  electrical: 'Auto Electrical',
  ac: 'Air Conditioning Repair',
  parts: 'Auto Parts & Accessories',
  dealer: 'Car Dealership / Sales',
  towing: 'Breakdown Recovery / Towing',
  wash: 'Car Wash & Detailing',
  rental: 'Car Rental',
  glass: 'Windscreen / Glass - Repair / Replacement',
  insurance: 'Auto Insurance',
  inspection: 'Vehicle Inspection',
};

/** mulberry32: a small seeded generator (uniform in [0, 1)). */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
function weighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let at = random() * total;
  for (const [item, w] of items) {
    at -= w;
    if (at < 0) return item;
  }
  return items.at(-1)![0];
}
function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length)
    out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

// Who runs the business: the first word of most Lagos trade names.
const OWNERS = [
  'Emeka',
  'Chuks',
  'Ade',
  'Tunde',
  'Kunle',
  'Segun',
  'Femi',
  'Baba Ibeji',
  'Alhaji Musa',
  'Musa',
  'Ibrahim',
  'Usman',
  'Emmanuel',
  'St. Emmanuel',
  'Okafor',
  'Obinna',
  'Nnamdi',
  'Ifeanyi',
  'Ikechukwu',
  'Olumide',
  'Yinka',
  'Babatunde',
  'Sunday',
  'Friday',
  'Monday',
  'Isaac',
  'Jacob',
  'Victor',
  'David',
  'Godwin',
  'Felix',
  'Lucky',
  'Blessing',
  'Mama Nkechi',
  'Iya Basira',
  'Oga Sule',
  'Danjuma',
  'Abubakar',
  'Uche',
  'Chinedu',
  'Kelechi',
  'Akin',
  'Dayo',
  'Wale',
  'Jide',
  'Rasheed',
  'Taiwo',
  'Kehinde',
  'Bayo',
  'Ola',
];
const BRANDS = [
  "God's Grace",
  'Divine',
  'Jehovah Jireh',
  'Grace',
  'Peace',
  'Victory',
  'Success',
  'Pacific',
  'Oxford',
  'Excel',
  'Royal',
  'Prime',
  'Unique',
  'Crown',
  'Diamond',
  'Golden',
  'Mercy',
  'Favour',
  'Goodness',
  'Hallmark',
  'Supreme',
  'Zenith',
  'Omega',
  'Sterling',
  'Landmark',
];

/** Name endings per trade: how Lagos signboards put it. */
const SUFFIXES: Record<Trade, readonly string[]> = {
  mechanic: [
    'Auto Mechanic Workshop',
    'Motors',
    'Auto Repairs',
    'Garage',
    'Auto Clinic',
    'Autotech',
    'Engineering Works',
    'Auto Care Centre',
    'Car Doctor',
    'Mechanical Works',
    'Auto Services',
    'Auto Workshop',
    'Motor Works',
  ],
  panel: [
    'Panel Beating Works',
    'Panel Beater & Spraying',
    'Auto Body Works',
    'Body Shop',
    'Panel & Spray Works',
    'Auto Body & Paint',
    'Spray Painting Centre',
    'Body Repairs',
  ],
  tyre: [
    'Vulcanizing Centre',
    'Vulcanising & Tyre Centre',
    'Tyre Centre',
    'Tyres & Wheels',
    'Vulcanizer',
    'Wheel Alignment & Balancing',
    'Tyre Services',
    'Tyre Shop',
  ],
  electrical: [
    'Auto Electrical',
    'Auto Electricals',
    'Rewire Works',
    'Car Rewire Centre',
    'Auto Electrician',
    'Car Electrical Services',
    'Battery & Rewire Centre',
  ],
  ac: [
    'Car AC Services',
    'Auto Air Conditioning',
    'Car Aircon Centre',
    'Auto Cooling Systems',
    'Car AC Repairs',
    'Auto AC Clinic',
  ],
  parts: [
    'Auto Parts',
    'Spare Parts',
    'Motor Spare Parts',
    'Auto Spares',
    'Parts Ltd',
    'Genuine Parts',
    'Motors Parts Enterprises',
    'Auto Accessories',
  ],
  dealer: [
    'Motors Ltd',
    'Autos',
    'Cars',
    'Car Sales',
    'Auto Mart',
    'Motor Sales',
    'Autos & Logistics',
    'Car Mart',
  ],
  towing: [
    'Towing Services',
    'Tow Van Services',
    'Recovery Services',
    'Breakdown Recovery',
    'Towing & Recovery',
    'Tow Trucks',
  ],
  wash: ['Car Wash', 'Auto Spa', 'Car Wash & Detailing', 'Auto Detailing', 'Wash & Shine'],
  rental: ['Car Hire', 'Car Rentals', 'Car Hire & Logistics', 'Rent-A-Car', 'Executive Cars'],
  glass: ['Windscreen Services', 'Auto Glass', 'Windscreen & Glass', 'Car Glass Centre'],
  insurance: ['Insurance Brokers', 'Motor Insurance', 'Insurance Agency', 'Assurance Ltd'],
  inspection: ['Vehicle Inspection Centre', 'Roadworthiness Testing', 'Vehicle Testing Centre'],
};

/** Per trade: share of the corpus. */
const TRADE_WEIGHTS: readonly (readonly [Trade, number])[] = [
  ['mechanic', 25],
  ['parts', 15],
  ['panel', 10],
  ['tyre', 10],
  ['dealer', 9],
  ['electrical', 8],
  ['wash', 6],
  ['ac', 5],
  ['towing', 4],
  ['rental', 3],
  ['glass', 2.5],
  ['insurance', 1.5],
  ['inspection', 1],
];

/** Areas as motorists and businesses spell them, weighted by how much trade each has. */
const AREA_WEIGHTS: readonly (readonly [string, number])[] = LAGOS_AREAS.map((a) => [
  a.name,
  (
    {
      Ikeja: 8,
      Surulere: 7,
      Yaba: 5,
      Lekki: 6,
      'Victoria Island': 5,
      Ojota: 4,
      Ladipo: 6,
      Berger: 4,
      Oshodi: 5,
      Festac: 4,
      Ajah: 5,
      Ikorodu: 5,
      Ikoyi: 3,
      Gbagada: 3,
      Maryland: 3,
      Apapa: 3,
      Isolo: 3,
      Ogba: 3,
      Egbeda: 3,
      'Mile 2': 3,
      Alimosho: 3,
      Mushin: 3,
    } as Record<string, number>
  )[a.name] ?? 1,
]);

/** How an address names each area (several spellings where Lagos has them). */
const CITY_SPELLINGS: Record<string, readonly string[]> = {
  'Victoria Island': ['Victoria Island', 'V.I.', 'VI'],
  Lekki: ['Lekki', 'Lekki Phase 1', 'Lekki Phase I'],
  Ikeja: ['Ikeja', 'Ikeja GRA', 'Ikeja'],
  Festac: ['Festac', 'Festac Town'],
  Ladipo: ['Ladipo', 'Ladipo Market, Mushin'],
  Surulere: ['Surulere', 'Surulere'],
};

/** Streets of each area (else a generic street). */
const STREETS: Record<string, readonly string[]> = {
  Ikeja: ['Allen Avenue', 'Obafemi Awolowo Way', 'Oba Akran Avenue', 'Kodesoh Street'],
  Surulere: ['Adeniran Ogunsanya Street', 'Bode Thomas Street', 'Ojuelegba Road'],
  Yaba: ['Herbert Macaulay Way', 'Commercial Avenue', 'Tejuosho Street'],
  'Victoria Island': ['Adeola Odeku Street', 'Ahmadu Bello Way', 'Akin Adesola Street'],
  Lekki: ['Admiralty Way', 'Fola Osibo Road', 'Lekki-Epe Expressway'],
  Ojota: ['Ikorodu Road', 'Ogudu Road'],
  Ladipo: ['Ladipo Street', 'Fatai Atere Way'],
  Berger: ['Lagos-Ibadan Expressway', 'Ojodu-Berger Road'],
  Oshodi: ['Agege Motor Road', 'Oshodi-Apapa Expressway'],
  Festac: ['2nd Avenue', '7th Avenue', '21 Road'],
  Ajah: ['Lekki-Epe Expressway', 'Addo Road'],
  Ikorodu: ['Ikorodu-Sagamu Road', 'Lagos Road', 'Ebute Road'],
  Apapa: ['Wharf Road', 'Creek Road'],
  Gbagada: ['Diya Street', 'Gbagada-Oworonshoki Expressway'],
};
const GENERIC_STREETS = [
  'Olorunsogo Street',
  'Adewale Street',
  'Market Road',
  'Church Street',
  'Mosque Road',
  'Aina Street',
  'Bankole Street',
  'Oduduwa Way',
];

/** Wordings of each skill: a listing evidences it with one of them. */
const SKILL_WORDS: Record<Skill, readonly string[]> = {
  gearbox: [
    'gearbox repair',
    'gear box rebuild',
    'automatic transmission overhaul',
    'transmission specialist',
  ],
  suspension: [
    'shock absorber replacement',
    'suspension repair',
    'shocks, bushings and ball joints',
    'steering and suspension',
  ],
  brakes: ['brake pads and discs', 'brake repair', 'brake system service', 'brake and clutch work'],
  cooling: [
    'radiator repair',
    'cooling system, water pump and thermostat',
    'overheating problems solved',
    'radiator and fan repairs',
  ],
  diagnostics: [
    'computer diagnosis',
    'OBD scan and diagnostics',
    'engine diagnostics with scanner',
  ],
  battery: [
    'batteries sold and charged',
    'starter and alternator repair',
    'battery replacement and charging',
  ],
  alignment: ['wheel alignment', 'alignment and balancing', 'computer wheel balancing'],
  spray: ['spraying', 'spray painting', 'full body respray', 'colour matching and painting'],
  used: ['tokunbo', 'foreign used', 'Belgium used', 'fairly used'],
  new: ['brand new', 'new cars with warranty'],
  village: ['mechanic village', 'auto village'],
  ac: ['car AC repair', 'air condition gas refill'],
};

/** The skills each trade's listings may evidence, with their chance. */
const TRADE_SKILLS: Partial<Record<Trade, readonly (readonly [Skill, number])[]>> = {
  mechanic: [
    ['gearbox', 0.2],
    ['suspension', 0.25],
    ['brakes', 0.35],
    ['cooling', 0.25],
    ['diagnostics', 0.4],
    ['village', 0.08],
  ],
  panel: [
    ['spray', 0.7],
    ['village', 0.06],
  ],
  tyre: [
    ['alignment', 0.45],
    ['suspension', 0.1],
  ],
  electrical: [
    ['battery', 0.5],
    ['diagnostics', 0.3],
    ['ac', 0.15],
    ['village', 0.06],
  ],
  parts: [['used', 0.45]],
  ac: [['cooling', 0.2]],
};

/** Makes by how often Lagos workshops name them. */
const MAKE_WEIGHTS: readonly (readonly [Make, number])[] = [
  ['Toyota', 30],
  ['Honda', 14],
  ['Mercedes', 13],
  ['Lexus', 10],
  ['Hyundai', 6],
  ['Kia', 5],
  ['Ford', 5],
  ['Peugeot', 5],
  ['Nissan', 5],
  ['Volkswagen', 4],
  ['BMW', 4],
  ['Land Rover', 3],
  ['Mazda', 2],
  ['Acura', 2],
];
/** How a listing names a make: the make, another name for it, or a model. */
const MAKE_WORDS: Record<Make, readonly string[]> = {
  Toyota: ['Toyota', 'Toyota', 'Toyota Camry and Corolla', 'Toyota Sienna and Highlander'],
  Lexus: ['Lexus', 'Lexus RX and ES', 'Lexus'],
  Honda: ['Honda', 'Honda Accord and Pilot', 'Honda'],
  Mercedes: ['Mercedes-Benz', 'Mercedes', 'Benz', 'Mercedes-Benz C-Class and ML'],
  Hyundai: ['Hyundai', 'Hyundai Elantra and Sonata'],
  Kia: ['Kia', 'Kia Rio and Sportage'],
  Ford: ['Ford', 'Ford Explorer and Escape'],
  Peugeot: ['Peugeot', 'Peugeot 406 and 307'],
  Nissan: ['Nissan', 'Nissan Almera and Pathfinder'],
  Volkswagen: ['Volkswagen', 'VW Golf and Passat'],
  BMW: ['BMW', 'BMW 3 Series and X5'],
  'Land Rover': ['Land Rover', 'Range Rover and Land Rover'],
  Mazda: ['Mazda'],
  Acura: ['Acura'],
};
const MAKE_TRADES: ReadonlySet<Trade> = new Set(['mechanic', 'parts', 'dealer', 'panel']);

/** Plain services of each trade (always evidenced by the trade itself). */
const BASE_SERVICES: Record<Trade, readonly string[]> = {
  mechanic: ['Engine repair', 'Servicing and oil change', 'Engine overhaul', 'General repairs'],
  panel: ['Dent removal', 'Accident repairs', 'Body work', 'Bumper repairs'],
  tyre: ['Tyre repair', 'Puncture repair', 'New and used tyres', 'Tyre fitting'],
  electrical: ['Car wiring', 'Rewiring', 'Lights and horn repair', 'Sensor replacement'],
  ac: ['AC gas refill', 'Compressor repair', 'AC servicing', 'Condenser and evaporator repair'],
  parts: ['Engine parts', 'Body parts', 'Filters and plugs', 'Brake parts', 'Headlamps'],
  dealer: ['Car sales', 'Trade-in', 'Car financing', 'Vehicle registration'],
  towing: ['24/7 towing', 'Breakdown recovery', 'Accident recovery', 'Flatbed towing'],
  wash: ['Car wash', 'Interior cleaning', 'Engine wash', 'Waxing and polishing'],
  rental: ['Car hire with driver', 'Airport pickup', 'Wedding cars', 'Daily and weekly rental'],
  glass: ['Windscreen replacement', 'Side glass', 'Windscreen repair', 'Glass tinting'],
  insurance: ['Comprehensive motor insurance', 'Third party insurance', 'Claims support'],
  inspection: ['Roadworthiness certificate', 'Vehicle inspection', 'Pre-purchase inspection'],
};

/** Opening sentences of a description per trade, `{name}` and `{area}` filled in. */
const OPENERS: Record<Trade, readonly string[]> = {
  mechanic: [
    'Experienced mechanics fixing cars in {area} for over 15 years.',
    'A trusted workshop in {area}: honest prices and quick turnaround.',
    'Our auto repair garage in {area} handles everything from servicing to engine work.',
    'Qualified auto technicians serving {area} and environs.',
  ],
  panel: [
    'Panel beating and body work done neatly in {area}.',
    'We restore accident-damaged cars to factory finish. Located in {area}.',
    'Body shop in {area}: dents, scratches and full resprays.',
  ],
  tyre: [
    'Vulcanizer open early till late in {area}.',
    'Tyre sales, fitting and puncture repair in {area}.',
    'Fast tyre service for cars and SUVs in {area}.',
  ],
  electrical: [
    'Auto electrician in {area} for wiring faults, lights and sensors.',
    'We trace and fix every electrical fault. Rewire man in {area}.',
    'Car electrical repairs in {area} done with proper tools.',
  ],
  ac: [
    'Car air conditioning repairs in {area}: we make your AC cold again.',
    'AC specialists in {area} for cars, buses and SUVs.',
  ],
  parts: [
    'Spare parts dealer in {area} with a wide range in stock.',
    'Genuine and quality parts at good prices in {area}.',
    'We supply parts to mechanics and car owners across Lagos from {area}.',
  ],
  dealer: [
    'Car dealer in {area} with clean cars at good prices.',
    'Buy your next car from our showroom in {area}.',
    'Cars for sale in {area}: inspection welcome.',
  ],
  towing: [
    'Tow truck on standby across Lagos, based in {area}.',
    'Breakdown? Call us: recovery anywhere in Lagos from {area}.',
  ],
  wash: ['Car wash and detailing in {area}.', 'We wash, polish and clean your car in {area}.'],
  rental: [
    'Car hire in {area} with or without a driver.',
    'Rent a clean car for the day or the week in {area}.',
  ],
  glass: [
    'Windscreen and car glass replacement in {area}.',
    'Cracked windscreen? We fix it in {area}.',
  ],
  insurance: ['Motor insurance cover arranged quickly from {area}.'],
  inspection: ['Vehicle inspection and roadworthiness testing in {area}.'],
};

/** Neighbour set of an area for judging: the area plus every area of its LGA. */
export function areaNeighbours(area: string): ReadonlySet<string> {
  const entry = LAGOS_AREAS.find((a) => a.name === area);
  if (!entry) return new Set([area]);
  return new Set([area, ...areaNamesWithin(entry.lga)]);
}

const join = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Builds the corpus: `rich` templated listings, the hand-written ones and `osm` sparse points.
 * Names are unique (a clash gets its area added, then a branch number).
 */
export function buildCorpus({
  seed = 35,
  rich = 1300,
  osm = 160,
}: { seed?: number; rich?: number; osm?: number } = {}): Corpus {
  const random = generator(seed);
  const truth = new Map<string, Truth>();
  const unique = (name: string, area: string): string => {
    if (!truth.has(name)) return name;
    const withArea = `${name} ${area}`;
    if (!truth.has(withArea)) return withArea;
    for (let n = 2; ; n += 1) if (!truth.has(`${withArea} ${n}`)) return `${withArea} ${n}`;
  };
  const phone = () => `080${String(Math.floor(random() * 1e8)).padStart(8, '0')}`;
  const created = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 3_600_000 * 11).toISOString();

  const out: Corpus = { rich: [], osm: [], truth };
  for (const hand of HAND_WRITTEN) {
    const t: Truth = {
      name: hand.name,
      trade: hand.trade,
      skills: new Set(hand.skills ?? []),
      makes: new Set(hand.makes ?? []),
      area: hand.area,
      kind: 'hand',
    };
    truth.set(t.name, t);
    out.rich.push({
      truth: t,
      type: TRADE_CATEGORY[hand.trade],
      city: hand.city ?? hand.area,
      address: hand.address,
      services: hand.services,
      description: hand.description,
      phone: phone(),
      createdAt: created(out.rich.length),
    });
  }

  for (let i = 0; i < rich; i += 1) {
    const trade = weighted(random, TRADE_WEIGHTS);
    const area = weighted(random, AREA_WEIGHTS);
    const skills = new Set<Skill>();
    for (const [skill, chance] of TRADE_SKILLS[trade] ?? [])
      if (random() < chance) skills.add(skill);
    if (trade === 'dealer') skills.add(random() < 0.6 ? 'used' : 'new');
    if (trade === 'parts' && !skills.has('used') && random() < 0.3) skills.add('new');
    const makes = new Set<Make>();
    if (MAKE_TRADES.has(trade) && random() < 0.6) {
      const count = weighted(random, [
        [1, 5],
        [2, 3],
        [3, 1],
      ] as const);
      while (makes.size < count) makes.add(weighted(random, MAKE_WEIGHTS));
    }
    const makeList = [...makes];
    const makeWords = makeList.map((m) => pick(random, MAKE_WORDS[m]));
    const areaText = pick(random, CITY_SPELLINGS[area] ?? [area]);

    // The name: owner or brand, sometimes a make or the area, then the trade's ending.
    const head = random() < 0.6 ? pick(random, OWNERS) : pick(random, BRANDS);
    const suffix = pick(random, SUFFIXES[trade]);
    const nameStyle = random();
    let name =
      makeList.length && nameStyle < 0.25
        ? `${head} ${makeList[0] === 'Mercedes' ? pick(random, ['Benz', 'Mercedes']) : makeList[0]} ${suffix}`
        : nameStyle < 0.4
          ? `${areaText.replace(/,.*/, '')} ${suffix}`
          : `${head} ${suffix}`;
    if (skills.has('village') && random() < 0.5) name = `${head} ${suffix} (Mechanic Village)`;
    name = unique(name, area);

    const skillWords = [...skills].map((s) => pick(random, SKILL_WORDS[s]));
    const base = sample(random, BASE_SERVICES[trade], 2 + Math.floor(random() * 2));
    const services = [...base, ...skillWords.filter((w) => !/village/.test(w))].map(capitalise);
    if (makeWords.length && random() < 0.5) services.push(`${makeWords[0]} specialist`);

    const sentences = [pick(random, OPENERS[trade]).replace('{area}', areaText)];
    if (makeWords.length)
      sentences.push(
        pick(random, [
          `We specialise in ${join(makeWords)}.`,
          `Specialists in ${join(makeWords)} vehicles.`,
          `${join(makeWords)} cars are our speciality.`,
        ]),
      );
    if (skills.has('used'))
      sentences.push(
        trade === 'dealer'
          ? pick(random, [
              'Tokunbo cars, clean and duty paid.',
              'Foreign used cars direct from the port.',
              'Belgium and American used cars at good prices.',
              'Quality fairly used vehicles.',
            ])
          : pick(random, [
              'Tokunbo parts and used engines in stock.',
              'Foreign used engines and gearboxes.',
              'Belgium parts, original and tested.',
            ]),
      );
    if (skills.has('new'))
      sentences.push(
        trade === 'dealer'
          ? pick(random, ['Brand new cars with warranty.', 'New vehicles, authorised sales.'])
          : 'New genuine parts only.',
      );
    if (skills.has('village'))
      sentences.push(
        pick(random, [
          `Inside the mechanic village, ${areaText}.`,
          `Find us in the auto village at ${areaText}.`,
        ]),
      );
    if (skillWords.length && random() < 0.6)
      sentences.push(`We also do ${skillWords.join(', ').toLowerCase()}.`);

    const street = pick(random, STREETS[area] ?? GENERIC_STREETS);
    const t: Truth = { name, trade, skills, makes, area, kind: 'rich' };
    truth.set(name, t);
    out.rich.push({
      truth: t,
      type: TRADE_CATEGORY[trade],
      city: areaText.replace(/,.*/, ''),
      address: `${1 + Math.floor(random() * 120)} ${street}, ${areaText}`,
      services: services.join(', '),
      description: sentences.join(' '),
      phone: phone(),
      createdAt: created(out.rich.length),
    });
  }

  // Sparse OpenStreetMap points: a name and a tag, placed a few hundred metres from an area centre.
  const OSM_TAGS: readonly (readonly [[string, string], Trade, readonly string[], number])[] = [
    [['shop', 'car_repair'], 'mechanic', ['Mechanic', 'Auto Repair', 'Motors', 'Garage'], 45],
    [['shop', 'car_parts'], 'parts', ['Spare Parts', 'Auto Parts', 'Motor Parts'], 25],
    [['shop', 'tyres'], 'tyre', ['Vulcanizer', 'Tyres', 'Vulcanizing'], 25],
    [['amenity', 'car_wash'], 'wash', ['Car Wash', 'Carwash'], 20],
    [['shop', 'car'], 'dealer', ['Motors', 'Autos', 'Cars'], 20],
    [['shop', 'car_electrical'], 'electrical', ['Auto Electrical', 'Rewire'], 10],
    [['amenity', 'car_rental'], 'rental', ['Car Hire', 'Car Rental'], 5],
  ];
  for (let i = 0; i < osm; i += 1) {
    const [tag, trade, words] = weighted(
      random,
      OSM_TAGS.map((row) => [row, row[3]] as const),
    );
    const chosen = weighted(random, AREA_WEIGHTS);
    const centre = LAGOS_AREAS.find((a) => a.name === chosen)!;
    const lat = centre.lat + (random() - 0.5) * 0.004;
    const lon = centre.lon + (random() - 0.5) * 0.004;
    const area = nearestLagosArea(lat, lon);
    const style = random();
    const base =
      style < 0.2
        ? pick(random, words)
        : style < 0.7
          ? `${pick(random, OWNERS)} ${pick(random, words)}`
          : `${pick(random, BRANDS)} ${pick(random, words)}`;
    const name = unique(base, area);
    const t: Truth = { name, trade, skills: new Set(), makes: new Set(), area, kind: 'osm' };
    truth.set(name, t);
    out.osm.push({ truth: t, nodeId: 9_000_000_000 + i, lat, lon, tag: [...tag] });
  }
  return out;
}

/** The rich and hand-written listings as the admin CSV import's export format. */
export function exportCsv(corpus: Corpus): string {
  return Papa.unparse(
    corpus.rich.map((l) => ({
      'Business Name': l.truth.name,
      Email: '',
      Phone: l.phone,
      'Business Type': l.type,
      Status: 'approved',
      City: l.city,
      State: 'Lagos',
      Address: l.address,
      Website: '',
      Services: l.services,
      Description: l.description,
      'Contact Name': '',
      Featured: 'No',
      'Contact Visibility': 'public',
      'Created At': l.createdAt,
    })),
  );
}

/** The sparse points as the OSM extract format (shared/data/osm) the import reads. */
export function osmCsv(corpus: Corpus): string {
  return Papa.unparse(
    corpus.osm.map((p) => ({
      osm_node_id: p.nodeId,
      lat: p.lat.toFixed(6),
      lon: p.lon.toFixed(6),
      name: p.truth.name,
      name_en: '',
      osm_key: p.tag[0],
      osm_value: p.tag[1],
      in_lagos_bbox: 1,
    })),
  );
}
