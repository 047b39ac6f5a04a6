import { describe, expect, it } from 'vitest';
import { BusinessRegistrationSchema } from './forms';
import { BulkRegisterSchema } from './imports';
import { BusinessEditSchema } from './registrations';
import { normalizeWebUrl, safeWebUrl, WEBSITE_URL_MESSAGE } from './url';

/** Issue 12.4: one website rule for every write path and for rendering. */

const REFUSED = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.ng/',
  'mailto:owner@example.ng',
  'https://user:pass@example.ng/',
  'https://example.ng@evil.example/',
  'http://localhost:3000/',
  'https://',
  'not a url',
  'https://exa mple.ng',
  'https:\\\\evil.example',
  `https://example.ng/${'a'.repeat(300)}`,
];

describe('normalizeWebUrl', () => {
  it.each(REFUSED)('refuses %j', (value) => {
    expect(normalizeWebUrl(value)).toBeNull();
    expect(safeWebUrl(value)).toBeNull();
  });

  it.each([
    ['https://ikeja-auto.ng', 'https://ikeja-auto.ng'],
    [' HTTPS://Ikeja-Auto.NG ', 'https://ikeja-auto.ng'],
    ['https://ikeja-auto.ng/', 'https://ikeja-auto.ng/'],
    ['http://www.example.ng/contact?x=1#top', 'http://www.example.ng/contact?x=1#top'],
    ['www.example.ng', 'https://www.example.ng'],
    ['//example.ng', 'https://example.ng'],
    ['example.ng/a b', 'https://example.ng/a%20b'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
    ['https://1.2.3.4:8080/x', 'https://1.2.3.4:8080/x'],
  ])('accepts %j as %j', (value, expected) => {
    expect(normalizeWebUrl(value)).toBe(expected);
  });
});

describe('the shared schemas use the rule', () => {
  const form = {
    businessName: 'Ikeja Auto',
    description: 'We fix cars and trucks.',
    services: 'Engine repair',
    serviceCategories: ['Mechanic / Repair Services'],
    contactVisibility: 'public',
  };
  const edit = {
    business_name: 'Ikeja Auto',
    phone: '0803 000 0000',
    contact_visibility: 'public',
  };
  const bulk = (website: string | null) => ({
    category: 'Mechanic / Repair Services',
    businesses: [{ name: 'Ikeja Auto', website, source: 'openstreetmap', source_id: 'node/1' }],
  });

  it.each(REFUSED)('public form, admin edit and bulk import refuse %j', (website) => {
    const results = [
      BusinessRegistrationSchema.safeParse({ ...form, website }),
      BusinessEditSchema.safeParse({ ...edit, website }),
      BulkRegisterSchema.safeParse(bulk(website)),
    ];
    for (const result of results) {
      expect(result.success).toBe(false);
      expect(JSON.stringify(result.error?.issues)).toMatch(/valid URL|at most 300/);
    }
  });

  it('normalises on write and keeps empty as empty', () => {
    expect(BusinessRegistrationSchema.parse({ ...form, website: 'Example.NG' }).website).toBe(
      'https://example.ng',
    );
    expect(BusinessRegistrationSchema.parse({ ...form, website: '' }).website).toBeUndefined();
    expect(BusinessEditSchema.parse({ ...edit, website: ' ' }).website).toBeNull();
    expect(BusinessEditSchema.parse({ ...edit, website: 'http://x.ng/' }).website).toBe(
      'http://x.ng/',
    );
    expect(BulkRegisterSchema.parse(bulk(null)).businesses[0]!.website).toBeNull();
    expect(WEBSITE_URL_MESSAGE).toBe('Please enter a valid URL (including https://)');
  });
});
