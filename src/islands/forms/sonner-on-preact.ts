/**
 * sonner as the public forms use it, on Preact (ADR 093): where their modules' copies import
 * `sonner`. The toasts are the public pages' small ones (src/browser/toast-lite.ts, the same
 * wording and data attributes); the toaster renders nothing, as toast-lite draws its own region
 * when a toast shows.
 */
export { toast } from '../../browser/toast-lite';

/** sonner's `<Toaster>`: nothing to render (see the module comment). */
export function Toaster(_props: Record<string, unknown>): null {
  return null;
}
