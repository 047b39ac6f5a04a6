/**
 * The full-size photo viewer of the business page (issue 26.4, ADR 043): PhotoSwipe 5, a
 * well-kept lightbox with keyboard (arrows, Escape, Tab kept inside), swipe, pinch-zoom and
 * focus handling (it returns focus to the thumbnail). Loaded only by a dynamic import from
 * PhotoGallery.astro's small script when a thumbnail is tapped, so neither this code (≈ 16 KB
 * gzip) nor its CSS counts against the page's 20 KB budget.
 */
import PhotoSwipe, { type SlideData } from 'photoswipe';
import photoswipeCss from 'photoswipe/dist/photoswipe.css?inline';

/** One photo as the gallery's link describes it (`data-*` of `a[data-viewer]`). */
interface ViewerPhoto {
  /** The largest variant's URL (the link's `href`, a JPEG). */
  src: string;
  /** `url 320w, url 640w, url 1280w` of one format, or '' for `src` alone. */
  srcset: string;
  /** Upright size of the largest variant, in pixels. */
  width: number;
  height: number;
  alt: string;
  caption: string;
  /** The thumbnail's loaded image, shown while the large one arrives. */
  placeholder: string;
}

let styled = false;

/** Reads a gallery link's photo. */
function photoOf(link: HTMLAnchorElement): ViewerPhoto {
  const img = link.querySelector('img');
  return {
    src: link.href,
    srcset: link.dataset.srcset ?? '',
    width: Number(link.dataset.width),
    height: Number(link.dataset.height),
    alt: img?.alt ?? '',
    caption: link.dataset.caption ?? '',
    placeholder: img?.currentSrc ?? '',
  };
}

/**
 * Opens the viewer on the photo of `links[index]` (the gallery's `a[data-viewer]`, in
 * order), named `label` (the dialog's accessible name). Focus goes back to the thumbnail when it
 * closes.
 */
export function openPhotoViewer(
  links: HTMLAnchorElement[],
  index: number,
  label: string,
): PhotoSwipe {
  const photos = links.map(photoOf);
  if (!styled) {
    const style = document.createElement('style');
    style.textContent = `${photoswipeCss}
.pswp__caption{position:absolute;left:0;right:0;bottom:0;padding:.75rem 1rem;color:#fff;background:rgba(0,0,0,.55);font-size:.95rem;text-align:center}
.pswp__caption:empty{display:none}`;
    document.head.append(style);
    styled = true;
  }
  const dataSource: SlideData[] = photos.map((photo) => ({
    src: photo.src,
    ...(photo.srcset ? { srcset: photo.srcset } : {}),
    width: photo.width,
    height: photo.height,
    alt: photo.alt,
    msrc: photo.placeholder,
    caption: photo.caption,
  }));
  const viewer = new PhotoSwipe({
    dataSource,
    index,
    showHideAnimationType: 'fade',
    bgOpacity: 0.92,
    closeTitle: 'Close',
    zoomTitle: 'Zoom',
    arrowPrevTitle: 'Previous photo',
    arrowNextTitle: 'Next photo',
    errorMsg: 'This photo could not be loaded.',
  });
  viewer.on('uiRegister', () => {
    viewer.ui?.registerElement({
      name: 'caption',
      order: 9,
      isButton: false,
      appendTo: 'root',
      onInit: (element) => {
        element.setAttribute('aria-live', 'polite');
        const show = () => {
          element.textContent = String(viewer.currSlide?.data.caption ?? '');
        };
        viewer.on('change', show);
        show();
      },
    });
  });
  // PhotoSwipe ignores Close during its opening fade (333 ms): `data-opened` says it is over.
  viewer.on('openingAnimationEnd', () => viewer.element?.setAttribute('data-opened', ''));
  viewer.init();
  viewer.element?.setAttribute('aria-label', label);
  return viewer;
}
