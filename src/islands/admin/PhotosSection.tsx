import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PHOTOS_PER_LISTING } from '../../../common/schemas/photo-rules';
import type { Photo } from '../../../common/schemas/photos';
import { apiGet, apiSend } from '../../browser/api-client';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { PhotoAddForm, PhotoListState, PhotoThumb } from '../ui/PhotoPieces';

/**
 * The listing's photos in Edit Business Details (issue 26.1): add one (what it shows, a caption,
 * the file; a progress bar while it uploads, the server's message when it is refused) and remove
 * one after a confirmation. At most 12 a listing.
 */
export function PhotosSection({ listingId }: { listingId: string }) {
  const [photos, setPhotos] = useState<Photo[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Photo | null>(null);

  useEffect(() => {
    let live = true;
    void apiGet<{ photos: Photo[] }>(`/api/admin/listings/${listingId}/photos`).then((result) => {
      if (!live) return;
      if (result.ok) setPhotos(result.data.photos);
      else setLoadError(result.error.message);
    });
    return () => {
      live = false;
    };
  }, [listingId]);

  const full = (photos?.length ?? 0) >= PHOTOS_PER_LISTING;

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
      <PhotoListState photos={photos} error={loadError} />
      {photos && photos.length > 0 && (
        <ul className="photo-grid">
          {photos.map((photo) => (
            <li key={photo.id}>
              <PhotoThumb photo={photo} />
              <button type="button" className="btn btn-outline" onClick={() => setRemoving(photo)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <PhotoAddForm
        full={full}
        id={`photo-add-${listingId.slice(0, 8)}`}
        url={`/api/admin/listings/${encodeURIComponent(listingId)}/photos`}
        label="Add photo"
        disabled={photos === null}
        onAdded={(photo) => {
          setPhotos((current) => [...(current ?? []), photo]);
          toast.success('Photo added');
        }}
      />
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
