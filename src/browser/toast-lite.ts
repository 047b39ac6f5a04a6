/**
 * The toasts of the public pages (SPEC §8 "Toasts, destructive style where an error"): a few
 * lines of DOM instead of sonner and React, so pages without a form stay within their JS budget
 * (issue 13.2). One polite live region per page, bottom right; each toast closes by itself after
 * `durationMs` or with its Close button. The admin and form islands keep sonner.
 */
export type ToastVariant = 'default' | 'success' | 'error';

const CLOSE_ICON =
  '<svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

/** Shows one toast: `title` in bold, `description` under it. */
export function showToast(
  title: string,
  description: string,
  durationMs = 4000,
  variant: ToastVariant = 'default',
): void {
  let region = document.querySelector<HTMLElement>('.toast-region');
  if (!region) {
    region = document.createElement('div');
    region.className = 'toast-region';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    document.body.append(region);
  }
  const toast = document.createElement('div');
  toast.className = variant === 'default' ? 'toast' : `toast toast-${variant}`;
  // The same data attributes as sonner's toasts: one way to find a toast in tests and styles.
  toast.dataset.type = variant;
  const heading = document.createElement('strong');
  heading.textContent = title;
  heading.dataset.title = '';
  const text = document.createElement('span');
  text.textContent = description;
  text.dataset.description = '';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', 'Close');
  close.innerHTML = CLOSE_ICON;
  close.addEventListener('click', () => toast.remove());
  toast.append(heading, text, close);
  region.append(toast);
  window.setTimeout(() => toast.remove(), durationMs);
}

interface ToastOptions {
  description?: string;
}

/**
 * The part of sonner's `toast` API the public islands use (`toast(title, { description })`,
 * `toast.success`, `toast.error`), drawn with {@link showToast}. The build points `sonner`
 * imports of the public islands' modules here (astro.config.mjs), so a shared hook that raises
 * sonner toasts shows these on public pages.
 */
export const toast = Object.assign(
  (title: string, options: ToastOptions = {}) => showToast(title, options.description ?? ''),
  {
    success: (title: string, options: ToastOptions = {}) =>
      showToast(title, options.description ?? '', 4000, 'success'),
    error: (title: string, options: ToastOptions = {}) =>
      showToast(title, options.description ?? '', 6000, 'error'),
  },
);
