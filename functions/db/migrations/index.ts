import type { Migration } from 'kysely/migration';
import * as initialSchema from './2026_11_21_0001_initial_schema.ts';
import * as accounts from './2026_11_21_0002_accounts.ts';
import * as publicForms from './2026_11_21_0003_public_forms.ts';
import * as messaging from './2026_11_21_0004_messaging.ts';
import * as directoryPages from './2026_11_23_0001_directory_pages.ts';
import * as serviceCardCounts from './2026_11_23_0002_service_card_counts.ts';
import * as searchAtScale from './2026_11_23_0010_search_at_scale.ts';
import * as adminLists from './2026_11_23_0030_admin_lists.ts';
import * as authFailures from './2026_11_23_0040_auth_failures.ts';
import * as claims from './2026_11_23_0050_claims.ts';
import * as listingReports from './2026_11_23_0054_listing_reports.ts';
import * as areaPages from './2026_11_23_0057_area_pages.ts';
import * as areaBackfill from './2026_11_23_0058_area_backfill.ts';
import * as searchArea from './2026_11_23_0059_search_area.ts';
import * as dropSiteBuildState from './2026_11_23_0070_drop_site_build_state.ts';
import * as closedReports from './2026_11_23_0100_closed_reports.ts';
import * as setupSteps from './2026_11_24_0010_setup_steps.ts';
import * as idempotencyKeys from './2026_11_25_0010_idempotency_keys.ts';
import * as reviews from './2026_11_26_0340_reviews.ts';
import * as listingStats from './2026_11_27_0010_listing_stats.ts';
import * as photos from './2026_11_27_0010_photos.ts';
import * as leads from './2026_11_27_0020_leads.ts';
import * as ownerPhotos from './2026_11_27_0030_owner_photos.ts';
import * as monthlySummary from './2026_11_27_0040_monthly_summary.ts';
import * as searchCounts from './2026_11_27_0050_search_counts.ts';
import * as insightsRollups from './2026_11_27_0060_insights_rollups.ts';
import * as searchWalkSources from './2026_11_27_0070_search_walk_sources.ts';
import * as directoryCounts from './2026_11_27_0080_directory_counts.ts';
import * as moreListingEvents from './2026_11_27_0090_more_listing_events.ts';
import * as searchRank from './2026_11_28_0401_search_rank.ts';
import * as smsOutbox from './2026_11_28_0701_sms_outbox.ts';
import * as phoneSignIn from './2026_11_28_0702_phone_sign_in.ts';
import * as phoneReviews from './2026_11_28_0703_phone_reviews.ts';
import * as searchWords from './2026_11_28_0801_search_words.ts';
import * as recommendedByTrust from './2026_11_28_1801_recommended_by_trust.ts';
import * as searchLexicon from './2026_11_28_1802_search_lexicon.ts';
import * as searchLexiconLockOrder from './2026_11_28_1803_search_lexicon_lock_order.ts';
import * as listingPhoneConfirmed from './2026_11_28_2201_listing_phone_confirmed.ts';
import * as searchLexiconPerStatement from './2026_11_28_2230_search_lexicon_per_statement.ts';
import * as reviewBursts from './2026_11_28_2301_review_bursts.ts';
import * as quotes from './2026_11_29_0101_quotes.ts';
import * as quoteAdmin from './2026_11_29_0102_quote_admin.ts';
import * as fairPrices from './2026_11_29_0103_fair_prices.ts';
import * as roadsideFields from './2026_11_29_0201_roadside_fields.ts';
import * as responseTime from './2026_11_29_0301_response_time.ts';
import * as jobFollowUp from './2026_11_29_0302_job_follow_up.ts';
import * as roadsideNearest from './2026_11_29_0401_roadside_nearest.ts';
import * as requestPhotos from './2026_11_29_0501_request_photos.ts';
import * as listingIdNames from './2026_11_29_0601_listing_id_names.ts';
import * as searchCategoryTrust from './2026_11_29_0701_search_category_trust.ts';
import * as searchListings from './2026_11_29_0801_search_listings.ts';

/**
 * Every migration, by name, in order. Imported statically (not read from disk) so the
 * bundlers of Astro and Netlify include them.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_21_0001_initial_schema': initialSchema,
  '2026_11_21_0002_accounts': accounts,
  '2026_11_21_0003_public_forms': publicForms,
  '2026_11_21_0004_messaging': messaging,
  '2026_11_23_0001_directory_pages': directoryPages,
  '2026_11_23_0002_service_card_counts': serviceCardCounts,
  '2026_11_23_0010_search_at_scale': searchAtScale,
  '2026_11_23_0030_admin_lists': adminLists,
  '2026_11_23_0040_auth_failures': authFailures,
  '2026_11_23_0050_claims': claims,
  '2026_11_23_0054_listing_reports': listingReports,
  '2026_11_23_0057_area_pages': areaPages,
  '2026_11_23_0058_area_backfill': areaBackfill,
  '2026_11_23_0059_search_area': searchArea,
  '2026_11_23_0070_drop_site_build_state': dropSiteBuildState,
  '2026_11_23_0100_closed_reports': closedReports,
  '2026_11_24_0010_setup_steps': setupSteps,
  '2026_11_25_0010_idempotency_keys': idempotencyKeys,
  '2026_11_26_0340_reviews': reviews,
  '2026_11_27_0010_listing_stats': listingStats,
  '2026_11_27_0010_photos': photos,
  '2026_11_27_0020_leads': leads,
  '2026_11_27_0030_owner_photos': ownerPhotos,
  '2026_11_27_0040_monthly_summary': monthlySummary,
  '2026_11_27_0050_search_counts': searchCounts,
  '2026_11_27_0060_insights_rollups': insightsRollups,
  '2026_11_27_0070_search_walk_sources': searchWalkSources,
  '2026_11_27_0080_directory_counts': directoryCounts,
  '2026_11_27_0090_more_listing_events': moreListingEvents,
  '2026_11_28_0401_search_rank': searchRank,
  '2026_11_28_0701_sms_outbox': smsOutbox,
  '2026_11_28_0702_phone_sign_in': phoneSignIn,
  '2026_11_28_0703_phone_reviews': phoneReviews,
  '2026_11_28_0801_search_words': searchWords,
  '2026_11_28_1801_recommended_by_trust': recommendedByTrust,
  '2026_11_28_1802_search_lexicon': searchLexicon,
  '2026_11_28_1803_search_lexicon_lock_order': searchLexiconLockOrder,
  '2026_11_28_2201_listing_phone_confirmed': listingPhoneConfirmed,
  '2026_11_28_2230_search_lexicon_per_statement': searchLexiconPerStatement,
  '2026_11_28_2301_review_bursts': reviewBursts,
  '2026_11_29_0101_quotes': quotes,
  '2026_11_29_0102_quote_admin': quoteAdmin,
  '2026_11_29_0103_fair_prices': fairPrices,
  '2026_11_29_0201_roadside_fields': roadsideFields,
  '2026_11_29_0301_response_time': responseTime,
  '2026_11_29_0302_job_follow_up': jobFollowUp,
  '2026_11_29_0401_roadside_nearest': roadsideNearest,
  '2026_11_29_0501_request_photos': requestPhotos,
  '2026_11_29_0601_listing_id_names': listingIdNames,
  '2026_11_29_0701_search_category_trust': searchCategoryTrust,
  '2026_11_29_0801_search_listings': searchListings,
};
