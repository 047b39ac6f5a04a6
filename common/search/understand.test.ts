import { describe, expect, it } from 'vitest';
import { CATEGORY_PAGES, SERVICE_CATEGORIES } from '../schemas/categories.ts';
import { SEARCH_SYNONYMS } from '../schemas/search.ts';
import {
  MAX_QUERY_WORDS,
  MAX_TERMS,
  type UnderstoodQuery,
  allowedEdits,
  baseForms,
  inflections,
  normaliseText,
  understandQuery,
  understandQueryWithLexicon,
} from './understand.ts';
import { SHIPPED_VOCABULARY, type Vocabulary } from './vocabulary.ts';

const texts = (q: UnderstoodQuery) => q.terms.map((t) => t.text);
const alternativeTexts = (q: UnderstoodQuery, i = 0) =>
  q.terms[i]?.alternatives.map((a) => a.text) ?? [];
const isWholeWord = (q: UnderstoodQuery, text: string) =>
  q.terms.flatMap((t) => t.alternatives).find((a) => a.text === text)?.wholeWord;

/** Would this alternative match inside `haystack` by the documented rule? (A model of search's SQL.) */
function matches(alternative: { text: string; wholeWord: boolean }, haystack: string): boolean {
  const words = normaliseText(haystack);
  const pattern = alternative.wholeWord
    ? `(^| )${alternative.text}( |$)`
    : `(^| )${alternative.text}`;
  return new RegExp(pattern).test(words);
}
const termMatches = (q: UnderstoodQuery, i: number, haystack: string) =>
  (q.terms[i]?.alternatives ?? []).some((a) => matches(a, haystack));

describe('the shipped vocabulary (issue 35.2, 35.5)', () => {
  const all = [
    ...SHIPPED_VOCABULARY.groups.flatMap((g) => [g.key, ...g.terms]),
    ...SHIPPED_VOCABULARY.symptoms.flatMap((s) => s.phrases),
    ...SHIPPED_VOCABULARY.makes.flatMap((m) => m.aliases),
    ...SHIPPED_VOCABULARY.spellings.flat(),
    ...SHIPPED_VOCABULARY.misspellings.flatMap((m) => [m.wrong, m.right]),
    ...SHIPPED_VOCABULARY.stopWords,
  ];

  it('is written in the alphabet queries are normalised to', () => {
    for (const entry of all) {
      if (/-/.test(entry) && !entry.includes(' ')) continue; // group keys are kebab-case
      expect(normaliseText(entry), entry).toBe(entry);
    }
  });

  it('holds every SPEC §7 synonym group inside one of its groups', () => {
    for (const group of SEARCH_SYNONYMS) {
      expect(
        SHIPPED_VOCABULARY.groups.some((g) => group.every((member) => g.terms.includes(member))),
        group.join('/'),
      ).toBe(true);
    }
  });

  it('maps groups to real category keys and SPEC §9 services, and symptoms to real groups', () => {
    const keys = new Set(SHIPPED_VOCABULARY.groups.map((g) => g.key));
    expect(keys.size).toBe(SHIPPED_VOCABULARY.groups.length);
    for (const group of SHIPPED_VOCABULARY.groups) {
      for (const c of group.categories ?? []) expect(Object.keys(CATEGORY_PAGES)).toContain(c);
      for (const s of group.services ?? []) expect(SERVICE_CATEGORIES).toContain(s);
    }
    for (const symptom of SHIPPED_VOCABULARY.symptoms) {
      for (const key of symptom.groups) expect(keys, `${symptom.key} → ${key}`).toContain(key);
    }
  });

  it('no stop word is a vocabulary phrase of its own (it would never be searched)', () => {
    const members = new Set(SHIPPED_VOCABULARY.groups.flatMap((g) => g.terms));
    for (const word of SHIPPED_VOCABULARY.stopWords) expect(members.has(word), word).toBe(false);
  });
});

describe('normaliseText', () => {
  it.each([
    ['  Panel   BEATER ', 'panel beater'],
    ["car won't start", 'car wont start'],
    ['car won’t start!!!', 'car wont start'],
    ['A/C repair', 'ac repair'],
    ['mechanic, V.I.', 'mechanic vi'],
    ['Ajeromi-Ifelodun', 'ajeromi ifelodun'],
    ['Café Motors', 'cafe motors'],
    ["'; DROP TABLE x; --", 'drop table x'],
    ['.*+?^${}()|[]\\%_', ''],
    ['🚗🔧 mechanic 🙏', 'mechanic'],
    ['ремонт авто mechanic', 'ремонт авто mechanic'],
    ['汽车 修理', '汽车 修理'],
  ])('%j → %j', (input, output) => {
    expect(normaliseText(input)).toBe(output);
  });
});

describe('word forms', () => {
  it.each([
    ['tyres', 'tyre'],
    ['batteries', 'battery'],
    ['towing', 'tow'],
    ['painting', 'paint'],
    ['vulcanising', 'vulcanise'],
    ['repairs', 'repair'],
    ['painted', 'paint'],
    ['beaters', 'beat'],
  ])('%s has the base %s', (word, base) => {
    expect(baseForms(word)).toContain(base);
  });

  it('derives plurals and verb forms', () => {
    expect(inflections('tow')).toEqual(['tow', 'tows', 'towing', 'towed']);
    expect(inflections('battery')).toContain('batteries');
    expect(inflections('vulcanise')).toContain('vulcanising');
    expect(inflections('ac')).toEqual(['ac']);
  });

  it('allows one edit from 4 letters and two from 8 (issue 35.3)', () => {
    expect([3, 4, 7, 8, 12].map(allowedEdits)).toEqual([0, 1, 1, 2, 2]);
  });
});

describe('understandQuery: Lagos words (issue 35.2)', () => {
  it.each([
    ['panel beater', 'bodywork', 'body shop'],
    ['Panel Beaters', 'bodywork', 'body work'],
    ['body shop', 'bodywork', 'panel beating'],
    ['vulcanizer', 'vulcanizer', 'vulcanising'],
    ['vulcaniser', 'vulcanizer', 'tyre repair'],
    ['rewire man', 'auto-electrical', 'auto electrician'],
    ['aircon', 'air-conditioning', 'air conditioning'],
    ['car ac', 'air-conditioning', 'ac'],
    ['tokunbo', 'tokunbo', 'foreign used'],
    ['belgium', 'tokunbo', 'tokunbo'],
    ['tow van', 'breakdown', 'towing'],
    ['towing', 'breakdown', 'tow truck'],
    ['tow', 'breakdown', 'recovery'],
    ['spray painter', 'spraying', 'spraying'],
    ['painting', 'spraying', 'paint'],
    ['balancing', 'alignment', 'wheel alignment'],
    ['gear box', 'gearbox', 'transmission'],
    ['gearbox', 'gearbox', 'gear box'],
    ['shocks', 'suspension', 'shock absorber'],
    ['mechanic village', 'mechanic-village', 'mechanic village'],
    ['car hire', 'car-rental', 'car rental'],
    ['tyres', 'tyre', 'tire'],
    ['tire', 'tyre', 'tyre'],
    ['windshield', 'windscreen', 'windscreen'],
    ['spare parts', 'parts', 'car parts'],
  ])('%j is the group %s and searches %j too', (query, group, alternative) => {
    const q = understandQuery(query);
    expect(q.terms).toHaveLength(1);
    expect(q.terms[0]?.groups).toContain(group);
    // Listed, or covered by a prefix alternative ("spraying" by "spray").
    expect(termMatches(q, 0, alternative), alternativeTexts(q).join('|')).toBe(true);
    expect(q.corrections).toEqual([]);
  });

  it('implies category keys and services', () => {
    expect(understandQuery('panel beater').categories).toEqual(['bodywork']);
    expect(understandQuery('mechanic').categories).toEqual(['mechanic', 'workshops']);
    expect(understandQuery('vulcanizer').services).toEqual(['Tyre Services']);
    expect(understandQuery('tow truck').categories).toEqual(['breakdown']);
    expect(understandQuery('emmanuel motors').categories).toEqual([]);
  });

  it('recognises a phrase before its words ("mechanic village" is not "mechanic" + "village")', () => {
    expect(texts(understandQuery('mechanic village ladipo'))).toEqual(['mechanic village']);
    expect(texts(understandQuery('car wash'))).toEqual(['car wash']);
  });

  it('matches a found listing text, the way search reads an alternative', () => {
    const q = understandQuery('vulcanizer');
    expect(termMatches(q, 0, 'Ojota Vulcanising & Tyre Centre')).toBe(true);
    const panel = understandQuery('panel beater');
    expect(termMatches(panel, 0, 'Oshodi Panel & Spray Works')).toBe(true);
    expect(termMatches(understandQuery('tire'), 0, 'Tyre sales')).toBe(true);
    expect(termMatches(understandQuery('towing'), 0, 'Tow trucks 24/7')).toBe(true);
  });
});

describe('understandQuery: short words match whole words only', () => {
  it('"ac man" is air conditioning and never matches inside Emmanuel or Usman', () => {
    const q = understandQuery('ac man');
    expect(q.terms).toHaveLength(1);
    expect(q.terms[0]?.groups).toEqual(['air-conditioning']);
    expect(isWholeWord(q, 'ac')).toBe(true);
    expect(termMatches(q, 0, 'Emmanuel Auto Services')).toBe(false);
    expect(termMatches(q, 0, 'Usman Motors')).toBe(false);
    expect(termMatches(q, 0, 'Cool Breeze AC Repairs')).toBe(true);
    expect(termMatches(q, 0, 'A/C and air conditioning')).toBe(true);
  });

  it('"car hire vi": vi is Victoria Island, not a word inside "services"', () => {
    const q = understandQuery('car hire vi');
    expect(q.area?.name).toBe('Victoria Island');
    expect(texts(q)).toEqual(['car hire']);
    expect(q.terms.flatMap((t) => t.alternatives).some((a) => a.text === 'vi')).toBe(false);
  });

  it('makes match whole words ("kia" is not "Nokia")', () => {
    const q = understandQuery('kia');
    expect(q.make?.name).toBe('Kia');
    expect(q.make?.alternatives.every((a) => a.wholeWord)).toBe(true);
  });

  it('"part" is whole-word, so it never finds "Partners"', () => {
    const q = understandQuery('part');
    expect(termMatches(q, 0, 'Partners Motors')).toBe(false);
    expect(termMatches(q, 0, 'Auto parts')).toBe(true);
  });

  it('every alternative of 1–4 letters is whole-word', () => {
    for (const query of ['ac', 'tow', 'tyre', 'used', 'rent', 'gear', 'car not starting']) {
      for (const a of understandQuery(query).terms.flatMap((t) => t.alternatives)) {
        if ((a.text.split(' ').at(-1) as string).length < 5) expect(a.wholeWord, a.text).toBe(true);
      }
    }
  });
});

describe('understandQuery: typos (issue 35.3)', () => {
  it.each([
    ['mechanik', 'mechanic'],
    ['machanic', 'mechanic'],
    ['mekanik', 'mechanic'],
    ['spair parts', 'spare parts'],
    ['pannel beater', 'panel beater'],
    ['alighment', 'alignment'],
    ['windscreeen', 'windscreen'],
    ['vulcanizr', 'vulcanizer'],
    ['transmision', 'transmission'],
    ['mechanik in surulere', 'mechanic in surulere'],
    ['toyta mechanic', 'toyota mechanic'],
    ['surulare mechanic', 'surulere mechanic'],
  ])('%j → "Showing results for %s"', (query, shown) => {
    const q = understandQuery(query);
    expect(q.showingResultsFor).toBe(shown);
    expect(q.corrections.length).toBeGreaterThan(0);
  });

  it('"vulcaniser" is a spelling, not a typo', () => {
    expect(understandQuery('vulcaniser').showingResultsFor).toBeNull();
  });

  it('corrects to a group member and reports each correction', () => {
    const q = understandQuery('machanic');
    expect(q.terms[0]?.groups).toContain('mechanic');
    expect(q.corrections).toEqual([{ from: 'machanic', to: 'mechanic', source: 'vocabulary' }]);
  });

  it('keeps the ending of a misspelt plural ("pannels" → "panels")', () => {
    expect(understandQuery('pannels').showingResultsFor).toBe('panels');
  });

  it('does not correct short words, known words, numbers or unknown names', () => {
    for (const query of ['tye', 'tyres', 'emmanuel', 'chukwudi motors', '2024', 'oshodi']) {
      expect(understandQuery(query).corrections, query).toEqual([]);
    }
  });

  it('does not correct beyond the allowed edits', () => {
    expect(understandQuery('mxxxanic').corrections).toEqual([]); // 3 edits from mechanic
    expect(understandQuery('taxe').corrections).toEqual([]); // 4 letters, no word one edit away
  });

  it('reports unknown words for a lexicon, and a lexicon corrects them', async () => {
    const q = understandQuery('abiola kompany');
    expect(q.unknownWords).toEqual(['abiola', 'kompany']);
    const asked: string[][] = [];
    const corrected = await understandQueryWithLexicon('abiola kompany', async (words) => {
      asked.push([...words]);
      return new Map([['kompany', 'company']]);
    });
    expect(asked).toEqual([['abiola', 'kompany']]);
    expect(corrected.corrections).toEqual([{ from: 'kompany', to: 'company', source: 'lexicon' }]);
    expect(corrected.showingResultsFor).toBe('abiola company');
  });

  it('a lexicon keeps a guessed word as typed when the directory knows it', async () => {
    expect(understandQuery('danffo').guessedWords).toEqual([]); // no vocabulary word one edit away
    const guessed = understandQuery('pannel');
    expect(guessed.guessedWords).toEqual(['pannel']);
    const kept = await understandQueryWithLexicon(
      'pannel',
      async (words) => new Map(words.map((w) => [w, w])),
    );
    expect(kept.corrections).toEqual([]);
    expect(kept.terms.map((t) => t.text)).toEqual(['pannel']);
    expect(kept.showingResultsFor).toBeNull();
  });

  it('does not strip verb endings to correct a word ("spanner" is not "span")', () => {
    expect(understandQuery('spanner').corrections).toEqual([]);
  });

  it('a lexicon that fails leaves the first answer, and none is asked for known words', async () => {
    const failing = await understandQueryWithLexicon('abiola', () =>
      Promise.reject(new Error('db down')),
    );
    expect(texts(failing)).toEqual(['abiola']);
    let called = false;
    await understandQueryWithLexicon('mechanic', async () => {
      called = true;
      return new Map();
    });
    expect(called).toBe(false);
  });
});

describe('understandQuery: areas (issue 35.4)', () => {
  it.each([
    ['mechanic in surulere', 'Surulere', ['mechanic'], ['in']],
    ['vulcanizer near yaba', 'Yaba', ['vulcanizer'], ['near']],
    ['panel beater lekki', 'Lekki', ['panel beater'], []],
    ['car hire V.I.', 'Victoria Island', ['car hire'], []],
    ['tow truck victoria island', 'Victoria Island', ['tow truck'], []],
    ['mechanic lekki phase 1', 'Lekki', ['mechanic'], []],
    ['spare parts ladipo', 'Ladipo', ['spare parts'], []],
    ['mechanic around ikeja gra', 'Ikeja', ['mechanic'], ['around']],
    ['mechanic in amuwo odofin', 'Amuwo Odofin', ['mechanic'], ['in']],
  ])('%j → area %s, terms %j, stop words %j', (query, area, terms, stops) => {
    const q = understandQuery(query);
    expect(q.area?.name).toBe(area);
    expect(texts(q)).toEqual(terms);
    expect(q.stopWords).toEqual(stops);
  });

  it('gives the LGA, the covered names and the neighbours', () => {
    const ikeja = understandQuery('mechanic ikeja').area;
    expect(ikeja?.lga).toBe('Ikeja');
    expect(ikeja?.within).toEqual(expect.arrayContaining(['Ikeja', 'Alausa', 'Ogba', 'Opebi']));
    expect(ikeja?.neighbours).not.toContain('Ikeja');
    const yaba = understandQuery('yaba').area;
    expect(yaba?.lga).toBe('Lagos Mainland');
    expect(yaba?.neighbours).toEqual(expect.arrayContaining(['Ebute Metta', 'Lagos Mainland']));
    expect(yaba?.neighbours).not.toContain('Badagry');
    expect(yaba?.neighbours.length).toBeLessThanOrEqual(10);
  });

  it('an area alone is an area with no terms', () => {
    const q = understandQuery('surulere');
    expect(q.terms).toEqual([]);
    expect(q.area?.slug).toBe('surulere');
  });

  it('a second area stays a word to search (first wins)', () => {
    const q = understandQuery('mechanic yaba surulere');
    expect(q.area?.name).toBe('Yaba');
    expect(texts(q)).toEqual(['mechanic', 'surulere']);
  });
});

describe('understandQuery: car makes', () => {
  it.each([
    ['toyota mechanic ikeja', 'Toyota', ['mechanic'], 'Ikeja'],
    ['benz specialist', 'Mercedes-Benz', ['specialist'], undefined],
    ['Mercedes Benz gearbox', 'Mercedes-Benz', ['gearbox'], undefined],
    ['range rover parts', 'Land Rover', ['parts'], undefined],
    ['camry ac', 'Toyota', ['ac'], undefined],
    ['Lexus RX 350 mechanic', 'Lexus', ['mechanic'], undefined],
    ['innoson', 'Innoson', [], undefined],
  ])('%j → make %s, terms %j, area %s', (query, make, terms, area) => {
    const q = understandQuery(query);
    expect(q.make?.name).toBe(make);
    expect(texts(q)).toEqual(terms);
    expect(q.area?.name).toBe(area);
  });

  it('lists the aliases as whole-word alternatives', () => {
    const q = understandQuery('benz');
    expect(q.make?.alternatives.map((a) => a.text)).toEqual(
      expect.arrayContaining(['mercedes benz', 'mercedes', 'benz']),
    );
  });
});

describe('understandQuery: symptoms (issue 35.5)', () => {
  it.each([
    ['car not starting', 'not-starting', 'auto-electrical'],
    ["car won't start", 'not-starting', 'battery'],
    ['my car wont start in yaba', 'not-starting', 'mechanic'],
    ['ac not cold', 'ac-not-cold', 'air-conditioning'],
    ['AC no cold', 'ac-not-cold', 'air-conditioning'],
    ['brake noise', 'brake-trouble', 'brakes'],
    ['flat tyre', 'flat-tyre', 'vulcanizer'],
    ['flat tire', 'flat-tyre', 'vulcanizer'],
    ['puncture', 'flat-tyre', 'vulcanizer'],
    ['overheating', 'overheating', 'cooling'],
    ['smoke from engine', 'smoke', 'engine'],
    ['gear not entering', 'gear-trouble', 'gearbox'],
    ['battery dead', 'battery-dead', 'battery'],
    ['engine knocking', 'engine-knock', 'engine'],
    ['check engine light', 'warning-light', 'diagnostics'],
    ['steering hard', 'steering-hard', 'steering'],
    ['car shaking', 'shaking', 'alignment'],
    ['car broke down', 'broke-down', 'breakdown'],
  ])('%j is the complaint %s, fixed by %s', (query, symptom, group) => {
    const q = understandQuery(query);
    expect(q.terms).toHaveLength(1);
    expect(q.terms[0]?.kind).toBe('symptom');
    expect(q.terms[0]?.symptom).toBe(symptom);
    expect(q.terms[0]?.groups).toContain(group);
    expect(q.categories.length + q.services.length).toBeGreaterThan(0);
  });

  it('a complaint searches the trades that fix it', () => {
    const q = understandQuery('flat tyre');
    expect(termMatches(q, 0, 'Ojota Vulcanising & Tyre Centre')).toBe(true);
    expect(q.services).toEqual(['Tyre Services']);
  });
});

describe('understandQuery: bad and bounded input (issue 35.10)', () => {
  it.each([
    [''],
    ['   '],
    ['?!.,;:'],
    ['%%%___\\\\'],
    ["' or 1=1 --"],
    ['.*(a+)+$'],
    ['🚗🚗🚗'],
    ['\u0000\u0001\u0002'],
    ['a'.repeat(5000)],
    ['ab '.repeat(2000)],
  ])('%j is understood without throwing and within bounds', (query) => {
    const q = understandQuery(query);
    expect(q.terms.length).toBeLessThanOrEqual(MAX_TERMS);
    expect(q.normalised.split(' ').length).toBeLessThanOrEqual(MAX_QUERY_WORDS);
    for (const a of q.terms.flatMap((t) => t.alternatives)) {
      expect(a.text).toMatch(/^[\p{L}\p{N}]+( [\p{L}\p{N}]+)*$/u);
    }
  });

  it('SQL and regex metacharacters never reach an alternative', () => {
    const q = understandQuery("mechanic'); drop table x;-- %_ .* [a-z]+");
    for (const a of q.terms.flatMap((t) => t.alternatives))
      expect(a.text).not.toMatch(/[%_'();*[\]+.\\-]/);
  });

  it('keeps the first words and reports the rest as ignored', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`);
    const q = understandQuery(words.join(' '));
    expect(q.terms.map((t) => t.text)).toEqual(words.slice(0, MAX_TERMS));
    expect(q.ignored).toHaveLength(40 - MAX_TERMS);
  });

  it('is quick on the longest query of unknown words (bounded work; generous on a busy machine)', () => {
    understandQuery('warm up');
    const start = performance.now();
    for (let i = 0; i < 10; i++) {
      const words = Array.from({ length: 30 }, (_, k) => `qwertyuiop${i}x${k}`.replace(/\d/g, 'z'));
      understandQuery(words.join(' ').repeat(5));
    }
    expect((performance.now() - start) / 10).toBeLessThan(100);
  });

  it('keeps words of other scripts as plain whole words', () => {
    const q = understandQuery('mechanic 汽车');
    expect(texts(q)).toEqual(['mechanic', '汽车']);
    expect(q.corrections).toEqual([]);
  });

  it('drops repeated terms ("tyre tyres")', () => {
    expect(texts(understandQuery('tyre tyres'))).toEqual(['tyre']);
    expect(texts(understandQuery('mechanic mechanic'))).toEqual(['mechanic']);
  });

  it('stop words alone give no terms', () => {
    const q = understandQuery('near my the in');
    expect(q.terms).toEqual([]);
    expect(q.stopWords).toEqual(['near', 'my', 'the', 'in']);
  });
});

describe('understandQuery with another vocabulary (the admin\u2019s additions)', () => {
  it('uses the vocabulary it is given', () => {
    const vocabulary: Vocabulary = {
      ...SHIPPED_VOCABULARY,
      groups: [...SHIPPED_VOCABULARY.groups, { key: 'admin-1', terms: ['okada', 'motorcycle'] }],
      misspellings: [...SHIPPED_VOCABULARY.misspellings, { wrong: 'mkanic', right: 'mechanic' }],
    };
    expect(alternativeTexts(understandQuery('okada', { vocabulary }))).toContain('motorcycle');
    expect(understandQuery('mkanic', { vocabulary }).showingResultsFor).toBe('mechanic');
    expect(alternativeTexts(understandQuery('okada'))).not.toContain('motorcycle');
  });
});
