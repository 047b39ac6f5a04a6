import Papa from 'papaparse';

/**
 * CSV exports (SPEC §9) with papaparse, shared by the server (which streams the exports in
 * chunks, ADR 014) and the browser. Cells that a spreadsheet would run as a formula (starting
 * with =, +, -, @, tab or carriage return) are prefixed with an apostrophe (OWASP "CSV injection").
 */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date
      ? value.toISOString()
      : Array.isArray(value)
        ? value.join(', ')
        : String(value);
  // A value that already looks guarded ('=…) is guarded again, so the import's unguard restores it.
  return /^'?[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A whole CSV document: the header line, then the rows (CRLF line ends, no final newline). */
export function toCsv(columns: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return Papa.unparse(
    { fields: [...columns], data: rows.map((row) => row.map(safeCell)) },
    { newline: '\r\n' },
  );
}

/**
 * One chunk of a streamed CSV document: the header line when `header` is true, then the rows,
 * each line ending with CRLF, so chunks can be concatenated as they are produced.
 */
export function csvChunk(
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  header: boolean,
): string {
  const lines: string[] = [];
  if (header) lines.push(Papa.unparse([[...columns]], { newline: '\r\n' }));
  if (rows.length > 0)
    lines.push(
      Papa.unparse(
        rows.map((row) => row.map(safeCell)),
        { newline: '\r\n' },
      ),
    );
  return lines.map((line) => `${line}\r\n`).join('');
}

/** SPEC §9 business export columns, in order. */
export const BUSINESS_CSV_COLUMNS = [
  'Business Name',
  'Email',
  'Phone',
  'Business Type',
  'Status',
  'City',
  'State',
  'Address',
  'Website',
  'Services',
  'Description',
  'Contact Name',
  'Featured',
  'Contact Visibility',
  'Created At',
] as const;

/** SPEC §9 users export columns, in order. */
export const USER_CSV_COLUMNS = [
  'Display Name',
  'Role',
  'User ID',
  'Created At',
  'Updated At',
] as const;

export interface ExportableBusiness {
  business_name: string;
  email: string | null;
  phone: string | null;
  business_type: string;
  status: string;
  city: string | null;
  state: string | null;
  address: string | null;
  website: string | null;
  services: string | null;
  description: string | null;
  display_name: string | null;
  featured: boolean;
  contact_visibility: string;
  created_at: string | Date;
}

/** One business as a row of {@link BUSINESS_CSV_COLUMNS}. */
export function businessCsvRow(b: ExportableBusiness): unknown[] {
  return [
    b.business_name,
    b.email,
    b.phone,
    b.business_type,
    b.status,
    b.city,
    b.state,
    b.address,
    b.website,
    b.services,
    b.description,
    b.display_name,
    b.featured ? 'Yes' : 'No',
    b.contact_visibility,
    b.created_at,
  ];
}

export function businessesCsv(rows: readonly ExportableBusiness[]): string {
  return toCsv(BUSINESS_CSV_COLUMNS, rows.map(businessCsvRow));
}

export interface ExportableUser {
  display_name: string | null;
  role: string;
  user_id: string;
  created_at: string | Date | null;
  updated_at: string | Date | null;
}

/** One account as a row of {@link USER_CSV_COLUMNS}. */
export function userCsvRow(u: ExportableUser): unknown[] {
  return [u.display_name, u.role, u.user_id, u.created_at, u.updated_at];
}

export function usersCsv(rows: readonly ExportableUser[]): string {
  return toCsv(USER_CSV_COLUMNS, rows.map(userCsvRow));
}
