import { describe, expect, it } from 'vitest';
import { REPORT_REASONS, reasonLabel } from './report-reasons';
import { ReportSubmitSchema } from './reports';

describe('report reasons (issue 16.3)', () => {
  it('are the issue six, verbatim and in order', () => {
    expect(REPORT_REASONS.map((r) => r.label)).toEqual([
      'Permanently closed',
      'Wrong phone number',
      'Wrong address or location',
      'Duplicate listing',
      'Spam or fraud',
      'Other',
    ]);
    expect(reasonLabel('closed')).toBe('Permanently closed');
  });

  it('ReportSubmitSchema takes a listed reason and up to 500 characters of details', () => {
    expect(ReportSubmitSchema.parse({ reason: 'spam' })).toEqual({ reason: 'spam' });
    expect(ReportSubmitSchema.parse({ reason: 'other', details: '  ' })).toEqual({
      reason: 'other',
    });
    expect(
      ReportSubmitSchema.safeParse({ reason: 'other', details: 'x'.repeat(500) }).success,
    ).toBe(true);
    expect(
      ReportSubmitSchema.safeParse({ reason: 'other', details: 'x'.repeat(501) }).success,
    ).toBe(false);
    expect(ReportSubmitSchema.safeParse({ reason: 'Permanently closed' }).success).toBe(false);
    expect(ReportSubmitSchema.safeParse({}).success).toBe(false);
  });
});
