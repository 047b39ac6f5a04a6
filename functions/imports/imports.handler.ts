import {
  BulkRegisterSchema,
  PlacesSearchSchema,
  type PlacesSearchResponse,
} from '../../src/schemas/imports.ts';
import type { ApiContext } from '../_lib/context.ts';
import { json, parseOrThrow, readJson } from '../_lib/http.ts';
import { enforceRateLimits } from '../_lib/rate-limit.ts';
import { z } from 'zod';
import { importCsv } from './csv-import.ts';
import { markDuplicates, registerBulk } from './imports.service.ts';

/** GET /api/imports/provider → `{ provider, attribution }` for the page's status banner. */
export async function getProvider(_request: Request, ctx: ApiContext) {
  const provider = ctx.places();
  return json({ provider: provider.name, attribution: provider.attribution });
}

/**
 * POST /api/imports/search `{ query, location, category }` → `{ businesses, provider, attribution }`
 * (SPEC §7 shape, each result with a `duplicate` hint). Signed-in users; 60 searches an hour each.
 */
export async function search(request: Request, ctx: ApiContext) {
  const input = parseOrThrow(PlacesSearchSchema, await readJson(request));
  const user = await ctx.sessionUser();
  const db = await ctx.db();
  await enforceRateLimits(db, [
    { key: `places-search:user:${user?.id}`, limit: 60, windowSeconds: 3600 },
  ]);
  const provider = ctx.places();
  const found = await provider.search(input);
  const body: PlacesSearchResponse = {
    businesses: await markDuplicates(db, found),
    provider: provider.name,
    attribution: provider.attribution,
  };
  return json(body);
}

/**
 * POST /api/admin/imports/register `{ category, businesses }` → `{ results, registered, failed }`.
 * Admin only. Rows are pending; a business already imported from the same source is refused.
 */
export async function register(request: Request, ctx: ApiContext) {
  const input = parseOrThrow(BulkRegisterSchema, await readJson(request, 512 * 1024));
  const results = await registerBulk(await ctx.db(), input.category, input.businesses);
  const registered = results.filter((r) => r.ok).length;
  return json({ results, registered, failed: results.length - registered });
}

const CsvImportSchema = z.object({
  csv: z
    .string()
    .min(1, 'The file is empty')
    .max(2_000_000, 'The file is too large (2 MB at most)'),
  commit: z.boolean().default(false),
});

/**
 * POST /api/admin/imports/csv `{ csv, commit }` → the {@link CsvImportReport}: a preview with
 * per-row errors (`commit: false`), or the import of the valid rows as pending (`commit: true`).
 */
export async function importCsvFile(request: Request, ctx: ApiContext) {
  const { csv, commit } = parseOrThrow(CsvImportSchema, await readJson(request, 2_200_000));
  const report = await importCsv(await ctx.db(), csv, commit);
  return json(report);
}
