import { z } from 'zod';
import { LAGOS_AREAS } from '../config/lagos-areas';
import { COVERAGE_ROADS } from '../config/lagos-roads';

/**
 * What an owner declares for a motorist stranded on the road (issue 38.3, ADR 081): open 24 hours,
 * comes to you with the places covered, and a call-out fee range in whole naira. One schema for
 * the owner's form, the admin's edit dialog, the CSV import and the function layer; the database
 * checks the same bounds (2026_11_29_0201_roadside_fields).
 */

/** The highest call-out fee a listing may declare, in naira. */
export const CALLOUT_FEE_MAX = 1_000_000;
/** How many areas and roads a mobile business may cover. */
export const MAX_COVERAGE_AREAS = 30;

/** Area slugs, then road slugs (issue 38.3: "the areas or roads covered"). */
const COVERAGE_SLUGS = [
  ...LAGOS_AREAS.map((a) => a.slug),
  ...COVERAGE_ROADS.map((r) => r.slug),
] as [string, ...string[]];

const naira = z
  .number('Enter the fee in naira')
  .int('Whole naira only')
  .min(0, 'The fee cannot be negative')
  .max(CALLOUT_FEE_MAX, 'At most ₦1,000,000');

/** The call-out fee range: two whole naira amounts, the lowest first. */
export const CalloutFeeSchema = z
  .object({ min: naira, max: naira })
  .refine((fee) => fee.min <= fee.max, {
    message: 'The lowest fee must not be more than the highest',
    path: ['max'],
  });
export type CalloutFee = z.infer<typeof CalloutFeeSchema>;

/** The places a mobile business covers: slugs of the shipped Lagos areas and major roads, each once. */
export const CoverageAreasSchema = z
  .array(z.enum(COVERAGE_SLUGS, 'Choose areas from the list'))
  .max(MAX_COVERAGE_AREAS, `Choose at most ${MAX_COVERAGE_AREAS} areas`)
  .transform((slugs) => [...new Set(slugs)]);

/** The four declarations, as the owner's edit and the admin's edit send them. */
export const RoadsideFieldsSchema = z.object({
  open_24_hours: z.boolean().default(false),
  comes_to_you: z.boolean().default(false),
  coverage_areas: CoverageAreasSchema.default([]),
  callout_fee: CalloutFeeSchema.nullish().transform((fee) => fee ?? null),
});
export type RoadsideFieldsInput = z.input<typeof RoadsideFieldsSchema>;
export type RoadsideFields = z.output<typeof RoadsideFieldsSchema>;

/** The listing's columns of the four declarations (the fee range is two). */
export const ROADSIDE_COLUMNS = [
  'open_24_hours',
  'comes_to_you',
  'coverage_areas',
  'callout_fee_min',
  'callout_fee_max',
] as const;

/** The columns of a fee range (both or neither). */
export function feeColumns(fee: CalloutFee | null): {
  callout_fee_min: number | null;
  callout_fee_max: number | null;
} {
  return { callout_fee_min: fee?.min ?? null, callout_fee_max: fee?.max ?? null };
}

/** The fee range of its columns, or null when not declared. */
export function feeOfColumns(row: {
  callout_fee_min: number | null;
  callout_fee_max: number | null;
}): CalloutFee | null {
  return row.callout_fee_min === null || row.callout_fee_max === null
    ? null
    : { min: row.callout_fee_min, max: row.callout_fee_max };
}
