import { siteUrl } from '../_lib/env.ts';

/**
 * Absolute addresses of public pages, for e-mails (a mail client needs the whole URL). A listing
 * without a slug yet (never approved) links to the home page.
 */
export function listingUrl(slug: string | null): string {
  return `${siteUrl()}/${slug ? `business/${slug}/` : ''}`;
}

/** The owner dashboard (issue 16.2): where an owner edits their listings. */
export function ownerDashboardUrl(): string {
  return `${siteUrl()}/account/business/`;
}

/** The owner's Find It requests (issue 27.4). */
export function ownerLeadsUrl(): string {
  return `${siteUrl()}/account/business/leads/`;
}

/** Where the owner of listing `slug` claims it (issue 16.1), e.g. from a Find It e-mail. */
export function claimUrl(slug: string | null): string {
  return `${siteUrl()}/account/business/claim/${slug ? `?listing=${encodeURIComponent(slug)}` : ''}`;
}
