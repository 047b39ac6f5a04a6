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
import { apiGet, apiSend } from '../../browser/api-client';
import { thumbnailOf, uploadPhoto } from '../../browser/photo-upload';
import { ConfirmDialog } from '../ui/ConfirmDialog';

/**
 * The listing's photos in Edit Business Details (issue 26.1): add one (what it shows, a caption,
 * the file; a progress bar while it uploads, the server's message when it is refused) and remove
 * one after a confirmation. At most 12 a listing.
 */
export function PhotosSection({ listingId }: { listingId: string }) {
  const [photos, setPhotos] = useState<Photo[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [kind, setKind] = useState<PhotoKind>('workshop');
  const [caption, setCaption] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Photo | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    void apiGet<{ photos: Photo[] }>(`/api/admin/registrations/${listingId}/photos`).then(
      (result) => {
        if (!live) return;
        if (result.ok) setPhotos(result.data.photos);
        else setLoadError(result.error.message);
      },
    );
    return () => {
      live = false;
    };
  }, [listingId]);

  const full = (photos?.length ?? 0) >= PHOTOS_PER_LISTING;

  async function add() {
    const file = fileInput.current?.files?.[0];
    setError(null);
    if (!file) return setError(PHOTO_MESSAGES.noFile);
    if (file.size > PHOTO_MAX_BYTES) return setError(PHOTO_MESSAGES.tooLarge);
    setProgress(0);
    const result = await uploadPhoto(
      `/api/admin/registrations/${encodeURIComponent(listingId)}/photos`,
      file,
      { kind, caption },
      setProgress,
    );
    setProgress(null);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    setPhotos((current) => [...(current ?? []), result.data]);
    setCaption('');
    if (fileInput.current) fileInput.current.value = '';
    toast.success('Photo added');
  }

  async function remove(photo: Photo) {
    const result = await apiSend<{ ok: true }>('DELETE', `/api/admin/photos/${photo.id}`);
    if (!result.ok) {
      toast.error('Failed to remove photo', { description: result.error.message });
      return;
    }
    setPhotos((current) => (current ?? []).filter((p) => p.id !== photo.id));
    toast.success('Photo removed');
  }

  return (
    <section className="admin-photos" aria-labelledby={`photos-${listingId}`}>
      <h3 id={`photos-${listingId}`}>
        Photos{' '}
        <span className="small muted">
          ({photos?.length ?? 0} of {PHOTOS_PER_LISTING})
        </span>
      </h3>
      {loadError && (
        <p role="alert" className="field-error">
          {loadError}
        </p>
      )}
      {photos === null && !loadError && <p className="small muted">Loading photos…</p>}
      {photos && photos.length === 0 && <p className="small muted">No photos yet.</p>}
      {photos && photos.length > 0 && (
        <ul className="admin-photo-grid">
          {photos.map((photo) => (
            <li key={photo.id}>
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
              <button type="button" className="btn btn-outline" onClick={() => setRemoving(photo)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="small muted">{PHOTO_MESSAGES.tooMany}</p>
      ) : (
        <div className="admin-photo-add">
          <label className="field">
            <span>Photo (JPEG, PNG, WebP or AVIF, up to 10 MB)</span>
            <input
              ref={fileInput}
              type="file"
              name="file"
              accept={PHOTO_ACCEPT}
              disabled={progress !== null}
            />
          </label>
          <label className="field">
            <span>What it shows</span>
            <select
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
          </label>
          <label className="field">
            <span>Caption</span>
            <input
              type="text"
              name="caption"
              maxLength={PHOTO_CAPTION_MAX}
              value={caption}
              onChange={(event) => setCaption(event.target.value)}
            />
          </label>
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
            {progress !== null ? 'Uploading…' : 'Add photo'}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this photo?"
        description="It will disappear from the business page and its cards. This cannot be undone."
        confirmLabel="Remove photo"
        onConfirm={() => {
          if (removing) void remove(removing);
          setRemoving(null);
        }}
      />
    </section>
  );
}
