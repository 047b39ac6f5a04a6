import {
  BulkRegisterResponseSchema,
  BulkRegisterSchema,
  CsvImportReportSchema,
  CsvImportSchema,
  PlacesProviderResponseSchema,
  PlacesSearchResponseSchema,
  PlacesSearchSchema,
} from '../../common/schemas/imports.ts';
import type { ApiContext } from '../_lib/context.ts';
import { parseOrThrow, readJson, reply } from '../_lib/http.ts';
import { importCsv } from './csv-import.ts';
import * as service from './imports.service.ts';

/** Bulk import (SPEC §2 Bulk registration, §7) and the admin's CSV import. */

/** Body limit of POST /api/admin/imports/register (a 2,000-result import, issue 12.2). */
export const REGISTER_MAX_BYTES = 512 * 1024;
/** Body limit of POST /api/admin/imports/csv: a CSV file of about 2 MB as JSON. */
export const CSV_MAX_BYTES = 2_200_000;

/** GET /api/imports/provider → `{ provider, attribution }` for the page's status banner. Signed in. */
export async function getProvider(_request: Request, ctx: ApiContext): Promise<Response> {
  const provider = ctx.places();
  return reply(PlacesProviderResponseSchema, {
    provider: provider.name,
    attribution: provider.attribution,
  });
}

/**
 * POST /api/imports/search `{ query, location, category }` → `{ businesses, provider, attribution }`
 * (SPEC §7 shape, each result with a `duplicate` hint). Signed-in users; 60 searches an hour each.
 */
export async function search(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(PlacesSearchSchema, await readJson(request));
  const user = await ctx.sessionUser();
  return reply(
    PlacesSearchResponseSchema,
    await service.searchPlaces(await ctx.db(), ctx.places(), input, user?.id),
  );
}

/**
 * POST /api/admin/imports/register `{ category, businesses }` → `{ results, registered, failed }`.
 * Admin. Rows are pending; a business already imported from the same source is refused.
 */
export async function register(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(BulkRegisterSchema, await readJson(request, REGISTER_MAX_BYTES));
  return reply(
    BulkRegisterResponseSchema,
    await service.registerBulk(await ctx.db(), input.category, input.businesses),
  );
}

/**
 * POST /api/admin/imports/csv `{ csv, commit }` → the CsvImportReport: a preview with per-row
 * errors (`commit: false`), or the import of the valid rows as pending (`commit: true`). Admin.
 */
export async function importCsvFile(request: Request, ctx: ApiContext): Promise<Response> {
  const { csv, commit } = parseOrThrow(CsvImportSchema, await readJson(request, CSV_MAX_BYTES));
  return reply(CsvImportReportSchema, await importCsv(await ctx.db(), csv, commit));
}
