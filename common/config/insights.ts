/**
 * Listings of one search counted as shown (issue 27.2, ADR 044): the first page of search
 * results (`DIRECTORY_PAGE_SIZE`, checked by common/schemas/insights.test.ts). A module without
 * Zod, so the search island's beacon stays out of the schemas' bundle (issue 13.2 budgets).
 */
export const SEARCH_IMPRESSIONS_MAX = 24;
