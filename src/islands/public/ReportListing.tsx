import { useState } from 'react';
import { toast } from '../../browser/toast-lite';

type FormComponent = typeof import('./ReportForm').ReportForm;

/**
 * "Report this listing" (issue 16.3, ADR 019) on the business page and in the detail dialog:
 * a link-styled button; the form is a separate chunk loaded on the first click, so pages that
 * show the button keep their JS budget (ADR 016).
 */
export default function ReportListing({
  businessId,
  businessName,
}: {
  businessId: string;
  businessName: string;
}) {
  const [Form, setForm] = useState<FormComponent | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);

  async function toggle() {
    if (open) return setOpen(false);
    if (!Form) {
      setLoading(true);
      try {
        const module = await import('./ReportForm');
        setForm(() => module.ReportForm);
      } catch {
        toast.error('Something went wrong', { description: 'Please try again.' });
        return;
      } finally {
        setLoading(false);
      }
    }
    setOpen(true);
  }

  return (
    <div className="report-listing">
      <button
        type="button"
        className="btn-link small"
        aria-expanded={open}
        disabled={loading}
        onClick={() => void toggle()}
      >
        Report this listing
      </button>
      {open && Form && (
        <Form businessId={businessId} businessName={businessName} onClose={() => setOpen(false)} />
      )}
    </div>
  );
}
