/**
 * The relevance measures of `npm run bench:relevance` (issue 35.9), over one query's ranked
 * result names and its judged relevant set. Only answerable queries (a non-empty relevant set)
 * are measured; an unanswerable query is reported apart.
 */

/** One judged answer: the names in ranked order and the names judged relevant. */
export interface JudgedAnswer {
  results: readonly string[];
  relevant: ReadonlySet<string>;
}

/**
 * Precision at k: relevant results among the first k, divided by min(k, |relevant|), so a query
 * with 3 relevant listings that shows all 3 first scores 1. 0..1.
 * @throws RangeError when the relevant set is empty (an unanswerable query has no precision).
 */
export function precisionAt(k: number, { results, relevant }: JudgedAnswer): number {
  if (relevant.size === 0) throw new RangeError('precision of an unanswerable query');
  const hits = results.slice(0, k).filter((name) => relevant.has(name)).length;
  return hits / Math.min(k, relevant.size);
}

/** 1 / the rank of the first relevant result (1-based), 0 when none is in `results`. */
export function reciprocalRank({ results, relevant }: JudgedAnswer): number {
  const at = results.findIndex((name) => relevant.has(name));
  return at < 0 ? 0 : 1 / (at + 1);
}

/** Share of answers with no result at all (0..1; 0 for no answers). */
export function zeroResultRate(answers: readonly JudgedAnswer[]): number {
  if (answers.length === 0) return 0;
  return answers.filter((a) => a.results.length === 0).length / answers.length;
}

/** The figures of a group of answerable queries: means of P@5 and reciprocal rank. */
export interface RelevanceSummary {
  queries: number;
  zeroResultRate: number;
  precisionAt5: number;
  meanReciprocalRank: number;
}

/** Summarises answerable answers (each with a non-empty relevant set); zeros for none. */
export function summarise(answers: readonly JudgedAnswer[]): RelevanceSummary {
  const n = answers.length;
  const mean = (f: (a: JudgedAnswer) => number) =>
    n === 0 ? 0 : answers.reduce((sum, a) => sum + f(a), 0) / n;
  return {
    queries: n,
    zeroResultRate: zeroResultRate(answers),
    precisionAt5: mean((a) => precisionAt(5, a)),
    meanReciprocalRank: mean(reciprocalRank),
  };
}
