import { useRef, useState } from 'react';
import {
  PHOTO_ACCEPT,
  PHOTO_CAPTION_MAX,
  PHOTO_KIND_LABELS,
  PHOTO_KINDS,
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  type PhotoKind,
} from '../../../common/schemas/photo-rules';
import type { Photo } from '../../../common/schemas/photos';
import type { ApiResult } from '../../browser/api-client';
import { loadDownscaler, preparePhoto } from '../../browser/photo-downscale';
import { thumbnailOf, uploadPhoto } from '../../browser/photo-upload';

/**
 * What the admin's Edit Business Details, the owner dashboard and the Claims tab share about
 * photos (issue 26.1, ADR 039 and 042): a thumbnail with its kind and caption, and the add form.
 */

/** A 160 px thumbnail (the smallest JPEG variant) sized by the photo's aspect, with its caption. */
export function PhotoThumb({ photo }: { photo: Photo }) {
  return (
    <>
      <img
        src={thumbnailOf(photo)}
        alt={photo.caption || PHOTO_KIND_LABELS[photo.kind]}
        width={160}
        height={Math.round((160 * photo.height) / photo.width)}
        loading="lazy"
      />
      <span className="small">
        {PHOTO_KIND_LABELS[photo.kind]}
        {photo.caption ? ` · ${photo.caption}` : ''}
      </span>
    </>
  );
}

/** While a photo list loads, when it failed (`error`), or when it is empty. */
export function PhotoListState({
  photos,
  error,
}: {
  photos: Photo[] | null;
  error: string | null;
}) {
  if (error)
    return (
      <p role="alert" className="field-error">
        {error}
      </p>
    );
  if (photos === null) return <p className="small muted">Loading photos…</p>;
  if (photos.length === 0) return <p className="small muted">No photos yet.</p>;
  return null;
}

/**
 * Adding a photo: the file (checked for 10 MB before sending), what it shows, a caption; then
 * "Preparing photo…" while it is downscaled in the browser (ADR 048: at most 2,560 px and 4 MB, so
 * it fits Netlify's request limit and the data plan; the downscaler is imported when a photo is
 * chosen), a progress bar while it uploads to `url` (multipart), the server's message when it is
 * refused. `onAdded` gets the saved photo; the fields are cleared.
 * @param message turns a refusal into the text shown (the server's message by default).
 */
export function PhotoAddForm({
  id,
  url,
  label,
  disabled,
  full,
  onAdded,
  message = (error) => error.message,
}: {
  id: string;
  url: string;
  label: string;
  disabled: boolean;
  /** The listing has its 12 photos: the 12-photo message instead of the form. */
  full: boolean;
  onAdded: (photo: Photo) => void;
  message?: (error: Extract<ApiResult<Photo>, { ok: false }>['error']) => string;
}) {
  const [kind, setKind] = useState<PhotoKind>('workshop');
  const [caption, setCaption] = useState('');
  /** null while idle; 'preparing' while the photo is downscaled; then the fraction uploaded. */
  const [progress, setProgress] = useState<number | 'preparing' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  async function add() {
    const file = fileInput.current?.files?.[0];
    setError(null);
    if (!file) return setError(PHOTO_MESSAGES.noFile);
    if (file.size > PHOTO_MAX_BYTES) return setError(PHOTO_MESSAGES.tooLarge);
    setProgress('preparing');
    const upload = await preparePhoto(file);
    setProgress(0);
    const result = await uploadPhoto(url, upload, { kind, caption }, setProgress);
    setProgress(null);
    if (!result.ok) return setError(message(result.error));
    setCaption('');
    if (fileInput.current) fileInput.current.value = '';
    onAdded(result.data);
  }

  if (full) return <p className="small muted">{PHOTO_MESSAGES.tooMany}</p>;
  return (
    <div className="photo-add">
      <div className="field">
        <label htmlFor={`${id}-file`}>Photo (JPEG, PNG, WebP, HEIC or AVIF, up to 10 MB)</label>
        <input
          id={`${id}-file`}
          ref={fileInput}
          type="file"
          name="file"
          accept={PHOTO_ACCEPT}
          disabled={progress !== null}
          onChange={() => void loadDownscaler().catch(() => undefined)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-kind`}>What it shows</label>
        <select
          id={`${id}-kind`}
          name="kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as PhotoKind)}
        >
          {PHOTO_KINDS.map((k) => (
            <option key={k} value={k}>
              {PHOTO_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-caption`}>Caption</label>
        <input
          id={`${id}-caption`}
          type="text"
          name="caption"
          maxLength={PHOTO_CAPTION_MAX}
          value={caption}
          onChange={(event) => setCaption(event.target.value)}
        />
      </div>
      {progress !== null && (
        <p className="small muted photo-add-status" role="status">
          {progress === 'preparing' ? 'Preparing photo…' : 'Uploading photo…'}
        </p>
      )}
      {typeof progress === 'number' && (
        <progress max={1} value={progress} aria-label="Upload progress">
          {Math.round(progress * 100)}%
        </progress>
      )}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <button
        type="button"
        className="btn"
        onClick={() => void add()}
        disabled={progress !== null || disabled}
      >
        {progress !== null ? 'Please wait…' : label}
      </button>
    </div>
  );
}
