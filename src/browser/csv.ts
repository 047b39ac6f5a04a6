import Papa from 'papaparse';

/**
 * CSV exports (SPEC §9) with papaparse. Cells that a spreadsheet would run as a formula (starting
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

export function toCsv(columns: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return Papa.unparse(
    { fields: [...columns], data: rows.map((row) => row.map(safeCell)) },
    { newline: '\r\n' },
  );
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
  created_at: string;
}

export function businessesCsv(rows: readonly ExportableBusiness[]): string {
  return toCsv(
    BUSINESS_CSV_COLUMNS,
    rows.map((b) => [
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
    ]),
  );
}

export interface ExportableUser {
  display_name: string | null;
  role: string;
  user_id: string;
  created_at: string | null;
  updated_at: string | null;
}

export function usersCsv(rows: readonly ExportableUser[]): string {
  return toCsv(
    USER_CSV_COLUMNS,
    rows.map((u) => [u.display_name, u.role, u.user_id, u.created_at, u.updated_at]),
  );
}

/** Starts a download of `csv` as `filename` (UTF-8 with BOM so Excel reads accents). */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
