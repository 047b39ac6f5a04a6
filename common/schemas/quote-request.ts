import { LAGOS_AREAS } from '../config/lagos-areas';
import { optionalText } from './forms';
import { CAR_MAKE_NAMES, CONTACT_METHODS, type ContactMethod, URGENCY_KEYS } from './quote-options';
import { z } from './zod-mini';

/**
 * What a Find It request carries besides the spec's fields (issue 36.1, ADR 079): the car, the
 * job, the area, how soon and how to be reached, all optional, so the spec's form and messages
 * stay as they were. Merged into `FindItSchema` (find-it.ts); on `zod/mini` with it, so the Find
 * It page validates without loading the rest of the quotes' schemas (quotes.ts; ADR 097).
 */

const CONTACT_METHOD_KEYS = CONTACT_METHODS.map((c) => c.key) as [
  ContactMethod,
  ...ContactMethod[],
];

const AREA_SLUGS = LAGOS_AREAS.map((a) => a.slug) as [string, ...string[]];

/** "" from an untouched `<select>` or field becomes undefined, before `schema` reads it. */
const blankAsUndefined = <S extends z.core.$ZodType>(schema: S) =>
  z.pipe(
    z.transform((value: unknown): unknown => (value === '' || value === null ? undefined : value)),
    schema,
  );

const thisYear = () => new Date().getUTCFullYear();

const YEAR_MESSAGE = 'Enter the year as four digits, e.g. 2012';

/** The Find It fields of issue 36.1. */
export const QuoteRequestFields = {
  carMake: blankAsUndefined(z.optional(z.enum(CAR_MAKE_NAMES, 'Choose a make from the list'))),
  carModel: optionalText(40),
  carYear: blankAsUndefined(
    z.optional(
      z.pipe(
        z.coerce.number(YEAR_MESSAGE),
        z.int(YEAR_MESSAGE).check(
          z.gte(1950, 'Enter a year from 1950'),
          z.refine((year: number) => year <= thisYear() + 1, 'That year has not come yet'),
        ),
      ),
    ),
  ),
  job: optionalText(500),
  area: blankAsUndefined(z.optional(z.enum(AREA_SLUGS, 'Choose an area from the list'))),
  urgency: blankAsUndefined(z.optional(z.enum(URGENCY_KEYS, 'Choose how soon'))),
  contactMethods: z._default(
    z
      .array(z.enum(CONTACT_METHOD_KEYS, 'Choose how to be reached'))
      .check(z.maxLength(CONTACT_METHODS.length)),
    [],
  ),
};
