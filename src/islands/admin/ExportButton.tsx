import { useState } from 'react';
import { toast } from 'sonner';
import { downloadBlob } from '../../browser/csv';
import { fileDate } from '../../browser/dates';

interface Props {
  label: string;
  /** The streamed CSV endpoint (`/api/admin/…/export.csv`). */
  path: string;
  /** `business_registrations` or `users`: the file is `{name}_{date}.csv` (SPEC §9). */
  name: string;
  /** "businesses", "users": the export complete toast counts them. */
  noun: string;
}

/**
 * A SPEC §9 export: the server streams the CSV (ADR 014); the browser collects it into a file
 * and downloads it, then shows the export complete toast with the number of rows.
 */
export function ExportButton({ label, path, name, noun }: Props) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      const response = await fetch(path, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const blob = await response.blob();
      downloadBlob(`${name}_${fileDate()}.csv`, blob);
      const rows = response.headers.get('x-total-count') ?? '0';
      toast.success('Export complete', { description: `${rows} ${noun} exported.` });
    } catch (error) {
      toast.error('Export failed', {
        description: error instanceof Error ? error.message : 'Unknown error',
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="btn btn-outline" onClick={() => void run()} disabled={busy}>
      {busy ? 'Exporting...' : label}
    </button>
  );
}
