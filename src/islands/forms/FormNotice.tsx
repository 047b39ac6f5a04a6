/**
 * The outcome of a form shown in the page (issue 22.1): the same title and text as the toast the
 * island raises, for a form posted without JavaScript (and announced to screen readers).
 */
export function FormNotice({
  tone,
  title,
  description,
}: {
  tone: 'success' | 'error';
  title: string;
  description?: string | undefined;
}) {
  return (
    <div className={`form-notice form-notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <p className="form-notice-title">{title}</p>
      {description && <p>{description}</p>}
    </div>
  );
}
