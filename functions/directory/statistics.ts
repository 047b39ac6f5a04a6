import { type RawBuilder, sql } from 'kysely';
import type { AreaStatistics } from './candidate-plan.ts';

/**
 * What PostgreSQL's statistics (`pg_stats`, kept by ANALYZE) say of the words and areas of a
 * search, as SQL fragments of the ranked search's bounds statement (ADR 087). Each reads a
 * catalog row, whatever the directory's size.
 */

/**
 * A word's share of the listings from `pg_stats` of `search_vector` (ANALYZE's most common
 * lexemes; a word not among them: the least frequency kept, so an upper estimate), as the
 * planner estimates `@@`. Null before ANALYZE. For words the lexicon cannot hold (ADR 087).
 */
export const commonShare = sql<number | null>`(
  select coalesce(
    (select m.f from unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs)
      with ordinality m(e, f, i)
      where m.e = t.word and m.i <= cardinality(s.most_common_elems) limit 1),
    s.most_common_elem_freqs[cardinality(s.most_common_elems) + 1])
  from pg_stats s
  where s.schemaname = current_schema() and s.tablename = 'search_listings'
    and s.attname = 'search_vector')`;

/** The column statistics of the area filter's names, as one JSON value (null before ANALYZE). */
export function areaStatistics(areas: readonly string[]): RawBuilder<AreaStatistics | null> {
  return sql<AreaStatistics | null>`(
    select jsonb_build_object(
      'named', coalesce((select sum(f) from unnest(s.most_common_vals::text::text[], s.most_common_freqs) m(v, f)
        where v = any(${sql.val([...areas])}::text[])), 0),
      'namedCount', (select count(*) from unnest(s.most_common_vals::text::text[]) v
        where v = any(${sql.val([...areas])}::text[])),
      'common', coalesce((select sum(f) from unnest(s.most_common_freqs) f), 0),
      'commonCount', coalesce(cardinality(s.most_common_freqs), 0),
      'nulls', s.null_frac,
      -- A negative n_distinct is a share of the rows (ANALYZE's way of saying "grows with them").
      'distinct', case when s.n_distinct >= 0 then s.n_distinct
        else -s.n_distinct * (select greatest(reltuples, 0) from pg_class
          where oid = 'search_listings'::regclass) end)
    from pg_stats s
    where s.schemaname = current_schema() and s.tablename = 'search_listings'
      and s.attname = 'area')`;
}

/**
 * The share of approved listings in the trusted band (`quality_score` ≥ `score`, ADR 089) as
 * `pg_stats` knows it: the most common values at or above it, and the rest's share times the
 * histogram's bounds at or above it. Null before ANALYZE.
 */
export function trustedShare(score: number): RawBuilder<number | null> {
  return sql<number | null>`(
    select coalesce((select sum(f) from unnest(s.most_common_vals::text::real[], s.most_common_freqs) m(v, f)
        where v >= ${score}), 0)
      + greatest(0, 1 - coalesce((select sum(f) from unnest(s.most_common_freqs) f), 0) - s.null_frac)
        * coalesce((select count(*) filter (where b >= ${score})::real / nullif(count(*), 0)
          from unnest(s.histogram_bounds::text::real[]) b), 0)
    from pg_stats s
    where s.schemaname = current_schema() and s.tablename = 'search_listings'
      and s.attname = 'quality_score')`;
}
