/** Shared HTML frame for our e-mails: inline styles only, as mail clients require. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * An e-mail's HTML: a title, paragraphs (escaped here), an optional button, and optionally
 * `extra.bodyHtml` after the paragraphs and `extra.footerHtml` above the address line (both
 * already-escaped HTML, e.g. a list of listings and an unsubscribe link).
 */
export function emailHtml(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  extra: { bodyHtml?: string; footerHtml?: string } = {},
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 14px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:20px 0"><a href="${escapeHtml(action.url)}" style="background:#f5b800;color:#1c1f24;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:700">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1c1f24;background:#f7f7f5;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:10px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${extra.bodyHtml ?? ''}${button}
${extra.footerHtml ?? ''}<p style="color:#4f5661;font-size:12px;margin-top:24px">Lagos Auto Hub · Lagos, Nigeria</p></div></body></html>`;
}
