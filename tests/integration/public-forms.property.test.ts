import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { FIND_IT_SERVICES, SERVICE_CATEGORIES } from '../../common/schemas/categories.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Whatever a client POSTs to the three public forms, the answer is never a 5xx: bad input is
 * 400/413/422 (or 409/429), good input 201. Uses the default (outbox) transport to stay fast.
 */

let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];

beforeAll(async () => {
  handle = await createTestDatabase();
  call = testApi(handle.db).call;
});
afterAll(() => handle?.close());

let ipCounter = 0;
/** One client address per run, so the hourly per-IP limits never turn a 5xx into a 429. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

// ---- arbitraries -------------------------------------------------------------------------

const nasty = fc.constantFrom(
  '',
  ' ',
  '\ud800',
  '\udfff\ud800',
  '\u202e',
  '💥🚗',
  'e\u0301',
  '<script>',
  "' or 1=1 --",
  '%00',
  '\r\n',
  'a@b.co',
  'https://x.ng',
);
const longString = fc
  .tuple(fc.nat({ max: 80_000 }), fc.constantFrom('x', 'é', '🚗', ' '))
  .map(([n, c]) => c.repeat(n));
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  nasty,
  { arbitrary: longString, weight: 1 },
);
const wild = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 30 }),
  fc.array(fc.oneof(fc.integer(), fc.constant(null), fc.object()), { maxLength: 5 }),
  fc.object({ maxDepth: 2 }),
);
/** A string that may pass validation: arbitrary unicode of a plausible length. */
const unicode = (minLength: number, maxLength: number) =>
  fc.oneof(
    fc.string({ unit: 'binary', minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc.string({ minLength, maxLength }),
  );
/** Mostly a valid value, sometimes anything. */
const mostly = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: valid, weight: 15 }, { arbitrary: wild, weight: 1 });
/** Addresses Zod accepts (fc.emailAddress() allows RFC characters Zod's stricter pattern refuses), sometimes mixed-case. */
const email = fc.oneof(
  fc
    .tuple(
      fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9._+-]{0,15}[a-zA-Z0-9]$/),
      fc.stringMatching(/^[a-z0-9]{1,12}$/),
      fc.constantFrom('ng', 'com', 'co.uk'),
    )
    .map(([local, domain, tld]) => `${local.replace(/\.{2,}/g, '.')}@${domain}.${tld}`),
  fc.emailAddress(),
);

/** Bodies with the form's field names: all keys optional, values anything. */
const fieldsOf = (keys: string[]) =>
  fc.record(Object.fromEntries(keys.map((k) => [k, wild])), { requiredKeys: [] });

const anyBody = (fields: string[], nearlyValid: fc.Arbitrary<unknown>) =>
  fc.oneof(fc.anything(), fc.jsonValue(), fc.object(), fieldsOf([...fields, 'hp']), {
    arbitrary: nearlyValid,
    weight: 4,
  });

const registrationBody = anyBody(
  [
    'businessName',
    'contactName',
    'email',
    'phone',
    'address',
    'city',
    'state',
    'website',
    'description',
    'services',
    'serviceCategories',
    'serviceTags',
    'contactVisibility',
  ],
  fc.record(
    {
      businessName: mostly(unicode(2, 120)),
      contactName: mostly(unicode(0, 80)),
      email: mostly(email),
      phone: mostly(unicode(0, 30)),
      address: mostly(unicode(0, 200)),
      city: mostly(unicode(0, 80)),
      state: mostly(unicode(0, 80)),
      website: mostly(fc.webUrl()),
      description: mostly(unicode(10, 2000)),
      services: mostly(unicode(2, 1000)),
      serviceCategories: mostly(fc.subarray([...SERVICE_CATEGORIES], { minLength: 1 })),
      serviceTags: mostly(fc.array(unicode(0, 40), { maxLength: 20 })),
      contactVisibility: mostly(fc.constantFrom('public', 'registered_users_only')),
    },
    {
      requiredKeys: [
        'businessName',
        'description',
        'services',
        'serviceCategories',
        'contactVisibility',
      ],
    },
  ),
);

const findItBody = anyBody(
  ['name', 'email', 'phone', 'location', 'services', 'additionalInfo'],
  fc.record(
    {
      name: mostly(unicode(1, 80)),
      email: mostly(email),
      phone: mostly(unicode(1, 30)),
      location: mostly(unicode(1, 120)),
      services: mostly(fc.subarray([...FIND_IT_SERVICES], { minLength: 1 })),
      additionalInfo: mostly(unicode(0, 2000)),
    },
    { requiredKeys: ['name', 'email', 'phone', 'location', 'services'] },
  ),
);

const contactBody = anyBody(
  ['name', 'email', 'phone', 'subject', 'message'],
  fc.record(
    {
      name: mostly(unicode(2, 80)),
      email: mostly(email),
      phone: mostly(unicode(0, 30)),
      subject: mostly(unicode(5, 150)),
      message: mostly(unicode(10, 5000)),
    },
    { requiredKeys: ['name', 'email', 'subject', 'message'] },
  ),
);

// ---- properties --------------------------------------------------------------------------

const EXPECTED = new Set([201, 400, 409, 413, 422]);

describe.each([
  ['/api/listings', registrationBody],
  ['/api/service-requests', findItBody],
  ['/api/contacts', contactBody],
] as const)('POST %s with arbitrary bodies', (path, bodies) => {
  it('never answers 5xx; errors use the envelope, successes carry an id', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(bodies, async (json) => {
        const response = await call(path, { method: 'POST', json, ip: nextIp() });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status, response.text.slice(0, 500)).toBeLessThan(500);
        expect(EXPECTED.has(response.status), `unexpected status ${response.status}`).toBe(true);
        if (response.status === 201)
          expect(response.body).toEqual({
            id: expect.any(String),
            emailStatus: expect.stringMatching(/^(sent|failed)$/),
          });
        else
          expect(response.body.error).toMatchObject({
            code: expect.any(String),
            message: expect.any(String),
          });
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS) || 100 },
    );
    if (process.env.PROPERTY_STATS) console.log(path, Object.fromEntries(statuses));
    // The generators reach both the validation layer and the database.
    expect(statuses.get(201) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(422) ?? 0).toBeGreaterThan(0);
  });
});
