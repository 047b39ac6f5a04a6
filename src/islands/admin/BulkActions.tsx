import { useState } from 'react';
import { toast } from 'sonner';
import { apiPost } from '../../browser/api-client';
import {
  BULK_FROM,
  type BulkAction,
  type BulkActionResponse,
  type BulkPreviewResponse,
  type BulkSelection,
  type RegistrationStatus,
} from '../../../common/schemas/registrations';
import { ConfirmDialog } from '../ui/ConfirmDialog';

/** The words of each bulk action (SPEC §8 failure toasts of the matching single actions). */
const ACTIONS = {
  approve: {
    button: 'Approve selected',
    verb: 'Approve',
    done: 'approved',
    effect:
      'They will be listed on the site, and each owner with an e-mail address gets the welcome e-mail.',
    failure: 'Failed to update registration status',
    className: 'btn btn-success',
  },
  reject: {
    button: 'Reject selected',
    verb: 'Reject',
    done: 'rejected',
    effect: 'They will be marked as rejected and no longer listed on the site.',
    failure: 'Failed to update business status. Please try again.',
    className: 'btn btn-danger',
  },
  delete: {
    button: 'Delete selected',
    verb: 'Delete',
    done: 'deleted',
    effect: 'They will be permanently deleted. This action cannot be undone.',
    failure: 'Failed to delete business. Please try again.',
    className: 'btn btn-danger',
  },
} as const satisfies Record<BulkAction, unknown>;

const businesses = (n: number) => `${n.toLocaleString('en-US')} business${n === 1 ? '' : 'es'}`;

interface Props {
  /** The status tab the selection comes from: only its legal actions are offered. */
  status: RegistrationStatus;
  selection: BulkSelection | null;
  /** What the selection is, in words ("3 selected", "All 2,000 matching selected"). */
  summary: string;
  /** After a bulk action changed something: clear the selection and reload. */
  onDone: () => void;
}

/**
 * Approve, Reject and Delete selected (ADR 014): the server counts what would change, the
 * confirmation shows that number (and the rows that will be skipped), and the action changes
 * exactly that many or nothing.
 */
export function BulkActions({ status, selection, summary, onDone }: Props) {
  const [preview, setPreview] = useState<BulkPreviewResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const actions = (Object.keys(ACTIONS) as BulkAction[]).filter((a) =>
    BULK_FROM[a].includes(status),
  );

  async function ask(action: BulkAction) {
    if (!selection) return;
    setBusy(true);
    const result = await apiPost<BulkPreviewResponse>('/api/admin/listings/bulk/preview', {
      action,
      selection,
    });
    setBusy(false);
    if (!result.ok)
      return void toast.error(ACTIONS[action].failure, { description: result.error.message });
    setPreview(result.data);
  }

  async function run() {
    if (!preview || !selection) return;
    const words = ACTIONS[preview.action];
    setBusy(true);
    const result = await apiPost<BulkActionResponse>('/api/admin/listings/bulk', {
      action: preview.action,
      selection,
      expected: preview.willChange,
    });
    setBusy(false);
    setPreview(null);
    if (!result.ok) return void toast.error(words.failure, { description: result.error.message });
    const { changed, skipped, welcomeEmails } = result.data;
    const skippedText = skipped > 0 ? ` ${businesses(skipped)} skipped.` : '';
    if (welcomeEmails.failed > 0) {
      toast.warning('Warning', {
        description: `${businesses(changed)} approved, but ${welcomeEmails.failed} welcome email(s) failed: ${welcomeEmails.error ?? 'Unknown error'}`,
      });
    } else {
      toast.success(`${businesses(changed)} ${words.done}`, {
        ...(skippedText ? { description: skippedText.trim() } : {}),
      });
    }
    onDone();
  }

  const words = preview ? ACTIONS[preview.action] : null;
  return (
    <div className="bulk-actions" role="group" aria-label="Bulk actions">
      <span className="small" role="status">
        {summary}
      </span>
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={ACTIONS[action].className}
          disabled={!selection || busy}
          onClick={() => void ask(action)}
        >
          {ACTIONS[action].button}
        </button>
      ))}
      {preview && words && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPreview(null)}
          title={`${words.verb} ${businesses(preview.willChange)}?`}
          description={
            <>
              <p>
                {preview.willChange > 0
                  ? `${businesses(preview.willChange)} will be ${words.done}. ${words.effect}`
                  : `None of the selected businesses can be ${words.done} from their status.`}
              </p>
              {preview.skipped > 0 && (
                <p className="small muted">
                  {businesses(preview.skipped)} of the selection will be skipped: their status does
                  not allow it.
                </p>
              )}
            </>
          }
          confirmLabel={`${words.verb} ${preview.willChange.toLocaleString('en-US')}`}
          confirmClassName={words.className}
          confirmDisabled={preview.willChange === 0 || busy}
          onConfirm={() => void run()}
        />
      )}
    </div>
  );
}
