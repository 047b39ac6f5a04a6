import { FIND_IT_SERVICES } from './categories';
import { HONEYPOT_FIELD, honeypot, optionalText } from './forms';
import { QuoteRequestFields } from './quote-request';
import { z } from './zod-mini';

/**
 * The Find It form (SPEC §9; issue 36.1's quote fields), shared by its island and the function
 * layer. A module of its own (issue 34.5, ADR 095): its quote fields bring the quote options, which
 * the List your business and Contact pages need not load before their first inline message.
 */

/** A required text of at most `max` characters, trimmed. */
const required = (max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please fill in all required fields.'),
      z.maxLength(max, `Must be at most ${max} characters`),
    );

export const FindItSchema = z.object({
  name: required(80),
  email: z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.toLowerCase(),
        z.minLength(1, 'Please fill in all required fields.'),
        z.maxLength(254),
      ),
    z.email('Invalid email address'),
  ),
  phone: required(30),
  location: required(120),
  services: z
    .array(z.enum(FIND_IT_SERVICES))
    .check(
      z.minLength(1, 'Please select at least one service you need.'),
      z.maxLength(FIND_IT_SERVICES.length),
    ),
  additionalInfo: optionalText(2000),
  // Issue 36.1: what a business needs to price the job (all optional).
  ...QuoteRequestFields,
  [HONEYPOT_FIELD]: honeypot,
});
export type FindItInput = z.input<typeof FindItSchema>;
