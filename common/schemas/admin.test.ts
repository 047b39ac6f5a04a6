import { describe, expect, it } from 'vitest';
import { ArticleFormSchema } from './articles';
import { MessageSchema, parseCustomEmails } from './messages';
import {
  canTransition,
  editedTypeAndTags,
  RatingSchema,
  STATUS_TRANSITIONS,
} from './registrations';

describe('status transitions (SPEC §4)', () => {
  it('allows exactly the spec transitions', () => {
    const all = ['pending', 'approved', 'rejected', 'suspended'];
    const allowed = all.flatMap((from) =>
      all.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'pending->approved',
        'pending->rejected',
        'approved->rejected',
        'approved->suspended',
        'rejected->approved',
        'suspended->approved',
      ].sort(),
    );
    expect(canTransition('toString', 'approved')).toBe(false);
    expect(Object.keys(STATUS_TRANSITIONS)).toEqual([
      'pending',
      'approved',
      'rejected',
      'suspended',
    ]);
  });
});

describe('admin edit (SPEC §5)', () => {
  it('takes the first category as type and keeps only non-standard tags plus the categories', () => {
    expect(
      editedTypeAndTags(
        ['Tyre Services', 'Car Rental'],
        ['Toyota', 'Mechanic / Repair Services', 'Toyota'],
        'Old',
      ),
    ).toEqual({
      business_type: 'Tyre Services',
      tags: ['Toyota', 'Tyre Services', 'Car Rental'],
    });
    expect(editedTypeAndTags([], ['x'], 'Old').business_type).toBe('Old');
  });
});

describe('article form (SPEC §5)', () => {
  const base = { title: 'Rainy Season: Drive Safe!', content: 'Body', category: 'Tips' as const };
  it('generates the slug from the title and falls back to read time 5', () => {
    const parsed = ArticleFormSchema.parse({ ...base, read_time: 'abc' });
    expect(parsed.slug).toBe('rainy-season-drive-safe');
    expect(parsed.read_time).toBe(5);
    expect(ArticleFormSchema.parse(base).read_time).toBe(5);
    expect(ArticleFormSchema.parse({ ...base, read_time: '7' }).read_time).toBe(7);
    expect(ArticleFormSchema.parse({ ...base, slug: '  My Slug  ' }).slug).toBe('my-slug');
  });
  it('rejects unknown categories and titles without letters or digits', () => {
    expect(ArticleFormSchema.safeParse({ ...base, category: 'Gossip' }).success).toBe(false);
    expect(ArticleFormSchema.safeParse({ ...base, title: '!!!' }).success).toBe(false);
  });
});

describe('messaging (SPEC §5)', () => {
  it('parses custom lists: comma-separated, trimmed, empties and duplicates dropped', () => {
    expect(parseCustomEmails(' A@x.com, ,b@x.com,a@x.com ,')).toEqual(['a@x.com', 'b@x.com']);
  });
  it('uses the spec messages', () => {
    const issues = (input: object) =>
      (MessageSchema.safeParse(input).error?.issues ?? []).map((i) => i.message);
    expect(issues({ recipient_type: 'users', recipients: ['u1'] })).toEqual([
      'Please fill in subject and message',
    ]);
    expect(issues({ recipient_type: 'custom', subject: 's', message: 'm' })).toEqual([
      'Please select recipients or enter email addresses',
    ]);
    expect(
      issues({ recipient_type: 'custom', custom_emails: 'nope', subject: 's', message: 'm' }),
    ).toEqual(['Invalid email address: nope']);
  });
  it('accepts only the star rating steps', () => {
    expect(RatingSchema.safeParse({ star_rating: 4.5 }).success).toBe(true);
    expect(RatingSchema.safeParse({ star_rating: 0.5 }).success).toBe(false);
  });
});
