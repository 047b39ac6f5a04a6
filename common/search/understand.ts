import { distance } from 'fastest-levenshtein';
import { LAGOS_AREAS, type LagosArea, areaNamesWithin } from '../config/lagos-areas.ts';
import type { CategoryPageKey, ServiceCategory } from '../schemas/categories.ts';
import {
  type CarMake,
  type Misspelling,
  SHIPPED_VOCABULARY,
  type SynonymGroup,
  type Vocabulary,
} from './vocabulary.ts';

/**
 * Query understanding (issue 35 points 2–5, ADR 062): a pure function from what a motorist typed
 * to what search should look for. It knows nothing of SQL; the search repository turns an
 * {@link UnderstoodQuery} into conditions and ranking.
 */

/** The longest query read (characters); the rest is ignored. */
export const MAX_QUERY_CHARS = 2000;
/** The most words read from a query (after normalisation); the rest are reported in `ignored`. */
export const MAX_QUERY_WORDS = 24;
/** The most terms an understood query holds (each is one condition for search). */
export const MAX_TERMS = 8;
/** A word longer than this is cut (no Lagos word is; it bounds the edit-distance work). */
export const MAX_WORD_CHARS = 40;
/** Alternatives shorter than this must match a whole word ("ac" is not "Emmanuel"). */
export const WHOLE_WORD_BELOW = 5;
/** The longest phrase recognised, in words ("car will not start" is four). */
const MAX_PHRASE_WORDS = 6;
/** Areas whose centre lies within this distance count as neighbours (km). */
export const NEIGHBOUR_RADIUS_KM = 6;
/** The most neighbours an understood area lists, nearest first. */
export const MAX_NEIGHBOURS = 10;

/**
 * One way a term can appear in a listing. `wholeWord: true`: the text must appear as whole
 * word(s), bounded by non-letters on both sides ("ac", "vi", "kia", "tyre"); `false`: it must
 * start a word and may run on ("mechanic" finds "mechanics", "vulcanis" never matches mid-word).
 * `text` is lower-case a-z, digits and single spaces only: safe to escape into LIKE or a regex.
 */
export interface Alternative {
  text: string;
  wholeWord: boolean;
}

/** Where a term comes from: a plain word, a synonym group member, or a complaint. */
export type TermKind = 'word' | 'group' | 'symptom';

/**
 * One thing the motorist asked for: a listing answers it when any alternative matches. `typed` is
 * the normalised text as typed, `text` after spelling correction.
 */
export interface UnderstoodTerm {
  kind: TermKind;
  typed: string;
  text: string;
  /** Keys of the synonym groups this term belongs to (for a symptom: the groups that fix it). */
  groups: readonly string[];
  /** Symptom key, for `kind: 'symptom'`. */
  symptom?: string;
  alternatives: readonly Alternative[];
  categories: readonly CategoryPageKey[];
  services: readonly ServiceCategory[];
}

/** The area named in a query (issue 35.4), from the shipped list `common/config/lagos-areas.ts`. */
export interface UnderstoodArea {
  name: string;
  slug: string;
  kind: LagosArea['kind'];
  lga: string;
  /** The words that named it, normalised ("vi", "lekki phase 1"). */
  matched: string;
  /** Stored area names the area covers (an LGA and its neighbourhoods; `areaNamesWithin`). */
  within: readonly string[];
  /** Other areas nearby, nearest first (same LGA or within {@link NEIGHBOUR_RADIUS_KM}). */
  neighbours: readonly string[];
}

/** The car make named in a query (issue 35.2): favours listings that name it. */
export interface UnderstoodMake {
  name: string;
  matched: string;
  alternatives: readonly Alternative[];
}

/** A word replaced before searching ("mechanik" → "mechanic"), for "Showing results for". */
export interface Correction {
  from: string;
  to: string;
  source: 'vocabulary' | 'lexicon';
}

export interface UnderstoodQuery {
  /** The query normalised: lower-case, letters and digits, single spaces (≤ MAX_QUERY_WORDS). */
  normalised: string;
  terms: readonly UnderstoodTerm[];
  /** Category page keys the terms imply, in the order the terms name them. */
  categories: readonly CategoryPageKey[];
  services: readonly ServiceCategory[];
  area: UnderstoodArea | null;
  make: UnderstoodMake | null;
  corrections: readonly Correction[];
  /** The corrected query ("mechanic in surulere") when a correction was made, else null. */
  showingResultsFor: string | null;
  /** Stop words removed ("in", "near", "my"). */
  stopWords: readonly string[];
  /** Words past {@link MAX_QUERY_WORDS} or terms past {@link MAX_TERMS}, not searched. */
  ignored: readonly string[];
  /**
   * Words of 4+ letters neither in the vocabulary nor corrected: the words a lexicon (the
   * directory's own words, `understandQueryWithLexicon`) may correct.
   */
  unknownWords: readonly string[];
  /**
   * Words corrected by the edit-distance rule alone (not a listed misspelling): a lexicon may
   * know them as right ("spanner" in a listing's name) and keep them as typed.
   */
  guessedWords: readonly string[];
}

export interface UnderstandOptions {
  /** The vocabulary to use: the shipped one by default, or it merged with an admin's words. */
  vocabulary?: Vocabulary;
  /** Corrections found elsewhere (a lexicon), word → replacement; applied before the rule. */
  extraCorrections?: ReadonlyMap<string, string>;
}

/**
 * A lookup of corrections the vocabulary cannot make: given unknown words, answers the ones it
 * can correct (word → corrected word). `search` backs it with the directory's words.
 */
export type Lexicon = (words: readonly string[]) => Promise<ReadonlyMap<string, string>>;

// ───────────────────────────── normalisation ─────────────────────────────

/**
 * Lower-case, accents removed, apostrophes dropped ("won't" → "wont"), "a/c" and "v.i." joined,
 * every other run of characters that is not a letter or digit (any script) made one space.
 * Emoji, punctuation and SQL or regex metacharacters all become spaces.
 */
export function normaliseText(input: string): string {
  return input
    .slice(0, MAX_QUERY_CHARS)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/(?<=\p{L})['’‘`´](?=\p{L})/gu, '')
    .replace(/(?<![\p{L}\p{N}])(\p{L})[./](\p{L})(?![\p{L}\p{N}])\.?/gu, '$1$2')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// ───────────────────────────── word forms ─────────────────────────────

const isAsciiWord = (w: string) => /^[a-z]+$/.test(w);
const VOWEL = /[aeiou]/;

/**
 * Possible base forms of an English word: itself and what it becomes without a plural or verb
 * ending ("tyres" → tyre, "batteries" → battery, "towing" → tow, "vulcanising" → vulcanise,
 * "painted" → paint). Over-generates; callers keep only the bases they know.
 */
export function baseForms(word: string): string[] {
  const out = new Set([word]);
  if (!isAsciiWord(word) || word.length < 4) return [...out];
  const add = (w: string) => {
    if (w.length >= 2) out.add(w);
  };
  if (word.endsWith('ies')) add(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) add(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) add(word.slice(0, -1));
  for (const suffix of ['ing', 'ed', 'er', 'ers']) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    if (stem.length < 2 || !VOWEL.test(stem)) continue;
    add(stem);
    add(`${stem}e`);
    if (stem.length >= 3 && stem.at(-1) === stem.at(-2)) add(stem.slice(0, -1));
  }
  return [...out];
}

/** Plural and verb forms of a single ASCII word ("tow" → tows, towing, towed). */
export function inflections(word: string): string[] {
  if (!isAsciiWord(word) || word.length < 3) return [word];
  const out = [word];
  if (/(s|x|z|ch|sh)$/.test(word)) out.push(`${word}es`);
  else if (/[^aeiou]y$/.test(word)) out.push(`${word.slice(0, -1)}ies`);
  else out.push(`${word}s`);
  const stem = word.endsWith('e') ? word.slice(0, -1) : word;
  out.push(`${stem}ing`, `${stem}ed`);
  return out;
}

// ───────────────────────────── the compiled vocabulary ─────────────────────────────

type Entry =
  | { kind: 'group'; group: SynonymGroup }
  | { kind: 'symptom'; key: string; groups: readonly SynonymGroup[] }
  | { kind: 'make'; make: CarMake }
  | { kind: 'area'; area: LagosArea };

/** Tie-break between entries naming the same words: a complaint, a trade, a make, then an area. */
const PRIORITY: Record<Entry['kind'], number> = { symptom: 0, group: 1, make: 2, area: 3 };

interface Compiled {
  phrases: Map<string, Entry[]>;
  /** Single words the vocabulary knows (never corrected). */
  known: Set<string>;
  /** Correction targets: vocabulary words of 3+ letters, by length. */
  targets: Map<number, string[]>;
  misspellings: Map<string, string>;
  spellings: Map<string, string[]>;
  stopWords: Set<string>;
  /** Memo of {@link nearestWord} (bounded: cleared past {@link NEAREST_MEMO_SIZE} words). */
  nearest: Map<string, string | undefined>;
}

const NEAREST_MEMO_SIZE = 10_000;

const compiledCache = new WeakMap<Vocabulary, Compiled>();

function compile(vocabulary: Vocabulary): Compiled {
  const cached = compiledCache.get(vocabulary);
  if (cached) return cached;

  const phrases = new Map<string, Entry[]>();
  const addPhrase = (text: string, entry: Entry) => {
    const key = normaliseText(text);
    if (!key) return;
    const list = phrases.get(key) ?? [];
    if (!list.includes(entry)) list.push(entry);
    phrases.set(key, list);
  };
  const groupsByKey = new Map<string, SynonymGroup[]>();
  for (const group of vocabulary.groups) {
    groupsByKey.set(group.key, [...(groupsByKey.get(group.key) ?? []), group]);
    const entry: Entry = { kind: 'group', group };
    for (const term of group.terms) addPhrase(term, entry);
  }
  const spellings = new Map<string, string[]>();
  for (const [a, b] of vocabulary.spellings) {
    const [x, y] = [normaliseText(a), normaliseText(b)];
    spellings.set(x, [...(spellings.get(x) ?? []), y]);
    spellings.set(y, [...(spellings.get(y) ?? []), x]);
  }
  // A spelling variant of a group member names the group too ("tire shop" as "tyre shop").
  for (const group of vocabulary.groups) {
    const entry = phrases
      .get(normaliseText(group.terms[0] ?? ''))
      ?.find((e) => e.kind === 'group' && e.group === group);
    if (!entry) continue;
    for (const term of group.terms) {
      for (const variant of spellingVariantsOf(normaliseText(term), spellings))
        addPhrase(variant, entry);
    }
  }
  for (const symptom of vocabulary.symptoms) {
    const groups = symptom.groups.flatMap((key) => groupsByKey.get(key) ?? []);
    const entry: Entry = { kind: 'symptom', key: symptom.key, groups };
    for (const phrase of symptom.phrases) addPhrase(phrase, entry);
  }
  for (const make of vocabulary.makes) {
    const entry: Entry = { kind: 'make', make };
    addPhrase(make.name, entry);
    for (const alias of make.aliases) addPhrase(alias, entry);
  }
  for (const area of LAGOS_AREAS) {
    const entry: Entry = { kind: 'area', area };
    addPhrase(area.name, entry);
    for (const alias of area.aliases ?? []) addPhrase(alias, entry);
  }
  for (const list of phrases.values()) list.sort((a, b) => PRIORITY[a.kind] - PRIORITY[b.kind]);

  const stopWords = new Set(vocabulary.stopWords.map(normaliseText));
  const known = new Set<string>([...stopWords, ...vocabulary.knownWords.map(normaliseText)]);
  const targets = new Map<number, string[]>();
  const misspellings = new Map<string, string>();
  for (const { wrong, right } of vocabulary.misspellings as readonly Misspelling[]) {
    misspellings.set(normaliseText(wrong), normaliseText(right));
  }
  const vocabularyWords = [
    ...[...phrases.keys()].flatMap((p) => p.split(' ')),
    ...[...spellings.keys()].flatMap((p) => p.split(' ')),
    ...[...misspellings.values()].flatMap((p) => p.split(' ')),
  ];
  for (const word of vocabularyWords) {
    known.add(word);
    if (word.length < 3 || stopWords.has(word) || !/\p{L}/u.test(word)) continue;
    const list = targets.get(word.length) ?? [];
    if (!list.includes(word)) list.push(word);
    targets.set(word.length, list);
  }

  const result: Compiled = {
    phrases,
    known,
    targets,
    misspellings,
    spellings,
    stopWords,
    nearest: new Map(),
  };
  compiledCache.set(vocabulary, result);
  return result;
}

function spellingVariantsOf(text: string, spellings: ReadonlyMap<string, string[]>): string[] {
  const out = new Set([text]);
  for (const variant of spellings.get(text) ?? []) out.add(variant);
  const words = text.split(' ');
  words.forEach((word, i) => {
    for (const variant of spellings.get(word) ?? []) {
      out.add([...words.slice(0, i), variant, ...words.slice(i + 1)].join(' '));
    }
  });
  return [...out];
}

// ───────────────────────────── corrections ─────────────────────────────

/** The edits a word of this length may be away from the word it is corrected to (issue 35.3). */
export function allowedEdits(length: number): number {
  if (length >= 8) return 2;
  if (length >= 4) return 1;
  return 0;
}

function isKnown(word: string, compiled: Compiled): boolean {
  return baseForms(word).some((base) => compiled.known.has(base)) || /^\p{N}+$/u.test(word);
}

/** The nearest vocabulary word within the allowed edits, or undefined (ties: first listed). */
function nearestWord(word: string, compiled: Compiled): string | undefined {
  if (compiled.nearest.has(word)) return compiled.nearest.get(word);
  if (compiled.nearest.size >= NEAREST_MEMO_SIZE) compiled.nearest.clear();
  const found = findNearest(word, compiled);
  compiled.nearest.set(word, found);
  return found;
}

function findNearest(word: string, compiled: Compiled): string | undefined {
  const max = allowedEdits(word.length);
  if (max === 0 || !isAsciiWord(word)) return undefined;
  let best: string | undefined;
  let bestDistance = max + 1;
  for (let length = word.length - max; length <= word.length + max; length++) {
    for (const candidate of compiled.targets.get(length) ?? []) {
      if (allowedEdits(candidate.length) === 0) continue;
      const d = distance(word, candidate);
      if (
        d < bestDistance ||
        (d === bestDistance && best !== undefined && betterTie(word, candidate, best))
      ) {
        best = candidate;
        bestDistance = d;
      }
    }
  }
  return bestDistance <= max ? best : undefined;
}

/** Between two equally near words, prefer the one sharing the first letter, then the longer. */
function betterTie(word: string, candidate: string, best: string): boolean {
  const a = Number(candidate[0] === word[0]);
  const b = Number(best[0] === word[0]);
  return a !== b ? a > b : candidate.length > best.length;
}

/**
 * True when `text` is a phrase of the vocabulary, or every word of it is a word the vocabulary
 * knows as right (the admin panel refuses such a "misspelling": it would rewrite a real word).
 */
export function isVocabularyPhrase(
  text: string,
  vocabulary: Vocabulary = SHIPPED_VOCABULARY,
): boolean {
  const compiled = compile(vocabulary);
  const key = normaliseText(text);
  if (!key) return false;
  if (compiled.phrases.has(key)) return true;
  return key
    .split(' ')
    .every((word) => !compiled.misspellings.has(word) && isKnown(word, compiled));
}

// ───────────────────────────── the function ─────────────────────────────

interface Token {
  typed: string;
  text: string;
}

/** A recognised run of tokens: `key` is the vocabulary phrase it matched (base form). */
interface Piece {
  typed: string;
  text: string;
  entry?: Entry;
  key?: string;
}

/**
 * Understands a search query (issue 35 points 2–5; ADR 062). Steps, in order:
 *
 * 1. normalise ({@link normaliseText}) and keep the first {@link MAX_QUERY_WORDS} words;
 * 2. correct misspellings: the vocabulary's known misspellings (multi-word ones too), then
 *    `extraCorrections` (a lexicon's), then the nearest vocabulary word for an unknown word of 4+
 *    letters (one edit; two from 8 letters);
 * 3. recognise phrases, longest first, at each position: a complaint ("car not starting"), a
 *    synonym group member ("panel beater"), a car make or model, a Lagos area ("vi", "lekki
 *    phase 1"); the last word may be a plural or verb form ("panel beaters", "tow vans");
 * 4. drop stop words ("in", "near", "my", a lone "car");
 * 5. give each remaining term its alternatives: the group's members, spelling variants
 *    (tyre/tire) and plural and verb forms, each saying whether it must match as a whole word.
 *
 * The first area named becomes `area` and the first make `make`; neither is a term. A blank or
 * punctuation-only query gives no terms. Never throws; work is bounded by the limits above.
 *
 * `understandQuery('pannel beater near V.I.')` → one term `panel beater` (group `bodywork`,
 * categories `['bodywork']`), area Victoria Island (LGA Eti-Osa), stop word `near`, correction
 * `pannel` → `panel` and `showingResultsFor` `panel beater near vi`.
 */
export function understandQuery(raw: string, options: UnderstandOptions = {}): UnderstoodQuery {
  const vocabulary = options.vocabulary ?? SHIPPED_VOCABULARY;
  const compiled = compile(vocabulary);
  const allWords = normaliseText(typeof raw === 'string' ? raw : '')
    .split(' ')
    .filter(Boolean)
    .map((w) => w.slice(0, MAX_WORD_CHARS));
  const words = allWords.slice(0, MAX_QUERY_WORDS);
  const ignored: string[] = allWords.slice(MAX_QUERY_WORDS);

  // 2. Corrections.
  const corrections: Correction[] = [];
  const guessedWords: string[] = [];
  const tokens: Token[] = [];
  for (let i = 0; i < words.length;) {
    let matched = false;
    for (let length = Math.min(3, words.length - i); length >= 2; length--) {
      const phrase = words.slice(i, i + length).join(' ');
      const right = compiled.misspellings.get(phrase);
      if (right === undefined) continue;
      corrections.push({ from: phrase, to: right, source: 'vocabulary' });
      for (const w of right.split(' ')) tokens.push({ typed: phrase, text: w });
      i += length;
      matched = true;
      break;
    }
    if (matched) continue;
    const word = words[i] as string;
    i += 1;
    const fixed = correctWord(word, compiled, options.extraCorrections);
    if (fixed && fixed.to !== word) {
      corrections.push({ from: word, to: fixed.to, source: fixed.source });
      if (fixed.guessed) guessedWords.push(word);
    }
    for (const w of (fixed?.to ?? word).split(' ')) tokens.push({ typed: word, text: w });
  }

  // 3. Phrases, longest first.

  const pieces: Piece[] = [];
  for (let i = 0; i < tokens.length;) {
    let found: { length: number; entry: Entry; text: string; key: string } | undefined;
    for (
      let length = Math.min(MAX_PHRASE_WORDS, tokens.length - i);
      length >= 1 && !found;
      length--
    ) {
      const slice = tokens.slice(i, i + length).map((t) => t.text);
      const last = slice.at(-1) as string;
      for (const form of baseForms(last)) {
        const text = [...slice.slice(0, -1), form].join(' ');
        const entry = compiled.phrases.get(text)?.[0];
        if (entry) {
          found = { length, entry, text: slice.join(' '), key: text };
          break;
        }
      }
    }
    const length = found?.length ?? 1;
    const slice = tokens.slice(i, i + length);
    const typed = [...new Set(slice.map((t) => t.typed))].join(' ');
    pieces.push({
      typed,
      text: found?.text ?? (slice[0] as Token).text,
      ...(found ? { entry: found.entry, key: found.key } : {}),
    });
    i += length;
  }

  // 4–5. Area, make, stop words, terms.
  let area: UnderstoodArea | null = null;
  let make: UnderstoodMake | null = null;
  const stopWords: string[] = [];
  const terms: UnderstoodTerm[] = [];
  const unknownWords: string[] = [];
  for (const piece of pieces) {
    const entry = piece.entry;
    if (entry?.kind === 'area' && (!area || area.name === entry.area.name)) {
      area ??= understoodArea(entry.area, piece.text);
      continue;
    }
    if (entry?.kind === 'make' && (!make || make.name === entry.make.name)) {
      make ??= {
        name: entry.make.name,
        matched: piece.text,
        alternatives: makeAlternatives(entry.make),
      };
      continue;
    }
    if (!entry && compiled.stopWords.has(piece.text)) {
      stopWords.push(piece.text);
      continue;
    }
    if (!entry && piece.text.length >= 4 && !isKnown(piece.text, compiled))
      unknownWords.push(piece.text);
    terms.push(termOf(piece, compiled));
  }

  const kept = dedupeTerms(terms);
  ignored.push(...kept.slice(MAX_TERMS).map((t) => t.typed));
  const finalTerms = kept.slice(0, MAX_TERMS);
  const categories = unique(finalTerms.flatMap((t) => t.categories));
  const services = unique(finalTerms.flatMap((t) => t.services));
  const normalised = words.join(' ');
  const corrected = tokens.map((t) => t.text).join(' ');

  return {
    normalised,
    terms: finalTerms,
    categories,
    services,
    area,
    make,
    corrections,
    showingResultsFor: corrections.length > 0 && corrected !== normalised ? corrected : null,
    stopWords,
    ignored,
    unknownWords: unique(unknownWords),
    guessedWords: unique(guessedWords),
  };
}

/**
 * {@link understandQuery} with a lexicon for the words the vocabulary does not know: the first
 * pass's `unknownWords` and `guessedWords` go to `lexicon` (one call, at most {@link MAX_TERMS}
 * words), and the query is understood again with its answers: a different word is a correction
 * (source `lexicon`), the word itself keeps a guessed word as typed. A lexicon that throws is
 * ignored: search still answers with the first pass.
 */
export async function understandQueryWithLexicon(
  raw: string,
  lexicon: Lexicon,
  options: UnderstandOptions = {},
): Promise<UnderstoodQuery> {
  const first = understandQuery(raw, options);
  const asked = unique([...first.unknownWords, ...first.guessedWords]).slice(0, MAX_TERMS);
  if (asked.length === 0) return first;
  let answers: ReadonlyMap<string, string>;
  try {
    answers = await lexicon(asked);
  } catch {
    return first;
  }
  const extra = new Map(options.extraCorrections ?? []);
  for (const [word, right] of answers) {
    const to = normaliseText(right);
    if (asked.includes(word) && to) extra.set(word, to);
  }
  if (extra.size === (options.extraCorrections?.size ?? 0)) return first;
  return understandQuery(raw, { ...options, extraCorrections: extra });
}

function correctWord(
  word: string,
  compiled: Compiled,
  extra: ReadonlyMap<string, string> | undefined,
): (Omit<Correction, 'from'> & { guessed?: boolean }) | undefined {
  const known = compiled.misspellings.get(word);
  if (known !== undefined) return { to: known, source: 'vocabulary' };
  if (isKnown(word, compiled)) return undefined;
  const fromLexicon = extra?.get(word);
  if (fromLexicon !== undefined) return { to: fromLexicon, source: 'lexicon' }; // itself: keep
  const near = nearestWord(word, compiled);
  if (near !== undefined) return { to: near, source: 'vocabulary', guessed: true };
  // A misspelt plural keeps its ending ("pannels" → "panels"); other endings are not stripped
  // ("spanner" is not "span" + "ner").
  const singular = word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : undefined;
  const nearSingular = singular === undefined ? undefined : nearestWord(singular, compiled);
  if (nearSingular !== undefined)
    return { to: `${nearSingular}s`, source: 'vocabulary', guessed: true };
  return undefined;
}

function termOf(piece: Piece, compiled: Compiled): UnderstoodTerm {
  const entry = piece.entry;
  const base = { typed: piece.typed, text: piece.text };
  if (entry?.kind === 'group' || entry?.kind === 'symptom') {
    // Every group the matched words belong to ("gear box" is in two groups' worth of words).
    const groups =
      entry.kind === 'group'
        ? (compiled.phrases.get(piece.key ?? '') ?? [entry]).flatMap((e) =>
            e.kind === 'group' ? [e.group] : [],
          )
        : entry.groups;
    const texts = [piece.text, ...groups.flatMap((g) => g.terms)];
    return {
      kind: entry.kind,
      ...base,
      groups: unique(groups.map((g) => g.key)),
      ...(entry.kind === 'symptom' ? { symptom: entry.key } : {}),
      alternatives: alternativesOf(texts, compiled),
      categories: unique(groups.flatMap((g) => g.categories ?? [])),
      services: unique(groups.flatMap((g) => g.services ?? [])),
    };
  }
  // A plain word (or a second area or make): its own forms and spellings.
  const alternatives =
    entry?.kind === 'make'
      ? makeAlternatives(entry.make)
      : alternativesOf([piece.text], compiled, { wholeWord: entry?.kind === 'area' });
  return { kind: 'word', ...base, groups: [], alternatives, categories: [], services: [] };
}

/**
 * Alternatives of some texts: each with its spelling variants, and each last word with its
 * plural and verb forms; short ones whole-word; an alternative that a prefix alternative of as
 * many words already covers is dropped ("mechanics" beside "mechanic"): it could add no match.
 * Phrases stay beside their first word ("panel beating" beside "panel"), for search to weigh.
 */
function alternativesOf(
  texts: readonly string[],
  compiled: Compiled,
  options: { wholeWord?: boolean } = {},
): Alternative[] {
  const all = new Set<string>();
  for (const text of texts) {
    for (const variant of spellingVariantsOf(normaliseText(text), compiled.spellings)) {
      if (!variant) continue;
      const words = variant.split(' ');
      const last = words.at(-1) as string;
      for (const form of inflections(last)) all.add([...words.slice(0, -1), form].join(' '));
    }
  }
  const alternatives = [...all].map((text) => ({
    text,
    wholeWord:
      options.wholeWord === true || (text.split(' ').at(-1) as string).length < WHOLE_WORD_BELOW,
  }));
  const wordCount = (text: string) => text.split(' ').length;
  return alternatives.filter(
    (b) =>
      !alternatives.some(
        (a) =>
          a !== b &&
          !a.wholeWord &&
          wordCount(a.text) === wordCount(b.text) &&
          b.text.startsWith(a.text) &&
          (b.text !== a.text || b.wholeWord),
      ),
  );
}

function makeAlternatives(make: CarMake): Alternative[] {
  return unique([normaliseText(make.name), ...make.aliases.map(normaliseText)])
    .filter(Boolean)
    .map((text) => ({ text, wholeWord: true }));
}

function understoodArea(area: LagosArea, matched: string): UnderstoodArea {
  const within = areaNamesWithin(area.name);
  const nearby = LAGOS_AREAS.filter((other) => !within.includes(other.name))
    .map((other) => ({ other, km: kilometres(area, other) }))
    .filter(
      ({ other, km }) =>
        km <= NEIGHBOUR_RADIUS_KM || (other.lga === area.lga && other.kind !== 'lga'),
    )
    .sort((a, b) => a.km - b.km)
    .slice(0, MAX_NEIGHBOURS)
    .map(({ other }) => other.name);
  return {
    name: area.name,
    slug: area.slug,
    kind: area.kind,
    lga: area.lga,
    matched,
    within,
    neighbours: nearby,
  };
}

/** Great-circle distance between two area centres (km; haversine, Earth radius 6,371 km). */
function kilometres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Drops a term that repeats an earlier one ("tyre tyres"), keeping the first. */
function dedupeTerms(terms: readonly UnderstoodTerm[]): UnderstoodTerm[] {
  const seen = new Set<string>();
  return terms.filter((term) => {
    const key =
      term.kind === 'word'
        ? `w:${term.alternatives
            .map((a) => a.text)
            .sort()
            .join('|')}`
        : `g:${term.groups.join('|')}:${term.symptom ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
