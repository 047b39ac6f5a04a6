import { createHash } from 'node:crypto';
import type { HoldReason } from '../../common/schemas/review-rules.ts';

/**
 * The text rules that hold a review or an owner's reply for the admin (issue 24.1, ADR 034):
 * links, phone numbers and e-mail addresses, which turn a review into an advert or a way around
 * the directory; and the normalised text whose hash finds "the same text posted elsewhere". Pure
 * functions; the rules that need the database (duplicates, the daily limit, new accounts from one
 * address) are applied by the service with these.
 */

/** Top-level domains a bare `name.tld` counts as a link for (common, and Nigeria's). */
const TLDS = [
  'com',
  'ng',
  'net',
  'org',
  'info',
  'biz',
  'co',
  'io',
  'me',
  'xyz',
  'site',
  'online',
  'shop',
  'store',
  'link',
  'ly',
  'app',
  'page',
  'top',
  'club',
  'africa',
];

const LINK_PATTERNS = [
  /\bhttps?:\/\/\S/i,
  /\bwww\.\S/i,
  // wa.me/234…, t.me/…, bit.ly/…: short links with a path.
  /\b(?:wa|t|bit|tinyurl|goo)\.(?:me|ly|gl|com)\/\S/i,
  new RegExp(
    `\\b[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)*\\.(?:${TLDS.join('|')})\\b(?![.-]?[a-z0-9])`,
    'i',
  ),
];

const EMAIL_PATTERNS = [
  /[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/i,
  // "name (at) gmail dot com", "name [at] yahoo.com"
  /\b[\w.+-]+\s*[([]\s*at\s*[)\]]\s*[\w-]+(?:\s*(?:\.|[([]?\s*dot\s*[)\]]?)\s*[a-z]{2,})+/i,
];

/**
 * Phone numbers: Nigerian mobiles (0803 123 4567, +234 803 123 4567, 234-803-1234567), Lagos
 * landlines (01 234 5678), any international number written with `+`, and any run of ten or more
 * digits. Prices (N250,000), years (2019) and model numbers (Corolla 2008, 1.8 VVT-i) are not.
 */
const PHONE_PATTERNS = [
  /(?:\+|\b)(?:234|0)[\s.-]?\(?[789][01]\d\)?(?:[\s.-]?\d){7}\b/,
  /\b01[\s.-]?\d{3}[\s.-]?\d{4}\b/,
  /\+\d(?:[\s.-]?\d){9,13}\b/,
  /\b\d{10,}\b/,
];

/** The text rules a review or reply breaks: `link`, `phone`, `email` (each once, in that order). */
export function textHoldReasons(...texts: readonly string[]): HoldReason[] {
  const text = texts.join('\n');
  const reasons: HoldReason[] = [];
  // An e-mail address also looks like a link (its domain): name it as what it is.
  const withoutEmails = EMAIL_PATTERNS.reduce((t, p) => t.replace(new RegExp(p, 'gi'), ' '), text);
  if (LINK_PATTERNS.some((p) => p.test(withoutEmails))) reasons.push('link');
  if (PHONE_PATTERNS.some((p) => p.test(text))) reasons.push('phone');
  if (EMAIL_PATTERNS.some((p) => p.test(text))) reasons.push('email');
  return reasons;
}

/**
 * The text as the duplicate rule compares it: lower case, accents and punctuation removed,
 * whitespace collapsed ("Great  service!!" and "great service" are the same text).
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** sha256 (hex) of the normalised text: what `reviews.body_hash` and `review_replies.body_hash` hold. */
export function textHash(text: string): string {
  return createHash('sha256').update(normaliseText(text)).digest('hex');
}

/**
 * Texts shorter than this (normalised) are never duplicates: "Good mechanic, fair price" from two
 * motorists, or "Thank you for your review" from two owners, is common speech, not copying.
 */
export const DUPLICATE_MIN_CHARACTERS = 40;
