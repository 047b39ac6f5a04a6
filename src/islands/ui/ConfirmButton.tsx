import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

interface Props {
  label: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  className?: string;
}

/** A destructive action behind a confirmation dialog (SPEC §5 "Confirmations"). */
export function ConfirmButton({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  className = 'btn btn-danger',
}: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {label}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        onConfirm={onConfirm}
      />
    </>
  );
}
