/**
 * Reviews, owner replies and the Verified badge's checks (issue 24, ADR 034): the limits, labels
 * and small pure rules the pages, the public islands and the function layer share. Zod-free, like
 * `listing.ts`: public islands import this module and their pages carry no validation code. The
 * request schemas live in `reviews.ts`.
 */

export const REVIEW_TITLE_MIN = 3;
export const REVIEW_TITLE_MAX = 100;
export const REVIEW_BODY_MIN = 20;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_NAME_MIN = 2;
export const REVIEW_NAME_MAX = 40;
export const REPLY_BODY_MIN = 2;
export const REPLY_BODY_MAX = 2000;
/** Reviews on one page of a business page (issue 24.2). */
export const REVIEWS_PAGE_SIZE = 10;
/** How far back a visit may be, in months (older visits say little about the business today). */
export const VISIT_MONTHS_BACK = 60;

/** The business page's review orders (issue 24.2); the first is the default. */
export const REVIEW_SORTS = [
  { key: 'newest', label: 'Newest' },
  { key: 'highest', label: 'Highest rated' },
  { key: 'lowest', label: 'Lowest rated' },
] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number]['key'];

/** The sort named by a page's `?sort=`, or the default for anything else. */
export function reviewSortOf(value: string | null | undefined): ReviewSort {
  return REVIEW_SORTS.find((s) => s.key === value)?.key ?? 'newest';
}

/**
 * The rules that hold a review or reply for the admin instead of publishing it (issue 24.1,
 * ADR 034), with what the admin and the author are told.
 */
export const HOLD_REASONS = {
  link: 'Contains a link',
  phone: 'Contains a phone number',
  email: 'Contains an e-mail address',
  duplicate: 'The same text was posted elsewhere',
  daily_limit: 'More than 5 reviews in a day from one account',
  new_accounts: 'Several new accounts from one address reviewed this business',
  new_accounts_day: 'Several new accounts reviewed this business within a day',
  one_network: 'Several reviews of this business came from one network within a day',
  edited_after_hide: 'Edited after our team hid it',
  photos: 'Has photos for our team to check',
} as const;
export type HoldReason = keyof typeof HOLD_REASONS;

export function holdReasonLabel(key: string): string {
  return (HOLD_REASONS as Record<string, string>)[key] ?? key;
}

/** "Report this review" (issue 24.1): the reasons, as listing reports have theirs (ADR 019). */
export const REVIEW_REPORT_REASONS = [
  { key: 'fake', label: 'Fake review or not a real customer' },
  { key: 'offensive', label: 'Offensive or abusive' },
  { key: 'personal', label: 'Shares private information' },
  { key: 'advertising', label: 'Advertising or spam' },
  { key: 'conflict', label: 'Written by the business or a competitor' },
  { key: 'other', label: 'Other' },
] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number]['key'];
export const REVIEW_REPORT_REASON_KEYS = REVIEW_REPORT_REASONS.map((r) => r.key) as [
  ReviewReportReason,
  ...ReviewReportReason[],
];

export function reviewReportReasonLabel(key: string): string {
  return REVIEW_REPORT_REASONS.find((r) => r.key === key)?.label ?? key;
}

/**
 * The labels that tell the two ratings apart wherever both appear (issue 24.2): the admin's own
 * `star_rating` (SPEC §4) and the average of the motorists' published reviews. The same words are
 * shown and read out.
 */
export const DIRECTORY_RATING_LABEL = 'Lagos Auto Hub rating';
export const REVIEWS_AVERAGE_LABEL = "Motorists' average";

/** `1 review`, `27 reviews`. */
export function reviewCountText(count: number): string {
  return `${count.toLocaleString('en-US')} review${count === 1 ? '' : 's'}`;
}

/**
 * The average of `count` reviews whose stars add up to `sum`, to one decimal (4.25 → 4.3), or
 * null without reviews.
 */
export function reviewAverage(count: number, sum: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

/** The checks an admin can record behind Verified (issue 24.6), in the order the text names them. */
export const VERIFICATION_CHECKS = [
  { key: 'phone', label: 'Phone confirmed by a code we sent', short: 'phone' },
  { key: 'cac', label: 'CAC registration number seen on the certificate', short: 'CAC number' },
  { key: 'address', label: 'Address visited or photographed', short: 'address' },
  { key: 'identity', label: "Owner's identity checked", short: "owner's identity" },
] as const;
export type VerificationCheckKey = (typeof VERIFICATION_CHECKS)[number]['key'];
export const VERIFICATION_CHECK_KEYS = VERIFICATION_CHECKS.map((c) => c.key) as [
  VerificationCheckKey,
  ...VerificationCheckKey[],
];

/** "phone", "phone and CAC number", "phone, CAC number and address". */
function joinWithAnd(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** "November 2026" for an ISO date, in Lagos time (SPEC §9: month names on public pages). */
export function monthYear(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Lagos',
  });
}

/**
 * What the Verified badge opens (issue 24.6): "Verified by Lagos Auto Hub: phone and CAC number,
 * November 2026". Without recorded checks (listings verified before they were recorded) it says
 * only "Verified by Lagos Auto Hub."
 */
export function verificationText(
  checks: readonly string[] | null | undefined,
  verifiedAt: string | null | undefined,
  phoneConfirmedAt?: string | null,
): string {
  // The owner's own confirmation, with its day, stands in for the admin's undated `phone` check.
  const shown = VERIFICATION_CHECKS.filter(
    (c) => checks?.includes(c.key) && !(c.key === 'phone' && phoneConfirmedAt),
  ).map((c) => c.short);
  const text =
    shown.length === 0
      ? 'Verified by Lagos Auto Hub.'
      : `Verified by Lagos Auto Hub: ${joinWithAnd(shown)}${verifiedAt ? `, ${monthYear(verifiedAt)}` : ''}`;
  if (!phoneConfirmedAt) return text;
  return `${text}${text.endsWith('.') ? '' : '.'} ${phoneConfirmedText(phoneConfirmedAt)}`;
}

/**
 * "Phone confirmed on December 3, 2026" (issue 37.5, ADR 075): the day the owner confirmed the
 * listing's phone with a code, in Lagos time, in the public pages' long date (SPEC §9).
 */
export function phoneConfirmedText(iso: string): string {
  // articles.ts `formatLongDate`'s format; that module carries Zod, which this one keeps out.
  const day = new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'Africa/Lagos',
  });
  return `Phone confirmed on ${day}`;
}

/** "November 2026" for a visit month `2026-11`. */
export function visitMonthText(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, (m ?? 1) - 1, 15)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The business page's address of review page `page` in order `sort` (issue 24.2). */
export function reviewsHref(path: string, page: number, sort: ReviewSort): string {
  const params = new URLSearchParams();
  if (sort !== 'newest') params.set('sort', sort);
  if (page > 1) params.set('reviews', String(page));
  const query = params.toString();
  return `${path}${query ? `?${query}` : ''}#reviews`;
}

/** Where "Write a review" leads: the listing's review page (sign in and confirm first, then back). */
export const writeReviewPath = (slug: string) => `/business/${encodeURIComponent(slug)}/review/`;

/** "Report this review": a page of its own, so the business page carries no form code. */
export const reportReviewPath = (slug: string, reviewId: string) =>
  `/business/${encodeURIComponent(slug)}/reviews/${encodeURIComponent(reviewId)}/report/`;

/** The owner's page of a listing's reviews, where they reply (issue 24.3). */
export const ownerReviewsPath = (listingId: string) =>
  `/account/business/reviews/?listing=${encodeURIComponent(listingId)}`;
