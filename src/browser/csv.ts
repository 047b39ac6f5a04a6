/**
 * CSV in the browser: the SPEC §9 columns and the formula guard live in `common/schemas/csv.ts`
 * (the server streams the admin exports with them, ADR 014); this adds the download.
 */
export {
  BUSINESS_CSV_COLUMNS,
  businessesCsv,
  safeCell,
  toCsv,
  USER_CSV_COLUMNS,
  usersCsv,
  type ExportableBusiness,
  type ExportableUser,
} from '../../common/schemas/csv';

/** Starts a download of `csv` as `filename` (UTF-8 with BOM so Excel reads accents). */
export function downloadCsv(filename: string, csv: string): void {
  downloadBlob(filename, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}

/** Starts a download of `blob` as `filename`. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
