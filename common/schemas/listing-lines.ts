import { nairaText, type PublicBusiness } from './listing';

/**
 * The lines a listing's card and dialog say beside its name (issue 36.5, 38.3): the call-out fee,
 * where a mobile business goes, how it answers Find It requests. Apart from listing.ts, and
 * imported by no admin or form code, so only pages with cards load them (the business page's
 * scripts are budgeted, issue 13.2).
 */

/** "Call-out ₦5,000–₦15,000" (issue 38.3), "Call-out ₦5,000" for one amount; null when not declared. */
export function calloutText(
  business: Pick<PublicBusiness, 'callout_fee_min' | 'callout_fee_max'>,
): string | null {
  const { callout_fee_min: min, callout_fee_max: max } = business;
  if (min === null || min === undefined || max === null || max === undefined) return null;
  return min === max
    ? `Call-out ${nairaText(min)}`
    : `Call-out ${nairaText(min)}–${nairaText(max)}`;
}

/** "Comes to you: Ikeja, Yaba" from the coverage slugs (unknown slugs shown as they are). */
export function coverageText(
  business: Pick<PublicBusiness, 'comes_to_you' | 'coverage_areas'>,
  nameOf: (slug: string) => string | undefined,
): string | null {
  if (!business.comes_to_you) return null;
  const names = (business.coverage_areas ?? []).map((slug) => nameOf(slug) ?? slug);
  return names.length > 0 ? `Comes to you: ${names.join(', ')}` : 'Comes to you';
}

/** Requests in 90 days before a listing's response time is shown (issue 36.5). */
export const RESPONSE_MIN_REQUESTS = 3;

/**
 * The response time a listing shows (issue 36.5): from its 90-day Find It figures, the hours and
 * rate, or nulls before three requests (or with no answer yet).
 */
export function responseOf(stats: {
  quote_requests_90d: number;
  quote_answered_90d: number;
  quote_answer_minutes: number | null;
}): { answers_within_hours: number | null; answer_rate: number | null } {
  if (
    stats.quote_requests_90d < RESPONSE_MIN_REQUESTS ||
    stats.quote_answered_90d === 0 ||
    stats.quote_answer_minutes === null
  )
    return { answers_within_hours: null, answer_rate: null };
  return {
    answers_within_hours: Math.max(1, Math.ceil(stats.quote_answer_minutes / 60)),
    answer_rate: Math.round((100 * stats.quote_answered_90d) / stats.quote_requests_90d),
  };
}

/** "Usually answers within 3 hours · answers 80% of requests", or null. */
export function responseText(
  business: Pick<PublicBusiness, 'answers_within_hours' | 'answer_rate'>,
): string | null {
  const { answers_within_hours: hours, answer_rate: rate } = business;
  if (!hours || rate == null) return null;
  return `Usually answers within ${hours} ${hours === 1 ? 'hour' : 'hours'} · answers ${rate}% of requests`;
}
