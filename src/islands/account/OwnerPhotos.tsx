import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PHOTOS_PER_LISTING } from '../../../common/schemas/photo-rules';
import type { Photo } from '../../../common/schemas/photos';
import { apiGet, apiPost, isUnexpected } from '../../browser/api-client';
import { PhotoAddForm, PhotoListState, PhotoThumb } from '../ui/PhotoPieces';

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
  const [busy, setBusy] = useState<string | null>(null);
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
  const shown = (error: { code: string; message: string }) =>
    isUnexpected(error) ? 'Something went wrong. Please try again.' : error.message;

  async function act(photo: Photo, action: 'remove' | 'keep') {
    setBusy(photo.id);
    const result = await apiPost<{ photos: Photo[] }>(`${base}/${photo.id}/${action}`, {});
    setBusy(null);
    if (!result.ok) {
      toast.error(shown(result.error));
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
      <PhotoListState photos={photos} error={loadError} />
      {photos && photos.length > 0 && (
        <ul className="photo-grid">
          {photos.map((photo) => {
            const proposed = photo.status === 'live' && photo.removal_proposed;
            return (
              <li key={photo.id} data-status={photo.status}>
                <PhotoThumb photo={photo} />
                {(photo.status === 'pending' || proposed) && (
                  <span className="badge badge-pending">
                    {proposed ? 'Removal waiting for review' : 'Waiting for review'}
                  </span>
                )}
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={busy === photo.id}
                  onClick={() => void act(photo, proposed ? 'keep' : 'remove')}
                >
                  {proposed
                    ? 'Keep this photo'
                    : photo.status === 'pending'
                      ? 'Take back'
                      : 'Remove'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <PhotoAddForm
        full={full}
        id={prefix}
        url={base}
        label="Send photo for review"
        disabled={photos === null}
        message={shown}
        onAdded={(photo) => {
          setPhotos((current) => [...(current ?? []), photo]);
          toast.success('Photo sent for review', {
            description: 'It goes live once our team has checked it.',
          });
          onChanged();
        }}
      />
    </section>
  );
}
