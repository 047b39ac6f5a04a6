import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  AuthFailuresTable,
  IdempotencyKeysTable,
  MailOutboxTable,
  ProfilesTable,
  RateLimitsTable,
  SearchLexiconTable,
  SearchWordsLogTable,
  SearchWordsTable,
  SmsOutboxTable,
  SmsSettingsTable,
  UserRolesTable,
  UserTable,
} from './tables/accounts.ts';
import type {
  ArticlesTable,
  ContactsTable,
  SentMessagesTable,
  ServiceCardsTable,
  FairPricesTable,
  QuotesTable,
  ServiceRequestNotificationsTable,
  ServiceRequestPhotosTable,
  ServiceRequestsTable,
} from './tables/content.ts';
import type {
  AreaPeriodStatsTable,
  DirectoryCountsTable,
  EmailPreferencesTable,
  InsightsRollupTable,
  ListingPeriodStatsTable,
  ListingSearchDailyTable,
  ListingStatsDailyTable,
  MonthlySummaryRunsTable,
  MonthlySummarySendsTable,
  SearchStatsDailyTable,
  SetupStepsTable,
  SiteStatsDailyTable,
} from './tables/insights.ts';
import type {
  BusinessClaimsTable,
  BusinessDirectoryView,
  BusinessRegistrationsTable,
  ListingPhoneCodesTable,
  SearchListingsTable,
  ListingChangesTable,
} from './tables/listings.ts';
import type {
  ListingReportsTable,
  PhotosTable,
  ReviewBlocksTable,
  ReviewModerationLogTable,
  ReviewRepliesTable,
  ReviewReportsTable,
  ReviewsTable,
} from './tables/reviews.ts';

// Each table's row type lives in tables/, by area (ADR 073); importers keep importing from here.
export type * from './tables/accounts.ts';
export type * from './tables/content.ts';
export type * from './tables/insights.ts';
export type * from './tables/listings.ts';
export type * from './tables/reviews.ts';

/**
 * Table shapes of SPEC §3, snake_case as in Postgres. Columns marked "later" are the ones
 * DESIGN.md asks us to keep from the start for features of later issues.
 */
export interface Database {
  search_stats_daily: SearchStatsDailyTable;
  listing_search_daily: ListingSearchDailyTable;
  setup_steps: SetupStepsTable;
  email_preferences: EmailPreferencesTable;
  monthly_summary_sends: MonthlySummarySendsTable;
  monthly_summary_runs: MonthlySummaryRunsTable;
  listing_stats_daily: ListingStatsDailyTable;
  site_stats_daily: SiteStatsDailyTable;
  listing_period_stats: ListingPeriodStatsTable;
  area_period_stats: AreaPeriodStatsTable;
  insights_rollup: InsightsRollupTable;
  business_claims: BusinessClaimsTable;
  listing_changes: ListingChangesTable;
  user: UserTable;
  rate_limits: RateLimitsTable;
  idempotency_keys: IdempotencyKeysTable;
  auth_failures: AuthFailuresTable;
  mail_outbox: MailOutboxTable;
  sms_outbox: SmsOutboxTable;
  sms_settings: SmsSettingsTable;
  business_registrations: BusinessRegistrationsTable;
  business_directory: BusinessDirectoryView;
  listing_phone_codes: ListingPhoneCodesTable;
  articles: ArticlesTable;
  service_cards: ServiceCardsTable;
  service_requests: ServiceRequestsTable;
  service_request_notifications: ServiceRequestNotificationsTable;
  service_request_photos: ServiceRequestPhotosTable;
  quotes: QuotesTable;
  fair_prices: FairPricesTable;
  contacts: ContactsTable;
  listing_reports: ListingReportsTable;
  photos: PhotosTable;
  reviews: ReviewsTable;
  review_replies: ReviewRepliesTable;
  review_reports: ReviewReportsTable;
  review_blocks: ReviewBlocksTable;
  review_moderation_log: ReviewModerationLogTable;
  sent_messages: SentMessagesTable;
  profiles: ProfilesTable;
  user_roles: UserRolesTable;
  directory_counts: DirectoryCountsTable;
  search_words: SearchWordsTable;
  search_words_log: SearchWordsLogTable;
  search_lexicon: SearchLexiconTable;
  search_listings: SearchListingsTable;
}

export type BusinessRegistration = Selectable<BusinessRegistrationsTable>;
export type NewBusinessRegistration = Insertable<BusinessRegistrationsTable>;
export type BusinessRegistrationUpdate = Updateable<BusinessRegistrationsTable>;
export type BusinessDirectoryRow = Selectable<BusinessDirectoryView>;
export type Article = Selectable<ArticlesTable>;
export type NewArticle = Insertable<ArticlesTable>;
export type ServiceCard = Selectable<ServiceCardsTable>;
export type NewServiceCard = Insertable<ServiceCardsTable>;
