import { describe, expect, it } from 'vitest';
import {
  chooseUpload,
  downscaledName,
  downscalePlan,
  REVIEW_UPLOAD_TARGET_BYTES,
  UPLOAD_MAX_SIDE,
  UPLOAD_TARGET_BYTES,
} from './photo-downscale';
import { REVIEW_PHOTOS_MAX, REVIEW_PHOTOS_MAX_BYTES } from '../../common/schemas/photo-rules';

const MB = 1024 * 1024;

describe('downscalePlan (ADR 048)', () => {
  it('sends a photo this browser cannot decode as it is (the server decides)', () => {
    expect(downscalePlan({ size: 3 * MB }, null)).toEqual({
      action: 'send-as-is',
      reason: 'not-decodable',
    });
    expect(downscalePlan({ size: 9 * MB }, { width: 0, height: 0 }).action).toBe('send-as-is');
  });

  it('sends a photo within 4 MB and 2,560 px as it is', () => {
    expect(downscalePlan({ size: 900_000 }, { width: 1600, height: 1200 })).toEqual({
      action: 'send-as-is',
      reason: 'small-enough',
    });
    expect(
      downscalePlan({ size: UPLOAD_TARGET_BYTES }, { width: UPLOAD_MAX_SIDE, height: 1440 }).action,
    ).toBe('send-as-is');
  });

  it('downscales a photo over 4 MB, or longer than 2,560 px on either side', () => {
    const downscale = { action: 'downscale', maxSide: 2560, maxBytes: 4 * MB };
    expect(downscalePlan({ size: UPLOAD_TARGET_BYTES + 1 }, { width: 2000, height: 1500 })).toEqual(
      downscale,
    );
    expect(downscalePlan({ size: 2 * MB }, { width: 4000, height: 3000 })).toEqual(downscale);
    expect(downscalePlan({ size: 2 * MB }, { width: 3000, height: 4000 })).toEqual(downscale);
    expect(downscalePlan({ size: 7 * MB }, { width: 6000, height: 4000 })).toEqual(downscale);
  });

  it('keeps a downscaled photo well under Netlify’s 6 MB once Base64-encoded', () => {
    expect(Math.ceil(UPLOAD_TARGET_BYTES / 3) * 4 + 64 * 1024).toBeLessThan(6_000_000);
  });
});

describe('chooseUpload', () => {
  it('takes the downscaled file only when it is smaller', () => {
    const original = { size: 5 * MB, name: 'a' };
    expect(chooseUpload(original, { size: 1 * MB, name: 'b' }).name).toBe('b');
    expect(chooseUpload(original, { size: 6 * MB, name: 'b' }).name).toBe('a');
    expect(chooseUpload(original, { size: 5 * MB, name: 'b' }).name).toBe('a');
    expect(chooseUpload(original, { size: 0, name: 'b' }).name).toBe('a');
    expect(chooseUpload(original, null).name).toBe('a');
  });
});

describe('downscaledName', () => {
  it('names the JPEG after the original', () => {
    expect(downscaledName('IMG_0042.PNG')).toBe('IMG_0042.jpg');
    expect(downscaledName('workshop.front.jpeg')).toBe('workshop.front.jpg');
    expect(downscaledName('photo')).toBe('photo.jpg');
    expect(downscaledName('.heic')).toBe('photo.jpg');
  });
});

describe('the review form’s budget (ADR 048, update)', () => {
  it('fits a review’s 3 photos and its fields in the 4 MB a review may weigh', () => {
    expect(REVIEW_PHOTOS_MAX * REVIEW_UPLOAD_TARGET_BYTES + 64 * 1024).toBeLessThanOrEqual(
      REVIEW_PHOTOS_MAX_BYTES,
    );
    // …and under 4,000,000 bytes too, whichever megabyte one reads "4 MB" in.
    expect(REVIEW_PHOTOS_MAX * REVIEW_UPLOAD_TARGET_BYTES + 64 * 1024).toBeLessThan(4_000_000);
  });

  it('downscales a review photo over its budget, or longer than 2,560 px', () => {
    const downscale = { action: 'downscale', maxSide: 2560, maxBytes: REVIEW_UPLOAD_TARGET_BYTES };
    expect(
      downscalePlan({ size: 2 * MB }, { width: 2000, height: 1500 }, REVIEW_UPLOAD_TARGET_BYTES),
    ).toEqual(downscale);
    expect(
      downscalePlan({ size: 5 * MB }, { width: 4032, height: 3024 }, REVIEW_UPLOAD_TARGET_BYTES),
    ).toEqual(downscale);
    expect(
      downscalePlan({ size: MB }, { width: 3024, height: 4032 }, REVIEW_UPLOAD_TARGET_BYTES),
    ).toEqual(downscale);
  });

  it('sends a review photo within its budget and 2,560 px as it is, or one it cannot decode', () => {
    expect(
      downscalePlan(
        { size: REVIEW_UPLOAD_TARGET_BYTES },
        { width: 2560, height: 1920 },
        REVIEW_UPLOAD_TARGET_BYTES,
      ),
    ).toEqual({ action: 'send-as-is', reason: 'small-enough' });
    expect(downscalePlan({ size: 9 * MB }, null, REVIEW_UPLOAD_TARGET_BYTES)).toEqual({
      action: 'send-as-is',
      reason: 'not-decodable',
    });
  });
});
