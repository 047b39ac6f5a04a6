import type { Kysely } from 'kysely';
import type { AdminCounts } from '../../common/schemas/dashboard.ts';
import { countArticles } from '../articles/articles.service.ts';
import { countPendingClaims } from '../claims/admin/admin.service.ts';
import { countContacts } from '../contacts/contacts.service.ts';
import type { Database } from '../db/database.ts';
import { countRegistrationsByStatus } from '../registrations/admin/admin.service.ts';
import { countReportedListings } from '../reports/reports.service.ts';
import { countWaiting as countWaitingReviews } from '../reviews/moderation/moderation.service.ts';
import { countServiceRequests } from '../service-requests/service-requests.service.ts';
import { countUsers } from '../users/users.service.ts';

/**
 * The admin dashboard's tab counts (SPEC §2): each tab's rows matching the search `q` over its
 * own fields (SPEC §5), from its resource. The four listing statuses come from one grouped query.
 */
export async function countTabs(db: Kysely<Database>, q: string | undefined): Promise<AdminCounts> {
  const [byStatus, requests, users, contacts, articles, claims, reports, reviews] =
    await Promise.all([
      countRegistrationsByStatus(db, q),
      countServiceRequests(db, q),
      countUsers(db, q),
      countContacts(db, q),
      countArticles(db, q),
      countPendingClaims(db, q),
      countReportedListings(db, q),
      countWaitingReviews(db, q),
    ]);
  return { ...byStatus, requests, users, contacts, articles, claims, reports, reviews };
}
