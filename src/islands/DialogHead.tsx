import { Icon } from './shared/Icon';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/** Title row of our dialogs: the labelled title and a close button. */
export function DialogHead({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="dialog-head">
      <div>
        <Dialog.Title className="dialog-title">{title}</Dialog.Title>
        {children}
      </div>
      <Dialog.Close className="icon-button" aria-label="Close">
        <Icon name="x" size={20} />
      </Dialog.Close>
    </div>
  );
}

/** Bottom row of our form dialogs: Cancel closes, the submit button reads "Saving..." while busy. */
export function DialogFormActions({
  submitting,
  submitLabel,
}: {
  submitting: boolean;
  submitLabel: string;
}) {
  return (
    <div className="dialog-actions">
      <Dialog.Close asChild>
        <button type="button" className="btn btn-outline">
          Cancel
        </button>
      </Dialog.Close>
      <button type="submit" className="btn" disabled={submitting}>
        {submitting ? 'Saving...' : submitLabel}
      </button>
    </div>
  );
}
