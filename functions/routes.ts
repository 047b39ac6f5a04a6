import type { ApiHandler } from './_lib/context.ts';
import type { Access } from './_lib/guards.ts';
import { idempotent } from './_lib/idempotency.ts';
import * as account from './account/account.handler.ts';
import * as articles from './articles/articles.handler.ts';
import * as auth from './auth/auth.handler.ts';
import * as claims from './claims/claims.handler.ts';
import * as contacts from './contacts/contacts.handler.ts';
import * as dashboard from './dashboard/dashboard.handler.ts';
import * as directory from './directory/directory.handler.ts';
import * as health from './health/health.handler.ts';
import * as imports from './imports/imports.handler.ts';
import * as insights from './insights/insights.handler.ts';
import * as listingPhone from './listing-phone/listing-phone.handler.ts';
import * as messages from './messages/messages.handler.ts';
import * as monthlySummary from './monthly-summary/monthly-summary.handler.ts';
import * as photos from './photos/photos.handler.ts';
import * as registrations from './registrations/registrations.handler.ts';
import * as reports from './reports/reports.handler.ts';
import * as reviews from './reviews/reviews.handler.ts';
import * as searchWords from './search-words/search-words.handler.ts';
import * as serviceCards from './service-cards/service-cards.handler.ts';
import * as quotes from './service-requests/quotes.handler.ts';
import * as requestPhotos from './service-requests/request-photos.handler.ts';
import * as serviceRequests from './service-requests/service-requests.handler.ts';
import * as sms from './sms/sms.handler.ts';
import * as users from './users/users.handler.ts';

export type { Access } from './_lib/guards.ts';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to `/api`; `:name` segments become `ctx.params.name`. */
  path: string;
  /** Who may call it, enforced before the handler (guards.ts). */
  access: Access;
  handler: ApiHandler;
  /**
   * The path this route answered at before listings had one name in URLs (ADR 086): still
   * answered for one release, with `Deprecation` and a `Link` to `path` (router.ts). Same params.
   */
  formerly?: string;
}

const route = (
  method: Route['method'],
  path: string,
  access: Access,
  handler: ApiHandler,
  formerly?: string,
): Route => ({ method, path, access, handler, ...(formerly ? { formerly } : {}) });

/**
 * The API's index: every route, its access level, its handler and, last, its former path, one
 * line each. Each handler
 * lives next to its resource (`functions/<resource>/<resource>.handler.ts`) and documents its
 * request and response; the shapes are in `common/schemas/<resource>.ts`.
 */
// prettier-ignore
export const ROUTES: readonly Route[] = [
  route('GET',    '/health',                                  'public', health.health),
  route('GET',    '/directory',                               'public', directory.listDirectory),
  route('GET',    '/directory/search',                        'public', directory.searchDirectory),
  route('GET',    '/directory/featured',                      'public', directory.listFeatured),
  route('GET',    '/directory/near',                          'public', directory.nearbyDirectory),
  route('GET',    '/listings/:id',                            'public', directory.getListing, '/directory/:id'),
  route('GET',    '/articles',                                'public', articles.listPublished),
  route('GET',    '/articles/:slug',                          'public', articles.getPublished),
  route('GET',    '/service-cards',                           'public', serviceCards.listEnabled),
  route('POST',   '/beacon',                                  'public', insights.beacon),
  route('POST',   '/beacon/search',                           'public', insights.searchBeacon),
  route('GET',    '/photos/:listing/:file',                   'public', photos.variant),
  route('GET',    '/listings/:id/contact',                    'user',   directory.getListingContact, '/directory/:id/contact'),
  route('POST',   '/listings/:id/reports',                    'public', idempotent(reports.submit), '/directory/:id/reports'),
  route('GET',    '/listings/:id/reviews',                    'public', reviews.listForListing, '/directory/:id/reviews'),
  route('POST',   '/listings/:id/reviews',                    'user',   idempotent(reviews.write, reviews.REVIEW_UPLOAD_MAX_BYTES), '/directory/:id/reviews'),
  route('GET',    '/account/reviews/:id',                     'user',   reviews.own),
  route('PUT',    '/reviews/:id',                             'user',   reviews.edit),
  route('DELETE', '/reviews/:id',                             'user',   reviews.remove),
  route('PUT',    '/reviews/:id/reply',                       'user',   reviews.putReply),
  // The same writes as POSTs, for the form pages that work without JavaScript (ADR 028).
  route('POST',   '/reviews/:id/edit',                        'user',   reviews.edit),
  route('POST',   '/reviews/:id/delete',                      'user',   reviews.remove),
  route('POST',   '/reviews/:id/reply',                       'user',   reviews.putReply),
  route('POST',   '/reviews/:id/reports',                     'public', idempotent(reviews.report)),
  route('GET',    '/account/listings/:id/reviews',            'user',   reviews.ownerList),
  route('GET',    '/account/listings/:id/insights',           'user',   insights.ownerInsights),
  route('GET',    '/account/leads',                           'user',   serviceRequests.listLeads),
  route('POST',   '/account/leads/:id/contacted',             'user',   serviceRequests.markContacted),
  route('GET',    '/account/quote-requests',                  'user',   quotes.ownRequests),
  route('GET',    '/account/leads/:id/quote',                 'user',   quotes.leadQuote),
  route('POST',   '/account/leads/:id/quote',                 'user',   idempotent(quotes.answer)),
  route('GET',    '/account/listings/:id/insights.csv',       'user',   insights.ownerInsightsCsv),
  route('GET',    '/account',                                 'user',   account.identity),
  route('POST',   '/account/phone/code',                      'user',   account.requestPhoneCode),
  route('POST',   '/account/phone/verify',                    'user',   account.verifyPhoneCode),
  route('POST',   '/account/email',                           'user',   account.addEmail),
  route('GET',    '/account/email-preferences',               'user',   monthlySummary.ownPreferences),
  route('POST',   '/account/email-preferences',               'user',   monthlySummary.changeOwnPreferences),
  // Signed links of the monthly summary (ADR 045): no sign-in; the token is the authority.
  route('GET',    '/email/preferences',                       'public', monthlySummary.linkPreferences),
  route('POST',   '/email/preferences',                       'public', monthlySummary.changeLinkPreferences),
  route('POST',   '/email/unsubscribe',                       'public', monthlySummary.oneClickUnsubscribe),
  route('POST',   '/auth/sign-up',                            'public', auth.signUp),
  route('POST',   '/auth/sign-in',                            'public', auth.signIn),
  route('POST',   '/auth/phone/code',                         'public', auth.requestPhoneCode),
  route('POST',   '/auth/phone/verify',                       'public', auth.verifyPhoneCode),
  route('POST',   '/auth/sign-out',                           'public', auth.signOut),
  route('GET',    '/auth/session',                            'public', auth.getSession),
  route('POST',   '/auth/password-reset',                     'public', auth.requestPasswordReset),
  route('POST',   '/auth/password-reset/confirm',             'public', auth.resetPassword),
  route('GET',    '/auth/verify-email',                       'public', auth.verifyEmail),
  route('POST',   '/auth/verify-email/resend',                'user',   auth.resendVerification),
  route('POST',   '/listings',                                'public', idempotent(registrations.submit), '/registrations'),
  route('POST',   '/service-requests',                        'public', idempotent(serviceRequests.submit, serviceRequests.REQUEST_UPLOAD_MAX_BYTES)),
  route('GET',    '/fair-prices',                             'public', quotes.fairPrices),
  route('POST',   '/quote-requests/open',                     'public', quotes.open),
  route('GET',    '/quote-requests/:id',                      'public', quotes.view),
  route('GET',    '/quote-requests/:id/photos/:file',         'public', requestPhotos.photo),
  route('POST',   '/quote-requests/:id/accept',               'public', idempotent(quotes.accept)),
  route('POST',   '/quote-requests/:id/share',                'public', idempotent(quotes.share)),
  route('POST',   '/quote-requests/:id/follow-up',            'public', idempotent(quotes.followUp)),
  route('POST',   '/quote-requests/:id/renew',                'public', idempotent(quotes.renew)),
  route('POST',   '/contacts',                                'public', idempotent(contacts.submit)),
  route('GET',    '/imports/provider',                        'user',   imports.getProvider),
  route('POST',   '/imports/search',                          'user',   imports.search),
  route('POST',   '/admin/imports/register',                  'admin',  idempotent(imports.register, imports.REGISTER_MAX_BYTES)),
  route('POST',   '/admin/imports/csv',                       'admin',  idempotent(imports.importCsvFile, imports.CSV_MAX_BYTES)),
  route('GET',    '/admin/counts',                            'admin',  dashboard.counts),
  route('GET',    '/admin/insights',                          'admin',  insights.siteInsights),
  route('GET',    '/admin/insights/listings',                 'admin',  insights.topListings),
  route('GET',    '/admin/insights/areas',                    'admin',  insights.topAreas),
  route('GET',    '/admin/insights/searches',                 'admin',  insights.fewResultSearches),
  route('GET',    '/admin/users',                             'admin',  users.list),
  route('GET',    '/admin/users/export.csv',                  'admin',  users.exportCsv),
  route('GET',    '/admin/listings',                          'admin',  registrations.list, '/admin/registrations'),
  route('GET',    '/admin/listings/export.csv',               'admin',  registrations.exportCsv, '/admin/registrations/export.csv'),
  route('POST',   '/admin/listings/bulk/preview',             'admin',  registrations.previewBulk, '/admin/registrations/bulk/preview'),
  route('POST',   '/admin/listings/bulk',                     'admin',  registrations.bulk, '/admin/registrations/bulk'),
  route('PATCH',  '/admin/listings/:id',                      'admin',  registrations.edit, '/admin/registrations/:id'),
  route('DELETE', '/admin/listings/:id',                      'admin',  registrations.remove, '/admin/registrations/:id'),
  route('POST',   '/admin/listings/:id/status',               'admin',  registrations.changeStatus, '/admin/registrations/:id/status'),
  route('POST',   '/admin/listings/:id/featured',             'admin',  registrations.setFeatured, '/admin/registrations/:id/featured'),
  route('POST',   '/admin/listings/:id/verification',         'admin',  registrations.setVerification, '/admin/registrations/:id/verification'),
  route('POST',   '/admin/listings/:id/rating',               'admin',  registrations.setRating, '/admin/registrations/:id/rating'),
  route('POST',   '/admin/listings/:id/test-welcome',         'admin',  registrations.testWelcome, '/admin/registrations/:id/test-welcome'),
  route('GET',    '/admin/listings/:id/photos',               'admin',  photos.list, '/admin/registrations/:id/photos'),
  route('POST',   '/admin/listings/:id/photos',               'admin',  photos.upload, '/admin/registrations/:id/photos'),
  route('DELETE', '/admin/photos/:id',                        'admin',  photos.remove),
  route('PUT',    '/admin/featured-order',                    'admin',  registrations.reorderFeatured),
  route('GET',    '/admin/service-requests',                  'admin',  serviceRequests.list),
  route('DELETE', '/admin/service-requests',                  'admin',  serviceRequests.clear),
  route('POST',   '/admin/service-requests/:id/handle',       'admin',  serviceRequests.handle),
  route('GET',    '/admin/service-requests/:id/matches',      'admin',  serviceRequests.matches),
  route('POST',   '/admin/service-requests/:id/forward',      'admin',  serviceRequests.forward),
  route('GET',    '/admin/service-requests/:id/quotes',       'admin',  quotes.adminQuotes),
  route('POST',   '/admin/service-requests/:id/withdraw',     'admin',  quotes.withdraw),
  route('POST',   '/admin/service-requests/:id/release',      'admin',  quotes.release),
  route('POST',   '/admin/quotes/:id/hidden',                 'admin',  quotes.hide),
  route('POST',   '/admin/listings/:id/quotes-blocked',       'admin',  quotes.block),
  route('DELETE', '/admin/service-requests/:id',              'admin',  serviceRequests.remove),
  route('GET',    '/admin/contacts',                          'admin',  contacts.list),
  route('DELETE', '/admin/contacts',                          'admin',  contacts.clear),
  route('POST',   '/admin/contacts/:id/handle',               'admin',  contacts.handle),
  route('DELETE', '/admin/contacts/:id',                      'admin',  contacts.remove),
  route('GET',    '/admin/articles',                          'admin',  articles.listAll),
  route('POST',   '/admin/articles',                          'admin',  idempotent(articles.create)),
  route('PATCH',  '/admin/articles/:id',                      'admin',  articles.update),
  route('DELETE', '/admin/articles/:id',                      'admin',  articles.remove),
  route('GET',    '/admin/service-cards',                     'admin',  serviceCards.listAll),
  route('PUT',    '/admin/service-cards/order',               'admin',  serviceCards.reorder),
  route('PATCH',  '/admin/service-cards/:id',                 'admin',  serviceCards.update),
  route('GET',    '/admin/reports',                           'admin',  reports.list),
  route('GET',    '/admin/reports/closed',                    'admin',  reports.listClosed),
  route('POST',   '/admin/reports/:id/resolve',               'admin',  reports.resolve),
  route('POST',   '/admin/reports/:id/dismiss',               'admin',  reports.dismiss),
  route('POST',   '/admin/reports/:id/suspend',               'admin',  reports.suspend),
  route('GET',    '/admin/reviews',                           'admin',  reviews.listWaiting),
  route('GET',    '/admin/reviews/log',                       'admin',  reviews.moderationLog),
  route('POST',   '/admin/reviews/:id/publish',               'admin',  reviews.publish),
  route('POST',   '/admin/reviews/:id/hide',                  'admin',  reviews.hide),
  route('POST',   '/admin/reviews/:id/block',                 'admin',  reviews.block),
  route('POST',   '/admin/reviews/:id/reply/publish',         'admin',  reviews.publishReply),
  route('POST',   '/admin/reviews/:id/reply/hide',            'admin',  reviews.hideReply),
  route('GET',    '/admin/messaging/recipients',              'admin',  messages.listRecipients),
  route('GET',    '/admin/messages',                          'admin',  messages.listSent),
  route('POST',   '/admin/messages',                          'admin',  idempotent(messages.send)),
  route('GET',    '/admin/sms',                               'admin',  sms.list),
  route('PUT',    '/admin/sms/ceiling',                       'admin',  sms.setCeiling),
  route('GET',    '/listings/:id/claim',                      'user',   claims.target, '/claims/listing/:id'),
  route('POST',   '/claims',                                  'user',   idempotent(claims.request)),
  route('POST',   '/claims/:id/verify',                       'user',   claims.verify),
  route('GET',    '/account/listings',                        'user',   claims.ownListings),
  route('POST',   '/account/listings/:id/changes',            'user',   idempotent(claims.submitChange)),
  route('GET',    '/account/listings/:id/photos',             'user',   photos.ownerList),
  route('POST',   '/account/listings/:id/photos',             'user',   photos.ownerUpload),
  route('POST',   '/account/listings/:id/photos/:photo/remove', 'user', photos.ownerRemove),
  route('POST',   '/account/listings/:id/photos/:photo/keep', 'user',   photos.ownerKeep),
  route('GET',    '/account/photos/:listing/:file',           'user',   photos.heldVariant),
  route('GET',    '/account/listings/:id/phone',              'user',   listingPhone.state),
  route('POST',   '/account/listings/:id/phone/code',         'user',   listingPhone.requestCode),
  route('POST',   '/account/listings/:id/phone/verify',       'user',   listingPhone.verifyCode),
  route('GET',    '/admin/claims',                            'admin',  claims.listClaims),
  route('POST',   '/admin/claims/:id/approve',                'admin',  claims.approveClaim),
  route('POST',   '/admin/claims/:id/reject',                 'admin',  claims.rejectClaim),
  route('GET',    '/admin/listing-changes',                   'admin',  claims.listChanges),
  route('POST',   '/admin/listing-changes/:id/approve',       'admin',  claims.approveChange),
  route('POST',   '/admin/listing-changes/:id/reject',        'admin',  claims.rejectChange),
  route('GET',    '/admin/search-words',                      'admin',  searchWords.list),
  route('POST',   '/admin/search-words',                      'admin',  searchWords.add),
  route('DELETE', '/admin/search-words/:id',                  'admin',  searchWords.remove),
];
