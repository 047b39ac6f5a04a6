import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { toast } from 'sonner';
import { apiPost } from '../../browser/api-client';
import { useIdempotencyKey } from '../ui/useIdempotencyKey';
import type { CsvImportReport as Report } from '../../../common/schemas/imports';
import { DialogHead } from '../DialogHead';

/** Import CSV: the Export All Businesses file (or an OpenStreetMap extract), previewed with per-row errors. */
export function CsvImportDialog({ onImported }: { onImported: () => void }) {
  const [open, setOpen] = useState(false);
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const [busy, setBusy] = useState(false);
  // The import itself (not the preview) is stored once per file, however often Import is pressed.
  const [importKey, renewImportKey] = useIdempotencyKey();

  async function run(commit: boolean, text = csv) {
    setBusy(true);
    const result = await apiPost<Report>(
      '/api/admin/imports/csv',
      { csv: text, commit },
      commit ? { idempotencyKey: importKey } : {},
    );
    setBusy(false);
    if (!result.ok) {
      toast.error('Import failed', { description: result.error.message });
      return;
    }
    setReport(result.data);
    if (commit) {
      renewImportKey();
      toast.success('Import complete', {
        description: `${result.data.imported} businesses imported as pending.`,
      });
      onImported();
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setCsv('');
          setReport(null);
        }
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="btn btn-outline">
          Import CSV
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content wide">
          <DialogHead title="Import businesses from CSV" />
          <Dialog.Description className="small muted">
            Upload the file Export All Businesses produces (or an OpenStreetMap extract). Valid rows
            are imported as pending.
          </Dialog.Description>
          <label className="field" htmlFor="csv-file">
            <span>CSV file</span>
            <input
              id="csv-file"
              type="file"
              accept=".csv,text/csv"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                const text = await file.text();
                setCsv(text);
                await run(false, text);
              }}
            />
          </label>
          {report && (
            <div className="csv-report">
              <p role="status">
                {report.format === 'osm' ? 'OpenStreetMap extract' : 'Business export'}:{' '}
                {report.valid} valid, {report.invalid} with errors
                {report.imported ? `, ${report.imported} imported` : ''}.
                {Object.keys(report.skipped).length > 0 &&
                  ` Skipped: ${Object.entries(report.skipped)
                    .map(([k, v]) => `${v} ${k}`)
                    .join(', ')}.`}
              </p>
              <ul className="inbox-list csv-rows">
                {report.rows.map((row) => (
                  <li key={row.line} className={row.ok ? 'ok' : 'bad'}>
                    Line {row.line}: {row.name || '(no name)'}{' '}
                    {row.ok ? '✓' : `— ${row.errors.join('; ')}`}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn btn-outline">
                Close
              </button>
            </Dialog.Close>
            <button
              type="button"
              className="btn"
              disabled={!report || report.valid === 0 || report.imported > 0 || busy}
              onClick={() => void run(true)}
            >
              {busy ? 'Working...' : `Import ${report?.valid ?? 0} valid rows`}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
