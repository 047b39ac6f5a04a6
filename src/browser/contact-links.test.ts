import { describe, expect, it } from 'vitest';
import { directionsUrl, inquiryMailto, whatsappUrl } from './contact-links';

describe('contact links', () => {
  it('drafts an e-mail with the spec subject and a greeting', () => {
    const url = new URL(inquiryMailto('hello@shop.example.com', 'Ade & Sons Motors'));
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('hello@shop.example.com');
    expect(url.searchParams.get('subject')).toBe('Inquiry about Ade & Sons Motors');
    expect(url.searchParams.get('body')).toMatch(/^Hello Ade & Sons Motors,\n/);
  });

  it('searches maps for the name and the full address', () => {
    const url = new URL(
      directionsUrl('Yaba Auto', {
        address: '3 Herbert Macaulay Way',
        city: 'Yaba',
        state: 'Lagos',
      }),
    );
    expect(url.hostname).toBe('www.google.com');
    expect(url.searchParams.get('query')).toBe(
      'Yaba Auto, 3 Herbert Macaulay Way, Yaba, Lagos, Nigeria',
    );
    expect(
      new URL(directionsUrl('X', { address: null, city: 'Ikeja', state: null })).searchParams.get(
        'query',
      ),
    ).toBe('X, Ikeja, Lagos, Nigeria');
    // An address that already names its city does not repeat it (issue 13.4).
    expect(
      new URL(
        directionsUrl('Y', { address: '12 Allen Avenue, Ikeja', city: 'Ikeja', state: 'Lagos' }),
      ).searchParams.get('query'),
    ).toBe('Y, 12 Allen Avenue, Ikeja, Lagos, Nigeria');
  });

  it('builds wa.me links from E.164 numbers', () => {
    expect(whatsappUrl('+2348012345678')).toBe('https://wa.me/2348012345678');
  });
});
