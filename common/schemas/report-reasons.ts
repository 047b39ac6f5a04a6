/**
 * The reasons a visitor may give for "Report this listing" (issue 16.3), zod-free so the public
 * report form stays out of the Zod bundle (ADR 016, ADR 019). The labels are the issue's
 * strings, verbatim; the keys are what the API and `listing_reports.reason` store.
 */
export const REPORT_REASONS = [
  { key: 'closed', label: 'Permanently closed' },
  { key: 'wrong_phone', label: 'Wrong phone number' },
  { key: 'wrong_address', label: 'Wrong address or location' },
  { key: 'duplicate', label: 'Duplicate listing' },
  { key: 'spam', label: 'Spam or fraud' },
  { key: 'other', label: 'Other' },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]['key'];

/** The reason keys, in the order the form lists them. */
export const REPORT_REASON_KEYS = REPORT_REASONS.map((r) => r.key) as [
  ReportReason,
  ...ReportReason[],
];

/** Most characters the optional details may hold. */
export const REPORT_DETAILS_MAX = 500;

/** The label a reason key shows ("Permanently closed" for `closed`). */
export function reasonLabel(key: string): string {
  return REPORT_REASONS.find((r) => r.key === key)?.label ?? key;
}
