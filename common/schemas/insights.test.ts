import { describe, expect, it } from 'vitest';
import {
  BEACON_EVENTS,
  BeaconSchema,
  EVENT_COLUMNS,
  INSIGHT_COUNTERS,
  INSIGHT_LABELS,
  InsightTotalsSchema,
  LISTING_EVENT_TABLE,
  LISTING_EVENTS,
  SEARCH_IMPRESSIONS_MAX,
} from './insights.ts';
import { DIRECTORY_PAGE_SIZE } from './directory.ts';

describe('the one table of listing events (ADR 041)', () => {
  it('derives every list of events from LISTING_EVENT_TABLE, in its order', () => {
    expect(LISTING_EVENTS).toEqual(Object.keys(LISTING_EVENT_TABLE));
    expect(INSIGHT_COUNTERS).toEqual(LISTING_EVENTS.map((e) => LISTING_EVENT_TABLE[e].counter));
    expect(Object.keys(InsightTotalsSchema.shape)).toEqual(INSIGHT_COUNTERS);
    expect(Object.keys(INSIGHT_LABELS)).toEqual(INSIGHT_COUNTERS);
    expect(EVENT_COLUMNS.call_tap).toBe('call_taps');
    expect(INSIGHT_LABELS.whatsapp_taps).toBe('WhatsApp messages');
    expect(INSIGHT_LABELS.photo_views).toBe('Photo views');
    expect(INSIGHT_LABELS.reviews).toBe('Reviews');
  });

  it('lets a browser report only the events a browser sees', () => {
    expect(BEACON_EVENTS).not.toContain('find_it_forward');
    expect(BEACON_EVENTS).not.toContain('review');
    // Quotes are counted where they happen (issue 36.8), never by a browser.
    expect(BEACON_EVENTS).not.toContain('quote_sent');
    expect(BEACON_EVENTS).not.toContain('quote_accepted');
    expect(BEACON_EVENTS).toContain('page_view');
    expect(BEACON_EVENTS).toContain('photo_view');
    expect(BEACON_EVENTS.length).toBe(LISTING_EVENTS.length - 4);
    const listing = '00000000-0000-4000-8000-000000000000';
    expect(BeaconSchema.safeParse({ listing, event: 'call_tap' }).success).toBe(true);
    expect(BeaconSchema.safeParse({ listing, event: 'find_it_forward' }).success).toBe(false);
    expect(BeaconSchema.safeParse({ listing, event: 'quote_accepted' }).success).toBe(false);
  });
});

describe('search counts (ADR 044)', () => {
  it('counts the listings of the first page of search results', () => {
    expect(SEARCH_IMPRESSIONS_MAX).toBe(DIRECTORY_PAGE_SIZE);
  });
});
