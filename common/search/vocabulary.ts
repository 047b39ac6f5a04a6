import type { CategoryPageKey, ServiceCategory } from '../schemas/categories.ts';

/**
 * The shipped search vocabulary (issue 35 points 2, 3 and 5; ADR 062): how Lagos motorists name
 * trades, parts, car makes and complaints, and how they misspell them. Data only: the rules that
 * read it live in `understand.ts`, and an admin's additions (the "Search words" panel, issue 35.7)
 * are merged with it at query time (`mergeVocabulary`).
 *
 * Every entry is lower-case, written with single spaces and the letters a-z and digits only (a
 * unit test holds this): `understand.ts` normalises a query to the same alphabet before it looks
 * anything up. Plurals and verb forms of single words ("tyres", "towing", "painted") need not be
 * listed: `understand.ts` derives them; phrases list the forms people type ("panel beater",
 * "panel beating").
 */

/**
 * A group of words that mean the same thing to a motorist (SPEC §7's synonym groups grown with
 * Lagos usage): a query naming one member also searches the others. `categories` are the
 * directory's category page keys the group implies (`CATEGORY_PAGES`, issue 25.4) and `services`
 * the SPEC §9 service categories, where one fits; a group that only qualifies (`tokunbo`) names
 * none.
 */
export interface SynonymGroup {
  /** Stable identifier (kebab-case), used by symptoms and by the admin panel. */
  key: string;
  /** Members, the canonical one first ("Showing results for" uses it when a member is corrected). */
  terms: readonly string[];
  categories?: readonly CategoryPageKey[];
  services?: readonly ServiceCategory[];
}

/**
 * A complaint a motorist types instead of a trade ("car not starting"): each phrase maps to the
 * synonym groups (by key) whose trades fix it, most likely first.
 */
export interface Symptom {
  key: string;
  phrases: readonly string[];
  groups: readonly string[];
}

/**
 * A car make (issue 35.2: recognised, favours listings that name it). `aliases` are other names
 * and the models Lagos knows the make by ("benz", "camry"); all match as whole words.
 */
export interface CarMake {
  name: string;
  aliases: readonly string[];
}

/** A known misspelling the edit-distance rule cannot reach ("spair" is two edits from "spare"). */
export interface Misspelling {
  wrong: string;
  right: string;
}

/** The whole vocabulary: the shipped one below, or it merged with an admin's additions. */
export interface Vocabulary {
  groups: readonly SynonymGroup[];
  symptoms: readonly Symptom[];
  makes: readonly CarMake[];
  /** British and American spellings of one word, either way round (tyre/tire). */
  spellings: readonly (readonly [string, string])[];
  misspellings: readonly Misspelling[];
  /** Words that carry no meaning in a directory search ("near", "my", "car" on its own). */
  stopWords: readonly string[];
  /**
   * Words that are right as typed though no group holds them (words of business names: "motors",
   * "services", "open"): searched as they are, never corrected to a near vocabulary word.
   */
  knownWords: readonly string[];
}

// prettier-ignore
export const SYNONYM_GROUPS: readonly SynonymGroup[] = [
  // SPEC §7's seven groups, each grown with the words Lagos uses.
  { key: 'dealer', terms: ['car sales', 'dealership', 'car dealership', 'car dealer', 'dealer', 'car seller', 'cars for sale', 'car lot', 'buy car', 'sell car'],
    categories: ['dealers'], services: ['Car Dealership / Sales'] },
  { key: 'mechanic', terms: ['mechanic', 'car repair', 'auto repair', 'auto mechanic', 'motor mechanic', 'repair shop', 'fitter', 'fitter man', 'car doctor'],
    categories: ['mechanic', 'workshops'], services: ['Mechanic / Repair Services'] },
  { key: 'parts', terms: ['spare parts', 'car parts', 'auto parts', 'motor parts', 'spare part', 'spares', 'parts', 'part', 'parts dealer', 'parts seller', 'accessories'],
    categories: ['parts'], services: ['Auto Parts & Accessories'] },
  { key: 'bodywork', terms: ['panel beater', 'panel beating', 'body work', 'bodywork', 'body shop', 'body repair', 'panel beaters', 'panel', 'dent repair', 'panelbeater', 'denting'],
    categories: ['bodywork'], services: ['Body Work & Paint'] },
  { key: 'breakdown', terms: ['breakdown', 'towing', 'recovery', 'tow van', 'tow truck', 'tow', 'tow service', 'towing service', 'breakdown truck', 'breakdown service', 'wrecker', 'car recovery', 'roadside assistance'],
    categories: ['breakdown'], services: ['Breakdown Recovery / Towing'] },
  { key: 'workshop', terms: ['workshop', 'garage', 'service centre', 'auto centre'],
    categories: ['workshops', 'mechanic'], services: ['Mechanic / Repair Services'] },
  { key: 'windscreen', terms: ['windscreen', 'windshield', 'glass', 'auto glass', 'car glass', 'windscreen repair', 'windscreen replacement', 'side mirror', 'windows'],
    services: ['Windscreen / Glass - Repair / Replacement'] },
  // Lagos words (issue 35.2).
  { key: 'vulcanizer', terms: ['vulcanizer', 'vulcaniser', 'vulcanizing', 'vulcanising', 'vulcanize', 'vulcanise', 'tyre repair', 'tire repair', 'puncture repair', 'tyre fixer', 'vulcanizer man'],
    services: ['Tyre Services'] },
  { key: 'tyre', terms: ['tyre', 'tire', 'tyre shop', 'tire shop', 'tyre dealer', 'tyre services', 'wheels', 'rims', 'taya'],
    services: ['Tyre Services'] },
  { key: 'auto-electrical', terms: ['auto electrician', 'auto electrical', 'rewire', 'rewire man', 'rewirer', 'rewiring', 'car electrician', 'electrician', 'auto electric', 'wiring'],
    services: ['Auto Electrical'] },
  { key: 'air-conditioning', terms: ['ac', 'air condition', 'air conditioning', 'air conditioner', 'aircon', 'air con', 'car ac', 'ac repair', 'ac man', 'ac gas', 'ac regas', 'aircondition'],
    services: ['Air Conditioning Repair'] },
  { key: 'tokunbo', terms: ['tokunbo', 'foreign used', 'belgium', 'used', 'fairly used', 'second hand', 'london used', 'belgium used', 'tokunbo cars'] },
  { key: 'spraying', terms: ['spraying', 'spray painter', 'spray paint', 'spray', 'paint', 'painter', 'car paint', 'respray', 'paint job', 'spray painting'],
    categories: ['bodywork'], services: ['Body Work & Paint'] },
  { key: 'alignment', terms: ['wheel alignment', 'alignment', 'balancing', 'wheel balancing', 'computer alignment', 'align'],
    services: ['Tyre Services'] },
  { key: 'gearbox', terms: ['gear box', 'gearbox', 'transmission', 'gear', 'automatic gear', 'gear specialist', 'gearbox specialist'],
    categories: ['mechanic'], services: ['Mechanic / Repair Services'] },
  { key: 'suspension', terms: ['shock absorber', 'shock absorbers', 'shocks', 'shock', 'suspension', 'shocker', 'ball joint', 'stabilizer link'],
    categories: ['mechanic'], services: ['Mechanic / Repair Services'] },
  { key: 'mechanic-village', terms: ['mechanic village', 'auto village', 'artisan village', 'mechanic workshop cluster'],
    categories: ['mechanic', 'workshops'], services: ['Mechanic / Repair Services'] },
  { key: 'car-rental', terms: ['car hire', 'car rental', 'rental', 'hire', 'rent a car', 'car rent', 'rent', 'chauffeur', 'hire car'],
    services: ['Car Rental'] },
  // The other SPEC §9 services and the jobs motorists name.
  { key: 'car-wash', terms: ['car wash', 'carwash', 'wash', 'detailing', 'car detailing', 'valet', 'valeting', 'interior cleaning'],
    services: ['Car Wash & Detailing'] },
  { key: 'insurance', terms: ['insurance', 'car insurance', 'auto insurance', 'motor insurance', 'third party insurance', 'comprehensive insurance'],
    services: ['Auto Insurance'] },
  { key: 'inspection', terms: ['inspection', 'vehicle inspection', 'car inspection', 'roadworthiness', 'road worthiness', 'vio', 'pre purchase inspection'],
    services: ['Vehicle Inspection'] },
  { key: 'listing-websites', terms: ['listing websites', 'car listings', 'classifieds', 'listing website'],
    categories: ['listings'], services: ['Listing Websites'] },
  { key: 'battery', terms: ['battery', 'car battery', 'batteries', 'battery charging', 'alternator'],
    services: ['Auto Electrical', 'Auto Parts & Accessories'] },
  { key: 'brakes', terms: ['brake', 'brakes', 'brake pads', 'brake pad', 'break pads', 'break pad', 'brake disc', 'brake repair'],
    categories: ['mechanic'], services: ['Mechanic / Repair Services'] },
  { key: 'engine', terms: ['engine', 'engine repair', 'engine overhaul', 'overhaul', 'engine rebuild'],
    categories: ['mechanic'], services: ['Mechanic / Repair Services'] },
  { key: 'servicing', terms: ['servicing', 'car service', 'oil change', 'routine service', 'maintenance', 'lube'],
    categories: ['mechanic', 'workshops'], services: ['Mechanic / Repair Services'] },
  { key: 'diagnostics', terms: ['diagnostics', 'diagnosis', 'computer diagnosis', 'scan', 'scanning', 'obd', 'computer box'],
    categories: ['mechanic', 'workshops'], services: ['Mechanic / Repair Services'] },
  { key: 'cooling', terms: ['radiator', 'cooling system', 'coolant', 'fan belt', 'water pump'],
    categories: ['mechanic'], services: ['Mechanic / Repair Services'] },
  { key: 'exhaust', terms: ['exhaust', 'silencer', 'muffler', 'exhaust pipe'],
    categories: ['mechanic'], services: ['Mechanic / Repair Services'] },
  { key: 'steering', terms: ['power steering', 'steering', 'steering rack'],
    categories: ['mechanic'], services: ['Mechanic / Repair Services'] },
  { key: 'keys', terms: ['car keys', 'key programming', 'remote key', 'car locksmith', 'immobilizer', 'immobiliser'],
    services: ['Auto Electrical'] },
  { key: 'tracker', terms: ['car tracker', 'tracker', 'tracking device', 'gps tracker'],
    services: ['Auto Electrical'] },
  { key: 'upholstery', terms: ['upholstery', 'upholsterer', 'seat cover', 'seat covers', 'interior'],
    services: ['Body Work & Paint'] },
  { key: 'tinting', terms: ['tint', 'tinting', 'window tint', 'tinted glass', 'tint permit'],
    services: ['Windscreen / Glass - Repair / Replacement'] },
];

// prettier-ignore
export const SYMPTOMS: readonly Symptom[] = [
  { key: 'not-starting', phrases: ['car not starting', 'car wont start', 'car won t start', 'car will not start', 'car cannot start', 'car cant start', 'car no start', 'car refuse to start', 'car refuses to start', 'engine not starting', 'engine wont start', 'not starting', 'wont start', 'no start', 'cranking but not starting', 'car not cranking', 'self starter', 'starter'],
    groups: ['auto-electrical', 'battery', 'mechanic'] },
  { key: 'battery-dead', phrases: ['battery dead', 'dead battery', 'battery down', 'battery flat', 'flat battery', 'battery weak', 'weak battery', 'battery not charging', 'not charging', 'alternator not charging', 'jump start', 'jumpstart'],
    groups: ['battery', 'auto-electrical'] },
  { key: 'ac-not-cold', phrases: ['ac not cold', 'ac no cold', 'ac not cooling', 'ac not working', 'ac blowing hot air', 'ac blowing hot', 'hot air', 'no cold air', 'ac leaking', 'ac noise', 'ac smell', 'aircon not cold', 'air condition not cold', 'ac compressor', 'compressor'],
    groups: ['air-conditioning'] },
  { key: 'brake-trouble', phrases: ['brake noise', 'brakes noise', 'brake squeal', 'brakes squeaking', 'brake squeaking', 'squeaking brakes', 'brake not holding', 'brake failure', 'brake fail', 'no brake', 'soft brake', 'brake pedal soft', 'brake problem', 'break noise', 'break not holding'],
    groups: ['brakes', 'mechanic'] },
  { key: 'flat-tyre', phrases: ['flat tyre', 'flat tire', 'flat tyres', 'puncture', 'punctured tyre', 'tyre puncture', 'tire puncture', 'tyre burst', 'burst tyre', 'tyre leak', 'tire leak', 'slow puncture', 'tyre flat', 'tire flat', 'flat'],
    groups: ['vulcanizer', 'tyre'] },
  { key: 'overheating', phrases: ['overheating', 'overheat', 'car overheating', 'engine overheating', 'engine hot', 'engine heating', 'car heating', 'radiator leak', 'water boiling', 'temperature high', 'high temperature', 'coolant leak'],
    groups: ['cooling', 'mechanic'] },
  { key: 'smoke', phrases: ['smoke from engine', 'engine smoking', 'engine smoke', 'smoke from exhaust', 'exhaust smoke', 'white smoke', 'black smoke', 'blue smoke', 'car smoking', 'smoking', 'smoke'],
    groups: ['engine', 'mechanic'] },
  { key: 'gear-trouble', phrases: ['gear not entering', 'gear not engaging', 'gear not going in', 'gear slipping', 'gear problem', 'gear hard', 'hard gear', 'gearbox problem', 'gear box problem', 'transmission slipping', 'transmission problem', 'car not moving in drive', 'gear jerking'],
    groups: ['gearbox', 'mechanic'] },
  { key: 'engine-knock', phrases: ['engine knocking', 'knocking engine', 'engine knock', 'knocking', 'engine noise', 'ticking noise', 'engine ticking', 'engine rattling', 'rattling noise'],
    groups: ['engine', 'mechanic'] },
  { key: 'warning-light', phrases: ['check engine light', 'check engine', 'engine light', 'engine light on', 'warning light', 'dashboard light', 'abs light', 'airbag light'],
    groups: ['diagnostics', 'mechanic'] },
  { key: 'steering-hard', phrases: ['steering hard', 'hard steering', 'steering heavy', 'heavy steering', 'steering noise', 'steering stiff', 'stiff steering', 'steering leaking', 'power steering leak'],
    groups: ['steering', 'mechanic'] },
  { key: 'shaking', phrases: ['car shaking', 'car vibrating', 'car vibrates', 'steering shaking', 'steering wheel shaking', 'steering vibrating', 'vibration', 'wobbling', 'wobble', 'car pulling to one side', 'pulling to one side', 'car pulling', 'tyre wearing', 'uneven tyre wear'],
    groups: ['alignment', 'suspension', 'mechanic'] },
  { key: 'bumpy', phrases: ['noise over bumps', 'knocking over bumps', 'noise on bumps', 'car bouncing', 'bouncing', 'suspension noise', 'car too low', 'sagging'],
    groups: ['suspension', 'mechanic'] },
  { key: 'misfire', phrases: ['misfiring', 'misfire', 'engine misfire', 'rough idle', 'car jerking', 'jerking', 'loss of power', 'no power', 'car stalling', 'stalling', 'engine cutting', 'engine off while driving', 'high fuel consumption', 'fuel consumption', 'drinking fuel'],
    groups: ['diagnostics', 'engine', 'mechanic'] },
  { key: 'oil-leak', phrases: ['oil leak', 'oil leaking', 'leaking oil', 'car leaking', 'leaking'],
    groups: ['mechanic', 'engine'] },
  { key: 'electrical-fault', phrases: ['headlight not working', 'headlights not working', 'lights not working', 'light not working', 'horn not working', 'electrical fault', 'electrical problem', 'wiring problem', 'short circuit', 'fuse', 'fuse blown', 'power window not working', 'window not winding', 'dashboard not working'],
    groups: ['auto-electrical'] },
  { key: 'accident-damage', phrases: ['car accident', 'accident', 'accident repair', 'dent', 'dented', 'dented door', 'scratch', 'scratches', 'scratched', 'bumper', 'bumper damage', 'bumper repair', 'rust', 'rusting'],
    groups: ['bodywork', 'spraying'] },
  { key: 'broke-down', phrases: ['car broke down', 'car broken down', 'broke down', 'broken down', 'car stuck', 'stuck on the road', 'stranded', 'car wont move', 'car not moving', 'need tow', 'tow my car'],
    groups: ['breakdown'] },
  { key: 'glass-damage', phrases: ['cracked windscreen', 'broken windscreen', 'windscreen crack', 'windscreen cracked', 'cracked windshield', 'broken windshield', 'broken glass', 'broken side mirror', 'broken mirror', 'broken window'],
    groups: ['windscreen'] },
  { key: 'exhaust-noise', phrases: ['exhaust noise', 'loud exhaust', 'exhaust leaking', 'exhaust broken', 'noisy exhaust'],
    groups: ['exhaust', 'mechanic'] },
  { key: 'lost-key', phrases: ['lost car key', 'lost key', 'key not working', 'remote not working', 'car key not working', 'spare key', 'duplicate key'],
    groups: ['keys', 'auto-electrical'] },
  { key: 'dirty-car', phrases: ['car dirty', 'dirty car', 'car smells', 'bad smell in car', 'wash my car'],
    groups: ['car-wash'] },
];

// prettier-ignore
export const CAR_MAKES: readonly CarMake[] = [
  { name: 'Toyota', aliases: ['toyota', 'camry', 'corolla', 'highlander', 'sienna', 'rav4', 'rav 4', 'hilux', 'venza', 'avalon', 'yaris', 'land cruiser', 'prado', 'hiace', 'tacoma', '4runner', 'tundra', 'sequoia'] },
  { name: 'Lexus', aliases: ['lexus', 'rx 350', 'rx350', 'rx 330', 'rx330', 'es 350', 'es350', 'gx 460', 'gx460', 'lx 570', 'lx570', 'is 250', 'is250'] },
  { name: 'Honda', aliases: ['honda', 'accord', 'civic', 'crv', 'cr v', 'odyssey', 'crosstour'] },
  { name: 'Mercedes-Benz', aliases: ['mercedes', 'benz', 'mercedes benz', 'merc', 'merz', 'c class', 'e class', 'gle', 'glk', 'sprinter'] },
  { name: 'Hyundai', aliases: ['hyundai', 'elantra', 'sonata', 'tucson', 'santa fe', 'ix35', 'creta'] },
  { name: 'Kia', aliases: ['kia', 'rio', 'picanto', 'sorento', 'sportage', 'cerato', 'optima'] },
  { name: 'Ford', aliases: ['ford'] },
  { name: 'Peugeot', aliases: ['peugeot', 'pigeot', 'peugot', '406', '407', '307', '508', '504', '505'] },
  { name: 'Nissan', aliases: ['nissan', 'almera', 'altima', 'pathfinder', 'sentra', 'x trail', 'xterra', 'murano', 'primera'] },
  { name: 'Volkswagen', aliases: ['volkswagen', 'vw', 'jetta', 'touareg', 'tiguan'] },
  { name: 'Mitsubishi', aliases: ['mitsubishi', 'pajero', 'lancer', 'outlander', 'l200', 'galant'] },
  { name: 'Mazda', aliases: ['mazda', 'mazda 3', 'mazda 6', 'cx 5', 'cx5'] },
  { name: 'BMW', aliases: ['bmw', 'x5', 'x3', 'x6'] },
  { name: 'Acura', aliases: ['acura', 'mdx', 'rdx', 'tsx', 'zdx'] },
  { name: 'Infiniti', aliases: ['infiniti', 'infinity', 'qx56', 'qx60', 'qx80', 'fx35', 'fx 35', 'jx35', 'g35'] },
  { name: 'Land Rover', aliases: ['land rover', 'range rover', 'landrover', 'rangerover', 'evoque', 'velar'] },
  { name: 'Jeep', aliases: ['jeep', 'wrangler', 'grand cherokee', 'cherokee', 'renegade'] },
  { name: 'Chevrolet', aliases: ['chevrolet', 'chevy', 'cruze', 'malibu', 'equinox', 'tahoe', 'camaro'] },
  { name: 'Opel', aliases: ['opel', 'vectra', 'astra', 'corsa', 'zafira'] },
  { name: 'Suzuki', aliases: ['suzuki', 'vitara', 'grand vitara', 'jimny', 'celerio'] },
  { name: 'Innoson', aliases: ['innoson', 'ivm', 'innoson motors'] },
  { name: 'Audi', aliases: ['audi', 'q5', 'q7'] },
  { name: 'Volvo', aliases: ['volvo', 'xc90', 'xc60'] },
  { name: 'Renault', aliases: ['renault', 'duster'] },
  { name: 'Isuzu', aliases: ['isuzu', 'dmax', 'trooper'] },
  { name: 'Dodge', aliases: ['dodge', 'durango'] },
  { name: 'Porsche', aliases: ['porsche', 'cayenne', 'macan', 'panamera'] },
  { name: 'Jaguar', aliases: ['jaguar'] },
  { name: 'Subaru', aliases: ['subaru'] },
  { name: 'GAC', aliases: ['gac', 'gac motor'] },
  { name: 'Geely', aliases: ['geely', 'emgrand', 'coolray'] },
  { name: 'Chery', aliases: ['chery', 'tiggo'] },
  { name: 'Changan', aliases: ['changan'] },
  { name: 'Pontiac', aliases: ['pontiac'] },
  { name: 'Mack', aliases: ['mack', 'mack truck'] },
  { name: 'Iveco', aliases: ['iveco'] },
  { name: 'MAN Diesel', aliases: ['man diesel', 'man truck'] },
];

/** British spelling first (Nigeria writes British English), the American one second. */
// prettier-ignore
export const SPELLING_VARIANTS: readonly (readonly [string, string])[] = [
  ['tyre', 'tire'], ['tyres', 'tires'], ['windscreen', 'windshield'], ['vulcaniser', 'vulcanizer'],
  ['vulcanising', 'vulcanizing'], ['vulcanise', 'vulcanize'], ['centre', 'center'], ['colour', 'color'],
  ['aluminium', 'aluminum'], ['tyre repair', 'tire repair'], ['immobiliser', 'immobilizer'],
  ['stabiliser', 'stabilizer'], ['programme', 'program'], ['bonnet', 'hood'], ['boot', 'trunk'],
  ['petrol', 'gas'], ['silencer', 'muffler'], ['number plate', 'license plate'], ['licence', 'license'],
  ['car park', 'parking lot'], ['jump leads', 'jumper cables'], ['gear box', 'gearbox'],
];

/** Misspellings beyond one edit (two from 8 letters) that Lagos types; the rule catches the rest. */
// prettier-ignore
export const MISSPELLINGS: readonly Misspelling[] = [
  { wrong: 'spair', right: 'spare' }, { wrong: 'spear', right: 'spare' }, { wrong: 'spars', right: 'spare' },
  { wrong: 'mekanik', right: 'mechanic' }, { wrong: 'mekanic', right: 'mechanic' }, { wrong: 'mechnic', right: 'mechanic' },
  { wrong: 'mecanic', right: 'mechanic' }, { wrong: 'makanik', right: 'mechanic' }, { wrong: 'mechaniks', right: 'mechanics' },
  { wrong: 'vulkanizer', right: 'vulcanizer' }, { wrong: 'vulganizer', right: 'vulcanizer' }, { wrong: 'vulcanizar', right: 'vulcanizer' },
  { wrong: 'volcanizer', right: 'vulcanizer' }, { wrong: 'vulcaniza', right: 'vulcanizer' }, { wrong: 'vulganiser', right: 'vulcaniser' },
  { wrong: 'tayer', right: 'tyre' }, { wrong: 'tyer', right: 'tyre' }, { wrong: 'tyers', right: 'tyres' },
  { wrong: 'tokumbo', right: 'tokunbo' }, { wrong: 'tukunbo', right: 'tokunbo' },
  { wrong: 'alignement', right: 'alignment' }, { wrong: 'allignment', right: 'alignment' }, { wrong: 'alinement', right: 'alignment' },
  { wrong: 'rewiring', right: 'rewire' }, { wrong: 'rewireman', right: 'rewire' }, { wrong: 'rewayer', right: 'rewire' },
  { wrong: 'panelbeating', right: 'panel beating' }, { wrong: 'panelbeaters', right: 'panel beaters' },
  { wrong: 'airco', right: 'aircon' }, { wrong: 'aircondition', right: 'air condition' }, { wrong: 'airconditioning', right: 'air conditioning' },
  { wrong: 'gearbok', right: 'gearbox' }, { wrong: 'gia', right: 'gear' }, { wrong: 'geer', right: 'gear' },
  { wrong: 'shokabsorber', right: 'shock absorber' }, { wrong: 'shockabsorber', right: 'shock absorber' }, { wrong: 'shock absorba', right: 'shock absorber' },
  { wrong: 'batry', right: 'battery' }, { wrong: 'battry', right: 'battery' }, { wrong: 'betri', right: 'battery' },
  { wrong: 'electrition', right: 'electrician' }, { wrong: 'eletrician', right: 'electrician' }, { wrong: 'elecrician', right: 'electrician' },
  { wrong: 'windscrin', right: 'windscreen' }, { wrong: 'winscreen', right: 'windscreen' }, { wrong: 'windsheild', right: 'windshield' },
  { wrong: 'dealaship', right: 'dealership' }, { wrong: 'delership', right: 'dealership' },
  { wrong: 'insurace', right: 'insurance' }, { wrong: 'insurannce', right: 'insurance' },
  { wrong: 'toyata', right: 'toyota' }, { wrong: 'toyoya', right: 'toyota' }, { wrong: 'hundai', right: 'hyundai' }, { wrong: 'huyndai', right: 'hyundai' },
  { wrong: 'mercedez', right: 'mercedes' }, { wrong: 'marcedes', right: 'mercedes' }, { wrong: 'benzz', right: 'benz' },
  { wrong: 'volkswagon', right: 'volkswagen' }, { wrong: 'wolkswagen', right: 'volkswagen' }, { wrong: 'mitsubushi', right: 'mitsubishi' },
  { wrong: 'chevrolette', right: 'chevrolet' },
];

/**
 * Words that do not narrow a directory search. Removed after phrases are recognised, so "car
 * wash" and "car not starting" keep their "car"; reported in `dropped`.
 */
// prettier-ignore
export const STOP_WORDS: readonly string[] = [
  'a', 'an', 'the', 'in', 'near', 'nearby', 'close', 'closest', 'around', 'at', 'by', 'on', 'of', 'for', 'to',
  'from', 'with', 'and', 'or', 'my', 'me', 'i', 'im', 'we', 'our', 'your', 'is', 'are', 'am', 'be', 'it', 'its',
  'this', 'that', 'there', 'here', 'who', 'where', 'what', 'which', 'how', 'can', 'could', 'please', 'pls', 'plz',
  'need', 'needs', 'want', 'looking', 'find', 'search', 'get', 'some', 'any', 'best', 'good', 'top', 'cheap',
  'cheapest', 'affordable', 'reliable', 'trusted', 'recommended', 'one', 'someone', 'somebody', 'person', 'guy',
  'man', 'shop', 'place', 'area', 'lagos', 'state', 'nigeria', 'car', 'cars', 'vehicle', 'vehicles', 'auto',
  'motor', 'fix', 'fixing', 'repairer', 'do', 'does', 'dey', 'wey', 'abeg', 'not', 'no', 'dont', 'very', 'just',
  'open', 'now', 'today', 'tonight', 'hours', 'hour', 'hrs', '24hrs', '24hr', '247',
];

/** Words of business names and addresses that must never be "corrected" into vocabulary words. */
// prettier-ignore
export const KNOWN_WORDS: readonly string[] = [
  'motors', 'services', 'service', 'works', 'enterprise', 'enterprises', 'ventures', 'venture', 'limited', 'ltd',
  'company', 'nigeria', 'global', 'international', 'concept', 'concepts', 'hub', 'world', 'plaza', 'mart', 'store',
  'stores', 'sales', 'centre', 'center', 'road', 'street', 'avenue', 'close', 'way', 'estate', 'junction', 'bus',
  'stop', 'market', 'new', 'home', 'king', 'kings', 'royal', 'star', 'first', 'grace', 'god', 'gods',
  'divine', 'mercy', 'faith', 'hope', 'love', 'success', 'unique', 'quality', 'express', 'fast', 'quick', 'city',
  'mobile', 'autos', 'automobile', 'automobiles', 'automotive', 'tech', 'technical', 'engineering',
  'engineers', 'engineer', 'sons', 'brothers', 'bros', 'multi', 'links', 'link', 'point', 'line', 'lines',
  'general', 'trading', 'import', 'export', 'imports', 'dealers', 'specialist', 'specialists', 'expert', 'experts',
  'phone', 'number', 'contact', 'truck', 'trucks', 'bike', 'bikes', 'buses', 'keke', 'okada', 'danfo',
  'more',
];

/** The vocabulary the site ships; `mergeVocabulary` adds an admin's words to it. */
export const SHIPPED_VOCABULARY: Vocabulary = {
  groups: SYNONYM_GROUPS,
  symptoms: SYMPTOMS,
  makes: CAR_MAKES,
  spellings: SPELLING_VARIANTS,
  misspellings: MISSPELLINGS,
  stopWords: STOP_WORDS,
  knownWords: KNOWN_WORDS,
};
