import { z } from './zod-mini';
import { SERVICE_CATEGORIES } from './categories';
import { normaliseTags } from './tags';
import { optionalWebsite } from './url';

/**
 * The public forms (SPEC §5, §9), shared by the islands and the function layer: List your
 * business and Contact here, Find It in ./find-it.ts (its quote fields bring the quote options,
 * which the other two forms' pages need not load: issue 34.5, ADR 095).
 * Every field has a length cap; `hp` is the honeypot: people never see it, bots fill it.
 */
export const HONEYPOT_FIELD = 'hp';
/** The honeypot field's schema. */
export const honeypot = z.optional(z.string().check(z.maxLength(200)));

/** An optional text of at most `max` characters, trimmed; empty is undefined. */
export const optionalText = (max: number) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`))),
    z.transform((value) => value || undefined),
  );

const optionalEmail = z.pipe(
  z.pipe(
    z.optional(
      z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, 'Invalid email address')),
    ),
    z.transform((value) => value || undefined),
  ),
  z.optional(z.email('Invalid email address')),
);

export const BusinessRegistrationSchema = z.object({
  businessName: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, 'Business name must be at least 2 characters'),
      z.maxLength(120, 'Must be at most 120 characters'),
    ),
  contactName: optionalText(80),
  email: optionalEmail,
  phone: optionalText(30),
  address: optionalText(200),
  city: optionalText(80),
  state: optionalText(80),
  website: optionalWebsite,
  description: z
    .string()
    .check(
      z.trim(),
      z.minLength(10, 'Description must be at least 10 characters'),
      z.maxLength(2000, 'Must be at most 2000 characters'),
    ),
  services: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, 'Please describe your specific services'),
      z.maxLength(1000, 'Must be at most 1000 characters'),
    ),
  serviceCategories: z
    .array(z.enum(SERVICE_CATEGORIES))
    .check(
      z.minLength(1, 'Please select at least one service category'),
      z.maxLength(SERVICE_CATEGORIES.length),
    ),
  serviceTags: z.pipe(
    z._default(
      z
        .array(z.string().check(z.maxLength(40, 'Tags must be at most 40 characters')))
        .check(z.maxLength(20, 'At most 20 tags')),
      [],
    ),
    z.transform((tags: string[]) => normaliseTags(tags)),
  ),
  contactVisibility: z.enum(
    ['public', 'registered_users_only'],
    'Please select contact visibility preference',
  ),
  [HONEYPOT_FIELD]: honeypot,
});
export type BusinessRegistrationInput = z.input<typeof BusinessRegistrationSchema>;
export type BusinessRegistrationData = z.output<typeof BusinessRegistrationSchema>;

/** SPEC §5 write rule: the first selected category, or Multiple Services when several are selected. */
export function businessTypeFor(categories: readonly string[]): string {
  return categories.length > 1 ? 'Multiple Services' : (categories[0] ?? 'Multiple Services');
}

export const ContactFormSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, 'Name must be at least 2 characters'),
      z.maxLength(80, 'Must be at most 80 characters'),
    ),
  email: z.pipe(
    z
      .string()
      .check(z.trim(), z.toLowerCase(), z.maxLength(254, 'Please enter a valid email address')),
    z.email('Please enter a valid email address'),
  ),
  phone: optionalText(30),
  subject: z
    .string()
    .check(
      z.trim(),
      z.minLength(5, 'Subject must be at least 5 characters'),
      z.maxLength(150, 'Must be at most 150 characters'),
    ),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(10, 'Message must be at least 10 characters'),
      z.maxLength(5000, 'Must be at most 5000 characters'),
    ),
  [HONEYPOT_FIELD]: honeypot,
});
export type ContactFormInput = z.input<typeof ContactFormSchema>;

/** What the three form endpoints answer (201), so the islands can pick the SPEC §8 toast. */
export const SubmissionResultSchema = z.object({
  id: z.uuid(),
  /** `sent` when every notification e-mail went out, `failed` when one did not (the data is saved). */
  emailStatus: z.enum(['sent', 'failed']),
});
export type SubmissionResult = z.infer<typeof SubmissionResultSchema>;
