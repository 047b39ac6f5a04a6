import type { Photo } from '../../common/schemas/photos';
import type { ApiResult } from './api-client';

/** The smallest JPEG variant: every browser shows it, and it is a few kilobytes. */
export function thumbnailOf(photo: Photo): string | undefined {
  return (
    photo.variants.find((v) => v.format === 'jpeg')?.url ?? photo.variants[0]?.url ?? undefined
  );
}

/** The message when the connection fails during an upload (nothing was saved). */
export const UPLOAD_NETWORK_MESSAGE =
  'The upload could not finish: the connection was lost. Please try again.';

/**
 * Uploads one photo of a listing to `url` (the admin's `/api/admin/listings/:id/photos` or the
 * owner's `/api/account/listings/:id/photos`; multipart `file`, `kind`, `caption`), reporting
 * progress as a fraction 0–1 of the bytes sent.
 * XMLHttpRequest, because fetch reports no upload progress. Never throws: the error envelope, or
 * `{ code: 'NETWORK' }` when the connection fails.
 */
export function uploadPhoto(
  url: string,
  file: File,
  fields: { kind: string; caption: string },
  onProgress: (fraction: number) => void,
): Promise<ApiResult<Photo>> {
  const form = new FormData();
  form.set('file', file);
  form.set('kind', fields.kind);
  form.set('caption', fields.caption);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: handled below
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve({ ok: true, data: body as Photo });
      else {
        const envelope = (body as { error?: { code: string; message: string } } | null)?.error;
        resolve({
          ok: false,
          error: envelope ?? { code: `HTTP_${xhr.status}`, message: xhr.statusText },
        });
      }
    };
    xhr.onerror = () =>
      resolve({ ok: false, error: { code: 'NETWORK', message: UPLOAD_NETWORK_MESSAGE } });
    xhr.onabort = xhr.onerror;
    xhr.send(form);
  });
}
