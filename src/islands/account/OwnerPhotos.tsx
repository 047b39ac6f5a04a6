import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  PHOTO_ACCEPT,
  PHOTO_CAPTION_MAX,
  PHOTO_KIND_LABELS,
  PHOTO_KINDS,
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  PHOTOS_PER_LISTING,
  type PhotoKind,
} from '../../../common/schemas/photo-rules';
import type { Photo } from '../../../common/schemas/photos';
import { apiGet, apiPost, isUnexpected } from '../../browser/api-client';
import { thumbnailOf, uploadPhoto } from '../../browser/photo-upload';

/**
 * The owner's photos of one listing on the owner dashboard (issue 26.1, ADR 042): add a photo
 * (what it shows, a caption, the file; a progress bar, the server's message when it is refused),
 * propose removing a live one, take back a waiting one. New photos and removals wait with the
 * listing's other changes until our team approves them; at most 12 photos, waiting ones counted.
 */
export function OwnerPhotos({
  listingId,
  onChanged,
}: {
  listingId: string;
  onChanged: () => void;
}) {
  const [photos, setPhotos] = useState<Photo[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [kind, setKind] = useState<PhotoKind>('workshop');
  const [caption, setCaption] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const base = `/api/account/listings/${encodeURIComponent(listingId)}/photos`;
  const prefix = `photos-${listingId.slice(0, 8)}`;

  useEffect(() => {
    let live = true;
    void apiGet<{ photos: Photo[] }>(base).then((result) => {
      if (!live) return;
      if (result.ok) setPhotos(result.data.photos);
      else setLoadError('We could not load your photos. Please try again.');
    });
    return () => {
      live = false;
    };
  }, [base]);

  const full = (photos?.length ?? 0) >= PHOTOS_PER_LISTING;

  async function add() {
    const file = fileInput.current?.files?.[0];
    setError(null);
    if (!file) return setError(PHOTO_MESSAGES.noFile);
    if (file.size > PHOTO_MAX_BYTES) return setError(PHOTO_MESSAGES.tooLarge);
    setProgress(0);
    const result = await uploadPhoto(base, file, { kind, caption }, setProgress);
    setProgress(null);
    if (!result.ok) {
      setError(
        isUnexpected(result.error)
          ? 'Something went wrong. Please try again.'
          : result.error.message,
      );
      return;
    }
    setPhotos((current) => [...(current ?? []), result.data]);
    setCaption('');
    if (fileInput.current) fileInput.current.value = '';
    toast.success('Photo sent for review', {
      description: 'It goes live once our team has checked it.',
    });
    onChanged();
  }

  async function act(photo: Photo, action: 'remove' | 'keep') {
    setBusy(photo.id);
    const result = await apiPost<{ photos: Photo[] }>(`${base}/${photo.id}/${action}`, {});
    setBusy(null);
    if (!result.ok) {
      toast.error(
        isUnexpected(result.error)
          ? 'Something went wrong. Please try again.'
          : result.error.message,
      );
      return;
    }
    setPhotos(result.data.photos);
    toast.success(
      photo.status === 'pending'
        ? 'Photo taken back'
        : action === 'remove'
          ? 'Removal sent for review'
          : 'Photo kept',
    );
    onChanged();
  }

  return (
    <section className="owner-photos" aria-labelledby={prefix}>
      <h3 id={prefix}>
        Photos{' '}
        <span className="small muted">
          ({photos?.length ?? 0} of {PHOTOS_PER_LISTING})
        </span>
      </h3>
      <p className="small muted">
        Show your workshop, your work and your team. New photos and removals go live once our team
        has checked them.
      </p>
      {loadError && (
        <p role="alert" className="field-error">
          {loadError}
        </p>
      )}
      {photos === null && !loadError && <p className="small muted">Loading photos…</p>}
      {photos && photos.length === 0 && <p className="small muted">No photos yet.</p>}
      {photos && photos.length > 0 && (
        <ul className="owner-photo-grid">
          {photos.map((photo) => (
            <li key={photo.id} data-status={photo.status}>
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
              {photo.status === 'pending' ? (
                <span className="badge badge-pending">Waiting for review</span>
              ) : photo.removal_proposed ? (
                <span className="badge badge-pending">Removal waiting for review</span>
              ) : null}
              {photo.status === 'live' && photo.removal_proposed ? (
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={busy === photo.id}
                  onClick={() => void act(photo, 'keep')}
                >
                  Keep this photo
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={busy === photo.id}
                  onClick={() => void act(photo, 'remove')}
                >
                  {photo.status === 'pending' ? 'Take back' : 'Remove'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="small muted">{PHOTO_MESSAGES.tooMany}</p>
      ) : (
        <div className="owner-photo-add">
          <div className="field">
            <label htmlFor={`${prefix}-file`}>Photo (JPEG, PNG, WebP or AVIF, up to 10 MB)</label>
            <input
              id={`${prefix}-file`}
              ref={fileInput}
              type="file"
              name="file"
              accept={PHOTO_ACCEPT}
              disabled={progress !== null}
            />
          </div>
          <div className="form-grid">
            <div className="field">
              <label htmlFor={`${prefix}-kind`}>What it shows</label>
              <select
                id={`${prefix}-kind`}
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
              <label htmlFor={`${prefix}-caption`}>Caption</label>
              <input
                id={`${prefix}-caption`}
                type="text"
                name="caption"
                maxLength={PHOTO_CAPTION_MAX}
                value={caption}
                onChange={(event) => setCaption(event.target.value)}
              />
            </div>
          </div>
          {progress !== null && (
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
            disabled={progress !== null || photos === null}
          >
            {progress !== null ? 'Uploading…' : 'Send photo for review'}
          </button>
        </div>
      )}
    </section>
  );
}
