import { INSIGHT_COUNTERS, type InsightTotals } from '../../common/schemas/insights.ts';
import type { MailMessage } from '../_lib/mail.ts';
import { emailHtml, escapeHtml } from './layout.ts';

/** The monthly summary to a listing's owner (issue 27.3, ADR 045). */

/** How each counter reads in a sentence, singular and plural ("1 call", "37 calls"). */
const PHRASES: Record<keyof InsightTotals, [string, string]> = {
  page_views: ['view', 'views'],
  detail_opens: ['look at the details', 'looks at the details'],
  contact_reveals: [
    'visitor who showed the contact details',
    'visitors who showed the contact details',
  ],
  call_taps: ['call', 'calls'],
  whatsapp_taps: ['WhatsApp message', 'WhatsApp messages'],
  directions_taps: ['direction request', 'direction requests'],
  website_taps: ['website visit', 'website visits'],
  find_it_forwards: ['Find It request', 'Find It requests'],
  photo_views: ['photo view', 'photo views'],
  reviews: ['new review', 'new reviews'],
  quotes_sent: ['quote sent', 'quotes sent'],
  quotes_accepted: ['quote accepted', 'quotes accepted'],
};

/** "412 views, 37 calls, 12 WhatsApp messages": the counters above zero, in the Insights order. */
export function figuresText(totals: InsightTotals): string {
  const parts = INSIGHT_COUNTERS.filter((c) => totals[c] > 0).map((c) => {
    const n = totals[c];
    return `${n.toLocaleString('en-NG')} ${PHRASES[c][n === 1 ? 0 : 1]}`;
  });
  return parts.length > 0 ? parts.join(', ') : 'no visits recorded';
}

export interface SummaryListing {
  businessName: string;
  totals: InsightTotals;
  /** Absolute URL of the listing's Insights page. */
  insightsUrl: string;
}

/**
 * One owner's summary of one month, covering each of their listings, with a link to each
 * listing's Insights page and the one-click unsubscribe headers (RFC 2369 `List-Unsubscribe`,
 * RFC 8058 `List-Unsubscribe-Post`). The unsubscribe token is a secret of the log (redacted in
 * mail_outbox).
 * @param details.monthName e.g. `November`; `unsubscribeUrl` the confirmation page;
 *   `oneClickUrl` the address mail clients POST to.
 */
export function monthlySummaryEmail(
  to: string,
  details: {
    ownerName: string;
    monthName: string;
    year: number;
    listings: readonly SummaryListing[];
    unsubscribeUrl: string;
    oneClickUrl: string;
    token: string;
  },
): MailMessage {
  const { listings, monthName } = details;
  const first = listings[0]!;
  const single = listings.length === 1;
  const subject = single
    ? `Your listing in ${monthName}: ${figuresText(first.totals)}`
    : `Your ${listings.length} listings in ${monthName} on Lagos Auto Hub`;
  const greeting = `Hello ${details.ownerName || 'there'},`;
  const intro = single
    ? `Here is what ${first.businessName} earned on Lagos Auto Hub in ${monthName} ${details.year}: ${figuresText(first.totals)}.`
    : `Here is what your listings earned on Lagos Auto Hub in ${monthName} ${details.year}:`;
  const perListing = listings.map((l) => `${l.businessName}: ${figuresText(l.totals)}.`);
  const insightsLine = single
    ? 'See each day, and download the figures as a spreadsheet, on your Insights page.'
    : 'See each day, and download the figures as a spreadsheet, on each listing’s Insights page.';
  const footer = `You get this summary once a month because you manage a listing on Lagos Auto Hub. To stop it, open ${details.unsubscribeUrl}`;

  const textLines = [
    greeting,
    intro,
    ...(single ? [] : [perListing.map((line) => `- ${line}`).join('\n')]),
    insightsLine,
    listings
      .map((l) => (single ? l.insightsUrl : `${l.businessName}: ${l.insightsUrl}`))
      .join('\n'),
    footer,
  ];

  const listHtml = single
    ? ''
    : `<ul style="margin:0 0 14px;padding-left:20px">${listings
        .map(
          (l) =>
            `<li style="margin:0 0 6px"><a href="${escapeHtml(l.insightsUrl)}">${escapeHtml(l.businessName)}</a>: ${escapeHtml(figuresText(l.totals))}.</li>`,
        )
        .join('')}</ul><p style="margin:0 0 14px">${escapeHtml(insightsLine)}</p>`;
  const html = emailHtml(
    single ? `${first.businessName} in ${monthName}` : `Your listings in ${monthName}`,
    single ? [greeting, intro, insightsLine] : [greeting, intro],
    single ? { label: 'See your Insights', url: first.insightsUrl } : undefined,
    {
      bodyHtml: listHtml,
      footerHtml: `<p style="color:#4f5661;font-size:12px;margin-top:24px">You get this summary once a month because you manage a listing on Lagos Auto Hub. <a href="${escapeHtml(details.unsubscribeUrl)}" style="color:#4f5661">Unsubscribe</a></p>`,
    },
  );

  return {
    to: [to],
    subject,
    template: 'monthly-summary',
    text: `${textLines.join('\n\n')}\n`,
    html,
    secrets: [details.token],
    headers: {
      'List-Unsubscribe': `<${details.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
