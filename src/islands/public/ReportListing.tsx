import { useState } from 'react';
import { toast } from '../../browser/toast-lite';

type FormComponent = typeof import('./ReportForm').ReportForm;

/** The listing's report page: "Report this listing" leads there before the script loads. */
export const reportPath = (slug: string) => `/business/${encodeURIComponent(slug)}/report/`;

/**
 * "Report this listing" (issue 16.3, ADR 019) on the business page and in the detail dialog. It
 * is a link to the listing's report page, a form that works without script (issue 22.1), so the
 * first tap always does something (22.2); once the island runs, a tap opens the form in place
 * instead, loaded as a separate chunk so pages that show the link keep their JS budget (ADR 016).
 */
export default function ReportListing({
  listingId,
  businessName,
  slug,
}: {
  listingId: string;
  businessName: string;
  /** The listing's slug; a listing without one (never public) gets the in-place form only. */
  slug: string | null;
}) {
  const [Form, setForm] = useState<FormComponent | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const href = slug ? reportPath(slug) : undefined;

  async function toggle(event: MouseEvent) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
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
      <a
        href={href}
        role={href ? undefined : 'button'}
        tabIndex={href ? undefined : 0}
        className="btn-link small"
        aria-expanded={open}
        aria-busy={loading || undefined}
        onClick={(event) => void toggle(event as unknown as MouseEvent)}
      >
        Report this listing
      </a>
      {open && Form && (
        <Form
          listingId={listingId}
          businessName={businessName}
          action={href ?? ''}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
