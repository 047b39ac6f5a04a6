import { describe, expect, it } from 'vitest';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  REVIEW_PHOTOS_MAX_BYTES,
} from '../../common/schemas/photo-rules';
import { megabytes, preparingText, readyText, reviewPhotosProblem } from './review-photos';

const MB = 1024 * 1024;
const photos = (...sizes: number[]) => sizes.map((size) => ({ size }));

describe('reviewPhotosProblem (ADR 048, update)', () => {
  it('lets up to 3 photos of up to 10 MB each be prepared, however large together', () => {
    expect(reviewPhotosProblem(photos())).toBeNull();
    expect(reviewPhotosProblem(photos(5 * MB, 7 * MB, PHOTO_MAX_BYTES))).toBeNull();
  });

  it('refuses a fourth photo and a photo over 10 MB before any work, with the server’s messages', () => {
    expect(reviewPhotosProblem(photos(MB, MB, MB, MB))).toBe(PHOTO_MESSAGES.tooManyForReview);
    expect(reviewPhotosProblem(photos(MB, PHOTO_MAX_BYTES + 1))).toBe(PHOTO_MESSAGES.tooLarge);
  });

  it('once prepared, refuses photos still over 4 MB together (ones this browser cannot shrink)', () => {
    expect(reviewPhotosProblem(photos(1.2 * MB, 1.2 * MB, 1.2 * MB), true)).toBeNull();
    expect(reviewPhotosProblem(photos(REVIEW_PHOTOS_MAX_BYTES), true)).toBeNull();
    expect(reviewPhotosProblem(photos(3 * MB, MB + 1), true)).toBe(PHOTO_MESSAGES.reviewTooLarge);
  });

  it('says Find It’s own message for a fourth photo of a request (ADR 083)', () => {
    const tooMany = PHOTO_MESSAGES.tooManyForRequest;
    expect(reviewPhotosProblem(photos(MB, MB, MB, MB), false, tooMany)).toBe(tooMany);
    expect(reviewPhotosProblem(photos(MB, MB, MB), false, tooMany)).toBeNull();
  });
});

describe('what the field says', () => {
  it('says it is preparing one photo or several', () => {
    expect(preparingText(1)).toBe('Preparing photo…');
    expect(preparingText(3)).toBe('Preparing photos…');
  });

  it('says the size that will be sent, in the megabytes of the field’s hint', () => {
    expect(megabytes(4 * MB)).toBe('4.0 MB');
    expect(megabytes(1.26 * MB)).toBe('1.3 MB');
    expect(megabytes(20 * 1024)).toBe('0.1 MB');
    expect(readyText(photos(1.2 * MB, 1.1 * MB, 1.2 * MB))).toBe(
      '3 photos ready to send (3.5 MB together).',
    );
    expect(readyText(photos(800 * 1024))).toBe('Your photo is ready to send (0.8 MB).');
  });
});
