/**
 * A minimal toast for pages that ship no React (article pages must stay under 5 KB of JS).
 * Same look as the islands' toasts; announced politely to screen readers.
 */
export function showToast(title: string, description: string, durationMs = 4000): void {
  let region = document.querySelector<HTMLElement>('.toast-region');
  if (!region) {
    region = document.createElement('div');
    region.className = 'toast-region';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    document.body.append(region);
  }
  const toast = document.createElement('div');
  toast.className = 'toast';
  const heading = document.createElement('strong');
  heading.textContent = title;
  const text = document.createElement('span');
  text.textContent = description;
  toast.append(heading, text);
  region.append(toast);
  window.setTimeout(() => toast.remove(), durationMs);
}
