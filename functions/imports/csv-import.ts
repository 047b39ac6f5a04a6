import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import Papa from 'papaparse';
import { z } from 'zod';
import { OSM_SOURCE } from '../../common/config/openstreetmap.ts';
import type { CsvFormat, CsvImportReport } from '../../common/schemas/imports.ts';
import { slugify } from '../../common/schemas/text.ts';
import { nullableWebsite } from '../../common/schemas/url.ts';
import { areaBySlug, areaByName } from '../../common/config/lagos-areas.ts';
import { coverageSlugOf } from '../../common/config/lagos-roads.ts';
import { CalloutFeeSchema, CoverageAreasSchema } from '../../common/schemas/roadside.ts';
import { isUniqueViolation } from '../_lib/pg-errors.ts';
import type { Database, NewBusinessRegistration } from '../db/database.ts';
import * as registrations from '../registrations/registrations.repository.ts';
import { mapOsmPoints, parseOsmCsv } from './osm.ts';

/**
 * CSV import in the admin (issue "Bulk import"): the file Export All Businesses produces (SPEC §9
 * columns) or an OpenStreetMap extract like shared/data/osm. Every valid row becomes a pending
 * registration; invalid rows are reported with their line and reasons.
 */

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null);

/** "Yes"/"No" (also true/false, 1/0, any case); blank or absent: no. */
const yesNo = (column: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => v ?? '')
    .pipe(z.enum(['', 'yes', 'no', 'true', 'false', '1', '0'], `${column} must be Yes or No`))
    .transform((v) => v === 'yes' || v === 'true' || v === '1');

/** A whole naira amount as a spreadsheet writes it ("5000", "5,000", "₦5,000"); blank: none. */
const nairaCell = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? Number(v.replace(/[₦,\s]/g, '')) : null));

/** Area names or slugs separated by commas or semicolons → slugs; an unknown one stays, to be refused. */
const areasCell = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(/[;,]/)
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => (areaByName(part) ?? areaBySlug(part))?.slug ?? coverageSlugOf(part) ?? part),
  )
  .pipe(CoverageAreasSchema);

/**
 * Issue 38.3: the optional roadside columns of an import, after the SPEC §9 ones (an export does
 * not write them; a file may add them). The fee range is validated by the shared schema.
 */
export const ROADSIDE_CSV_COLUMNS = [
  'Open 24 Hours',
  'Comes To You',
  'Areas Covered',
  'Call-out Fee Min',
  'Call-out Fee Max',
] as const;

const ExportRowSchema = z.object({
  'Business Name': z.string().trim().min(2, 'Business name must be at least 2 characters').max(120),
  Email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .transform((v) => v || null)
    .pipe(z.email('Invalid email address').nullable()),
  Phone: optional(40),
  'Business Type': z.string().trim().min(1, 'Business Type is required').max(120),
  Status: z.string().optional(),
  City: optional(80),
  State: optional(80),
  Address: optional(300),
  Website: nullableWebsite,
  Services: optional(1000),
  Description: optional(2000),
  'Contact Name': optional(80),
  Featured: z.string().optional(),
  'Contact Visibility': z
    .string()
    .trim()
    .transform((v) => v || 'public')
    .pipe(
      z.enum(
        ['public', 'registered_users_only'],
        'Contact Visibility must be public or registered_users_only',
      ),
    ),
  'Open 24 Hours': yesNo('Open 24 Hours'),
  'Comes To You': yesNo('Comes To You'),
  'Areas Covered': areasCell,
  'Call-out Fee Min': nairaCell,
  'Call-out Fee Max': nairaCell,
  'Created At': z
    .string()
    .trim()
    .optional()
    .transform((v) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : undefined)),
});

/** Undo the export's formula guard (a leading apostrophe before = + - @). */
const unguard = (value: string) => (/^''?[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** A stable id for an exported row, so importing the same file twice cannot duplicate it. */
function csvSourceId(name: string, phone: string | null, city: string | null): string {
  const key = [
    name.toLowerCase().trim(),
    (phone ?? '').replace(/\D/g, ''),
    (city ?? '').toLowerCase().trim(),
  ].join('|');
  return createHash('sha256').update(key).digest('hex').slice(0, 24);
}

export function detectFormat(csv: string): CsvFormat {
  const header = csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return header.includes('osm_node_id') ? 'osm' : 'export';
}

/** Parses and validates; with `commit`, inserts the valid rows as pending in one transaction per row. */
export async function importCsv(
  db: Kysely<Database>,
  csv: string,
  commit: boolean,
): Promise<CsvImportReport> {
  const text = csv.replace(/^\uFEFF/, '');
  const format = detectFormat(text);
  const rows: { line: number; name: string; values?: NewBusinessRegistration; errors: string[] }[] =
    [];
  let skipped: Record<string, number> = {};

  if (format === 'osm') {
    const mapping = mapOsmPoints(parseOsmCsv(text));
    skipped = { ...mapping.skipped };
    mapping.businesses.forEach((b, index) =>
      rows.push({
        line: index + 2,
        name: b.name,
        errors: [],
        values: {
          business_name: b.name,
          business_type: b.category,
          business_categories: [b.category],
          city: b.area,
          state: 'Lagos',
          zip_code: '',
          general_location: `Near ${b.area}`,
          services: `${b.category} services`,
          description: `${b.name} is listed on OpenStreetMap as a ${b.category.toLowerCase()} business near ${b.area}, Lagos. Details have not been confirmed by the owner yet.`,
          tags: [b.category, 'OpenStreetMap', 'Auto-imported'],
          status: 'pending',
          contact_visibility: 'public',
          user_created: false,
          latitude: b.latitude,
          longitude: b.longitude,
          source: OSM_SOURCE,
          source_id: b.sourceId,
          slug: `${slugify(b.name) || 'business'}-${b.sourceId.replace(/\D/g, '')}`,
        },
      }),
    );
  } else {
    const parsed = Papa.parse<Record<string, string>>(text, {
      header: true,
      skipEmptyLines: 'greedy',
      transform: unguard,
    });
    parsed.data.forEach((raw, index) => {
      const line = index + 2;
      const result = ExportRowSchema.safeParse(raw);
      if (!result.success) {
        rows.push({
          line,
          name: raw['Business Name'] ?? '',
          errors: result.error.issues.map((i) => i.message),
        });
        return;
      }
      const r = result.data;
      const min = r['Call-out Fee Min'];
      const max = r['Call-out Fee Max'];
      const fee =
        min === null && max === null
          ? { success: true as const, data: null }
          : CalloutFeeSchema.safeParse({ min: min ?? max, max: max ?? min });
      if (!fee.success) {
        rows.push({
          line,
          name: r['Business Name'],
          errors: fee.error.issues.map((i) => `Call-out fee: ${i.message}`),
        });
        return;
      }
      rows.push({
        line,
        name: r['Business Name'],
        errors: [],
        values: {
          business_name: r['Business Name'],
          email: r.Email,
          phone: r.Phone,
          business_type: r['Business Type'],
          business_categories: [],
          city: r.City,
          state: r.State,
          address: r.Address,
          website: r.Website,
          services: r.Services,
          description: r.Description,
          display_name: r['Contact Name'],
          contact_visibility: r['Contact Visibility'],
          zip_code: '',
          tags: [r['Business Type']],
          status: 'pending',
          user_created: false,
          source: 'csv',
          source_id: csvSourceId(r['Business Name'], r.Phone, r.City),
          open_24_hours: r['Open 24 Hours'],
          comes_to_you: r['Comes To You'],
          coverage_areas: r['Areas Covered'],
          callout_fee_min: fee.data?.min ?? null,
          callout_fee_max: fee.data?.max ?? null,
          ...(r['Created At'] ? { created_at: r['Created At'] } : {}),
          slug: `${slugify(r['Business Name']) || 'business'}-${crypto.randomUUID().slice(0, 6)}`,
        },
      });
    });
  }

  let imported = 0;
  if (commit) {
    for (const row of rows) {
      if (!row.values) continue;
      try {
        if (await registrations.insertImported(db, row.values)) imported++;
        else row.errors.push('Already imported');
      } catch (error) {
        row.errors.push(
          isUniqueViolation(error, 'business_registrations_email_key')
            ? 'A business with this email already exists.'
            : 'Could not be saved',
        );
      }
    }
  }
  const reports = rows.map((r) => ({
    line: r.line,
    name: r.name,
    ok: r.errors.length === 0,
    errors: r.errors,
  }));
  const valid = reports.filter((r) => r.ok).length;
  return { format, rows: reports, valid, invalid: reports.length - valid, imported, skipped };
}
