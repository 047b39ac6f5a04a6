import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { sendgridTransport } from '../../functions/_lib/mail.ts';
import { findMatchingBusinesses } from '../../functions/service-requests/service-requests.service.ts';
import { insertBusiness } from '../factories/business.ts';
import { start, type FakeSendGrid, type RecordedRequest } from '../fakes/sendgrid.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * The three public forms (SPEC §5, §7, §8) end to end: HTTP in, rows in Postgres, and the exact
 * JSON the real SendGrid client posts to a loopback fake (DESIGN.md "E-mail").
 */

const ADMIN = 'admin@lagosautohub.local';
const FROM = { email: 'no-reply@lagosautohub.local', name: 'Lagos Auto Hub' };
const SITE = 'https://lagosautohub.test';

let handle: DatabaseHandle;
let fake: FakeSendGrid;
let call: ReturnType<typeof testApi>['call'];

let ipCounter = 0;
/** A fresh client address per request group, so the per-IP hourly limits never leak across tests. */
const nextIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  vi.stubEnv('ADMIN_NOTIFY_EMAIL', '');
  vi.stubEnv('MAIL_FROM', '');
  vi.stubEnv('SITE_URL', SITE);
  [handle, fake] = await Promise.all([createTestDatabase(), start({ apiKey: 'SG.test-key' })]);
  call = testApi(handle.db, {
    mailTransport: sendgridTransport({
      apiKey: 'SG.test-key',
      baseUrl: fake.baseUrl,
      timeoutMs: 1500,
    }),
  }).call;
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await fake?.stop();
  await handle?.close();
});
beforeEach(async () => {
  fake.reset();
  await handle.db.deleteFrom('service_request_notifications').execute();
  await handle.db.deleteFrom('service_requests').execute();
  await handle.db.deleteFrom('contacts').execute();
  await handle.db.deleteFrom('business_registrations').execute();
  await handle.db.deleteFrom('mail_outbox').execute();
});

const post = (path: string, json: unknown, ip = nextIp()) =>
  call(path, { method: 'POST', json, ip });
const sentTo = (address: string) =>
  fake.requests.filter((r) => r.body.personalizations[0]!.to.some((t) => t.email === address));
const textOf = (r: RecordedRequest) => r.body.content.find((c) => c.type === 'text/plain')!.value;
const htmlOf = (r: RecordedRequest) => r.body.content.find((c) => c.type === 'text/html')!.value;

let seq = 0;
function registration(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    businessName: `Ikeja Auto & Tyre Care ${seq}`,
    contactName: 'Ada Okafor',
    email: `ada.${seq}@ikeja-auto.ng`,
    phone: '+234 803 555 0101',
    address: '12 Allen Avenue',
    city: 'Ikeja',
    state: 'Lagos',
    website: 'https://ikeja-auto.ng',
    description: 'Family workshop in Ikeja since 1998.',
    services: 'Engine repair, tyre fitting, wheel alignment',
    serviceCategories: ['Mechanic / Repair Services'],
    serviceTags: ['Engine repair'],
    contactVisibility: 'public',
    ...overrides,
  };
}

/** Find It requests are limited per e-mail too (5 a day, issue 36.2): each has its own. */
let findIts = 0;
function findIt(overrides: Record<string, unknown> = {}) {
  findIts += 1;
  return {
    name: 'Tunde Bakare',
    email: `tunde${findIts}@example.ng`,
    phone: '+234 802 000 1234',
    location: 'Lekki Phase 1',
    services: ['Tyre Services', 'Auto Electrical'],
    additionalInfo: 'Flat tyre and a dead battery.',
    ...overrides,
  };
}

function contact(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Chioma Eze',
    email: 'chioma@example.ng',
    phone: '',
    subject: 'Listing question',
    message: 'How long does approval of a listing take?',
    ...overrides,
  };
}

describe('POST /api/listings', () => {
  it('stores a pending request by SPEC §5 write rules and posts the admin notification to SendGrid', async () => {
    const input = registration({
      businessName: '  Ikeja Auto & Tyre Care  ',
      email: '  Ada.Okafor@Ikeja-Auto.NG ',
      serviceCategories: ['Mechanic / Repair Services'],
      serviceTags: [
        '  Engine repair ',
        'Wheel alignment',
        'engine repair',
        '',
        '   ',
        'Mechanic / Repair Services',
      ],
      contactVisibility: 'registered_users_only',
    });
    const { status, body } = await post('/api/listings', input);
    expect(status).toBe(201);
    expect(body).toEqual({ id: expect.any(String), emailStatus: 'sent' });

    const row = await handle.db
      .selectFrom('business_registrations')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      business_name: 'Ikeja Auto & Tyre Care',
      business_type: 'Mechanic / Repair Services',
      business_categories: ['Mechanic / Repair Services'],
      display_name: 'Ada Okafor',
      email: 'ada.okafor@ikeja-auto.ng',
      phone: '+234 803 555 0101',
      address: '12 Allen Avenue',
      city: 'Ikeja',
      state: 'Lagos',
      zip_code: '',
      website: 'https://ikeja-auto.ng',
      description: 'Family workshop in Ikeja since 1998.',
      services: 'Engine repair, tyre fitting, wheel alignment',
      tags: ['Engine repair', 'Wheel alignment', 'Mechanic / Repair Services'],
      status: 'pending',
      contact_visibility: 'registered_users_only',
      user_id: null,
      user_created: true,
      featured: false,
      notification_status: 'sent',
    });
    expect(
      await handle.db
        .selectFrom('business_directory')
        .select('id')
        .where('id', '=', body.id)
        .execute(),
    ).toEqual([]);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v3/mail/send');
    expect(request!.headers.authorization).toBe('Bearer SG.test-key');
    expect(request!.headers['content-type']).toMatch(/^application\/json/);
    const text = [
      'A business asked to be listed. It stays pending until an admin approves it.',
      'Business name: Ikeja Auto & Tyre Care',
      'Business type: Mechanic / Repair Services',
      'Contact name: Ada Okafor',
      'Email: ada.okafor@ikeja-auto.ng',
      'Phone: +234 803 555 0101',
      'City: Ikeja',
      'State: Lagos',
      'Service categories: Mechanic / Repair Services',
      'Services: Engine repair, tyre fitting, wheel alignment',
      'Description: Family workshop in Ikeja since 1998.',
      `Review it: ${SITE}/admin/`,
      '',
    ].join('\n');
    expect(request!.body).toEqual({
      from: FROM,
      subject: 'New listing request: Ikeja Auto & Tyre Care',
      personalizations: [{ to: [{ email: ADMIN }] }],
      categories: ['new-business-notification'],
      content: [
        { type: 'text/plain', value: text },
        { type: 'text/html', value: expect.stringMatching(/^<!doctype html>/) },
      ],
    });
    const html = htmlOf(request!);
    for (const fragment of [
      'Business name: Ikeja Auto &amp; Tyre Care',
      'Contact name: Ada Okafor',
      'Email: ada.okafor@ikeja-auto.ng',
      'Phone: +234 803 555 0101',
      'City: Ikeja',
      'Service categories: Mechanic / Repair Services',
      'Description: Family workshop in Ikeja since 1998.',
    ]) {
      expect(html).toContain(fragment);
    }
    expect(html).not.toContain('Ikeja Auto & Tyre Care');

    const outbox = await handle.db.selectFrom('mail_outbox').selectAll().execute();
    expect(outbox).toMatchObject([
      {
        to_addresses: [ADMIN],
        subject: 'New listing request: Ikeja Auto & Tyre Care',
        transport: 'sendgrid',
        status: 'sent',
        error: null,
        template: 'new-business-notification',
        text_body: text,
      },
    ]);
  });

  it("uses 'Multiple Services' for several categories; tags are the tags then the categories", async () => {
    const { status, body } = await post(
      '/api/listings',
      registration({
        serviceCategories: ['Tyre Services', 'Auto Electrical'],
        serviceTags: ['Batteries', 'Tyre Services'],
        contactName: '',
      }),
    );
    expect(status).toBe(201);
    const row = await handle.db
      .selectFrom('business_registrations')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row.business_type).toBe('Multiple Services');
    expect(row.business_categories).toEqual(['Tyre Services', 'Auto Electrical']);
    expect(row.tags).toEqual(['Batteries', 'Tyre Services', 'Auto Electrical']);
    expect(row.display_name).toBeNull();
    expect(textOf(fake.requests[0]!)).toContain('Business type: Multiple Services');
    expect(textOf(fake.requests[0]!)).toContain('Contact name: Not provided');
  });

  it('stores optional fields as null when blank, and allows several requests without an e-mail', async () => {
    const blank = {
      contactName: '',
      email: '',
      phone: '  ',
      address: '',
      city: '',
      state: '',
      website: '',
      serviceTags: undefined,
    };
    const first = await post('/api/listings', registration(blank));
    const second = await post('/api/listings', registration(blank));
    expect([first.status, second.status]).toEqual([201, 201]);
    const rows = await handle.db.selectFrom('business_registrations').selectAll().execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        email: null,
        phone: null,
        address: null,
        city: null,
        state: null,
        website: null,
        display_name: null,
        zip_code: '',
      });
      expect(row.tags).toEqual(['Mechanic / Repair Services']);
    }
    expect(textOf(fake.requests[0]!)).toContain('Email: Not provided');
  });

  it('refuses a duplicate e-mail, case-insensitively, with 409 and the spec message', async () => {
    expect(
      (await post('/api/listings', registration({ email: 'owner@lekki-motors.ng' }))).status,
    ).toBe(201);
    await insertBusiness(handle.db, { email: 'Approved@Lekki-Motors.NG' });
    fake.reset();
    for (const email of [
      'owner@lekki-motors.ng',
      'OWNER@Lekki-Motors.ng',
      ' owner@lekki-motors.ng ',
      'approved@lekki-motors.ng',
    ]) {
      const { status, body } = await post('/api/listings', registration({ email }));
      expect(status, email).toBe(409);
      expect(body.error).toMatchObject({
        code: 'CONFLICT',
        message: 'A business with this email already exists.',
      });
    }
    expect(
      await handle.db.selectFrom('business_registrations').select('id').execute(),
    ).toHaveLength(2);
    expect(fake.requests).toHaveLength(0);
  });

  it('lets exactly one of 5 concurrent submissions with the same e-mail in; the others get 409', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(
          '/api/listings',
          registration({ businessName: 'Racing Motors', email: 'race@example.ng' }),
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) {
      expect(r.body.error).toMatchObject({
        code: 'CONFLICT',
        message: 'A business with this email already exists.',
      });
    }
    const rows = await handle.db
      .selectFrom('business_registrations')
      .select(['id', 'email'])
      .execute();
    expect(rows).toEqual([
      { id: results.find((r) => r.status === 201)!.body.id, email: 'race@example.ng' },
    ]);
    expect(fake.requests).toHaveLength(1);
  });

  it('gives a unique slug to two businesses with the same name', async () => {
    const a = await post('/api/listings', registration({ businessName: 'Same Name Autos' }));
    const b = await post('/api/listings', registration({ businessName: 'Same Name Autos' }));
    expect([a.status, b.status]).toEqual([201, 201]);
    const slugs = (
      await handle.db.selectFrom('business_registrations').select('slug').execute()
    ).map((r) => r.slug);
    expect(new Set(slugs).size).toBe(2);
    expect(slugs).toContain('same-name-autos');
  });

  const invalid: [string, Record<string, unknown>, string, string | RegExp][] = [
    [
      'short business name',
      { businessName: ' A ' },
      'businessName',
      'Business name must be at least 2 characters',
    ],
    ['invalid e-mail', { email: 'not-an-email' }, 'email', 'Invalid email address'],
    [
      'missing visibility',
      { contactVisibility: undefined },
      'contactVisibility',
      'Please select contact visibility preference',
    ],
    [
      'unknown visibility',
      { contactVisibility: 'friends' },
      'contactVisibility',
      'Please select contact visibility preference',
    ],
    [
      'no category',
      { serviceCategories: [] },
      'serviceCategories',
      'Please select at least one service category',
    ],
    [
      'short description',
      { description: 'Too short' },
      'description',
      'Description must be at least 10 characters',
    ],
    ['blank services', { services: ' x ' }, 'services', 'Please describe your specific services'],
    ['non-URL website', { website: 'not a url' }, 'website', /valid URL/],
    ['javascript: website', { website: 'javascript:alert(1)' }, 'website', /valid URL/],
    ['ftp website', { website: 'ftp://files.example.ng' }, 'website', /valid URL/],
  ];
  it.each(invalid)('422 for %s', async (_name, overrides, field, message) => {
    const { status, body } = await post('/api/listings', registration(overrides));
    expect(status).toBe(422);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields[field]).toEqual([
      expect.stringMatching(message instanceof RegExp ? message : `^${escapeRegExp(message)}$`),
    ]);
    expect(body.error.message).toMatch(message);
    expect(await handle.db.selectFrom('business_registrations').select('id').execute()).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it('422 for a category outside the fourteen', async () => {
    const { status, body } = await post(
      '/api/listings',
      registration({ serviceCategories: ['Spaceships'] }),
    );
    expect(status).toBe(422);
    expect(body.error.fields['serviceCategories.0']).toBeDefined();
  });
});

describe('POST /api/service-requests (Find It)', () => {
  it('saves the request and e-mails admin and customer only; matching businesses wait for an admin (issue 12.7)', async () => {
    const tyres = await insertBusiness(handle.db, {
      business_name: 'Tyre Match',
      email: 'tyres@match.ng',
      business_categories: ['Tyre Services'],
      tags: [],
    });
    const byTag = await insertBusiness(handle.db, {
      business_name: 'Tag Match',
      email: 'tag@match.ng',
      business_categories: ['Mechanic / Repair Services'],
      tags: ['Mechanic / Repair Services', 'Auto Electrical'],
    });
    await insertBusiness(handle.db, {
      business_name: 'Pending',
      email: 'pending@nomatch.ng',
      status: 'pending',
      business_categories: ['Tyre Services'],
      tags: ['Tyre Services'],
    });
    await insertBusiness(handle.db, {
      business_name: 'Suspended',
      email: 'suspended@nomatch.ng',
      status: 'suspended',
      business_categories: ['Tyre Services'],
    });
    await insertBusiness(handle.db, {
      business_name: 'No Email',
      email: null,
      business_categories: ['Tyre Services'],
      tags: ['Tyre Services'],
    });
    await insertBusiness(handle.db, {
      business_name: 'Other Trade',
      email: 'rental@nomatch.ng',
      business_categories: ['Car Rental'],
      tags: ['Car Rental', 'tyre services'],
    });

    const input = findIt({ email: ' Tunde@Example.NG ', additionalInfo: '' });
    const { status, body } = await post('/api/service-requests', input);
    expect(status).toBe(201);
    expect(body).toEqual({ id: expect.any(String), emailStatus: 'sent' });

    const row = await handle.db
      .selectFrom('service_requests')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      customer_name: 'Tunde Bakare',
      customer_email: 'tunde@example.ng',
      customer_phone: '+234 802 000 1234',
      customer_location: 'Lekki Phase 1',
      services_requested: ['Tyre Services', 'Auto Electrical'],
      additional_info: null,
      status: 'pending',
      handled_at: null,
      email_status: 'sent',
    });

    const admin = sentTo(ADMIN);
    expect(admin).toHaveLength(1);
    expect(admin[0]!.body).toMatchObject({
      from: FROM,
      subject: 'New Find It request: Tyre Services, Auto Electrical',
      reply_to: { email: 'tunde@example.ng' },
      categories: ['service-request-admin'],
    });
    expect(textOf(admin[0]!)).toContain('Phone: +234 802 000 1234');
    expect(textOf(admin[0]!)).toContain('Additional information: Not provided');
    const customer = sentTo('tunde@example.ng');
    expect(customer).toHaveLength(1);
    expect(customer[0]!.body).toMatchObject({
      subject: 'We received your Find It request',
      categories: ['service-request-customer'],
    });
    expect(textOf(customer[0]!)).toContain('Hello Tunde Bakare,');

    // Unclaimed listings are never sent a request at once (issue 36.2: claimed listings only).
    expect(fake.requests.filter((r) => r.body.categories?.[0] === 'quote-request-alert')).toEqual(
      [],
    );
    expect(fake.requests).toHaveLength(2);
    expect(
      await handle.db.selectFrom('service_request_notifications').selectAll().execute(),
    ).toEqual([]);

    // What the admin's "Forward to matching businesses" offers: approved, with an e-mail, a
    // requested service among the categories or (exactly) the tags.
    const matches = await findMatchingBusinesses(handle.db, body.id);
    expect(matches.total).toBe(2);
    expect(matches.businesses.map((b) => b.id).sort()).toEqual([byTag.id, tyres.id].sort());
    expect(matches.businesses.map((b) => b.email).sort()).toEqual([
      'tag@match.ng',
      'tyres@match.ng',
    ]);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['empty name', { name: '' }, 'name', 'Please fill in all required fields.'],
    ['blank phone', { phone: '   ' }, 'phone', 'Please fill in all required fields.'],
    ['empty location', { location: '' }, 'location', 'Please fill in all required fields.'],
    ['empty e-mail', { email: '' }, 'email', 'Please fill in all required fields.'],
    ['no service', { services: [] }, 'services', 'Please select at least one service you need.'],
  ];
  it.each(invalid)('422 for %s', async (_name, overrides, field, message) => {
    const { status, body } = await post('/api/service-requests', findIt(overrides));
    expect(status).toBe(422);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields[field]).toEqual([message]);
    expect(body.error.message).toBe(message);
    expect(await handle.db.selectFrom('service_requests').select('id').execute()).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it("422 for 'Listing Websites', which Find It does not offer", async () => {
    const { status, body } = await post(
      '/api/service-requests',
      findIt({ services: ['Listing Websites'] }),
    );
    expect(status).toBe(422);
    expect(body.error.fields['services.0']).toBeDefined();
  });
});

describe('POST /api/contacts', () => {
  it('stores the message as pending (phone null when blank) and e-mails the admin with reply-to the visitor', async () => {
    const { status, body } = await post(
      '/api/contacts',
      contact({ email: ' Chioma@Example.NG ', phone: '   ' }),
    );
    expect(status).toBe(201);
    expect(body).toEqual({ id: expect.any(String), emailStatus: 'sent' });
    const row = await handle.db
      .selectFrom('contacts')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Chioma Eze',
      email: 'chioma@example.ng',
      phone: null,
      subject: 'Listing question',
      message: 'How long does approval of a listing take?',
      status: 'pending',
      handled_at: null,
      handled_by: null,
      email_status: 'sent',
    });

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.headers.authorization).toBe('Bearer SG.test-key');
    expect(request!.body).toEqual({
      from: FROM,
      subject: 'Contact form: Listing question',
      personalizations: [{ to: [{ email: ADMIN }] }],
      reply_to: { email: 'chioma@example.ng' },
      categories: ['contact-notification'],
      content: [
        {
          type: 'text/plain',
          value:
            'From: Chioma Eze <chioma@example.ng>\nPhone: Not provided\nSubject: Listing question\n\nHow long does approval of a listing take?\n',
        },
        { type: 'text/html', value: expect.stringContaining('Phone: Not provided') },
      ],
    });
    expect(htmlOf(request!)).toContain('From: Chioma Eze &lt;chioma@example.ng&gt;');
  });

  it('keeps a given phone', async () => {
    const { body } = await post('/api/contacts', contact({ phone: ' 0803 555 0101 ' }));
    const row = await handle.db
      .selectFrom('contacts')
      .select('phone')
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe('0803 555 0101');
    expect(textOf(fake.requests[0]!)).toContain('Phone: 0803 555 0101');
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['short name', { name: 'C' }, 'name', 'Name must be at least 2 characters'],
    ['invalid e-mail', { email: 'chioma@' }, 'email', 'Please enter a valid email address'],
    ['empty e-mail', { email: '' }, 'email', 'Please enter a valid email address'],
    ['short subject', { subject: 'Hi' }, 'subject', 'Subject must be at least 5 characters'],
    ['short message', { message: 'Hello' }, 'message', 'Message must be at least 10 characters'],
  ];
  it.each(invalid)('422 for %s', async (_name, overrides, field, message) => {
    const { status, body } = await post('/api/contacts', contact(overrides));
    expect(status).toBe(422);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields[field]).toEqual([message]);
    expect(await handle.db.selectFrom('contacts').select('id').execute()).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('SendGrid faults: the submission is kept, the failure recorded', () => {
  const faults: [string, (f: FakeSendGrid) => void, RegExp][] = [
    ['HTTP 500', (f) => f.fail(500), /500/],
    ['HTTP 429 with an errors body', (f) => f.fail(429, 'too many requests'), /429/],
    ['HTTP 403', (f) => f.fail(403), /403/],
    // The client gives up after timeoutMs (1.5 s).
    ['a hanging server (timeout)', (f) => f.hang(), /timeout|ECONNABORTED|unreachable/i],
  ];

  describe.each(faults)('%s', (_name, arm, errorPattern) => {
    beforeEach(() => arm(fake));

    it('registration: 201 failed, row stored with notification_status failed, outbox failed', async () => {
      const { status, body } = await post('/api/listings', registration());
      expect(status).toBe(201);
      expect(body.emailStatus).toBe('failed');
      const row = await handle.db
        .selectFrom('business_registrations')
        .select(['status', 'notification_status'])
        .where('id', '=', body.id)
        .executeTakeFirst();
      expect(row).toEqual({ status: 'pending', notification_status: 'failed' });
      const outbox = await handle.db.selectFrom('mail_outbox').selectAll().execute();
      expect(outbox).toHaveLength(1);
      expect(outbox[0]).toMatchObject({
        status: 'failed',
        transport: 'sendgrid',
        to_addresses: [ADMIN],
      });
      expect(outbox[0]!.error).toMatch(errorPattern);
      expect(fake.requests).toHaveLength(1);
    });

    it('find it: 201 failed, request stored with email_status failed, outbox failed', async () => {
      await insertBusiness(handle.db, {
        email: 'tyres@match.ng',
        business_categories: ['Tyre Services'],
      });
      const { status, body } = await post('/api/service-requests', findIt());
      expect(status).toBe(201);
      expect(body.emailStatus).toBe('failed');
      const row = await handle.db
        .selectFrom('service_requests')
        .select(['email_status', 'services_requested'])
        .where('id', '=', body.id)
        .executeTakeFirst();
      expect(row).toEqual({
        email_status: 'failed',
        services_requested: ['Tyre Services', 'Auto Electrical'],
      });
      const outbox = await handle.db.selectFrom('mail_outbox').selectAll().execute();
      // The admin copy and the customer's confirmation; businesses wait for a forward.
      expect(outbox.map((m) => m.status)).toEqual(['failed', 'failed']);
      for (const mail of outbox) expect(mail.error).toMatch(errorPattern);
    });

    it('contact: 201 failed, message stored pending with email_status failed, outbox failed', async () => {
      const { status, body } = await post('/api/contacts', contact());
      expect(status).toBe(201);
      expect(body.emailStatus).toBe('failed');
      const row = await handle.db
        .selectFrom('contacts')
        .select(['status', 'email_status'])
        .where('id', '=', body.id)
        .executeTakeFirst();
      expect(row).toEqual({ status: 'pending', email_status: 'failed' });
      const outbox = await handle.db.selectFrom('mail_outbox').selectAll().execute();
      expect(outbox).toHaveLength(1);
      expect(outbox[0]).toMatchObject({
        status: 'failed',
        subject: 'Contact form: Listing question',
      });
      expect(outbox[0]!.error).toMatch(errorPattern);
    });
  });

  it('recovers after reset: the next submission is sent', async () => {
    fake.fail(500);
    expect((await post('/api/contacts', contact())).body.emailStatus).toBe('failed');
    fake.reset();
    expect((await post('/api/contacts', contact())).body.emailStatus).toBe('sent');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('abuse protection', () => {
  const forms: [
    string,
    () => Record<string, unknown>,
    'business_registrations' | 'service_requests' | 'contacts',
  ][] = [
    ['/api/listings', registration, 'business_registrations'],
    ['/api/service-requests', findIt, 'service_requests'],
    ['/api/contacts', contact, 'contacts'],
  ];

  it.each(forms)(
    '%s: a filled honeypot answers 201 but stores and sends nothing',
    async (path, build, table) => {
      const { status, body } = await post(path, { ...build(), hp: 'http://spam.example' });
      expect(status).toBe(201);
      expect(body).toEqual({ id: expect.any(String), emailStatus: 'sent' });
      expect(await handle.db.selectFrom(table).select('id').execute()).toEqual([]);
      expect(await handle.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
      expect(fake.requests).toHaveLength(0);
    },
  );

  it.each([
    ['/api/listings', registration, 5],
    ['/api/service-requests', findIt, 10],
    ['/api/contacts', contact, 10],
  ] as const)(
    '%s: past %i per hour from one IP answers 429 with retry-after',
    async (path, build, limit) => {
      const ip = nextIp();
      for (let i = 0; i < limit; i++) {
        const { status } = await post(path, build(), ip);
        expect(status).toBe(201);
      }
      const blocked = await post(path, build(), ip);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error.code).toBe('RATE_LIMITED');
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      // Another address is not affected.
      expect((await post(path, build())).status).toBe(201);
    },
  );

  it.each(forms)('%s: a 70 KB body answers 413 and stores nothing', async (path, build, table) => {
    const { status, body } = await post(path, {
      ...build(),
      message: 'x'.repeat(70 * 1024),
      description: 'y'.repeat(70 * 1024),
    });
    expect(status).toBe(413);
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await handle.db.selectFrom(table).select('id').execute()).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  // Postgres text cannot hold U+0000; readJson strips it from every JSON body (it used to be a 500).
  it.each(forms)(
    '%s: a NUL character in a text field does not answer 5xx (U+0000)',
    async (path, build) => {
      const body = {
        ...build(),
        businessName: 'Nul\u0000 Motors',
        name: 'Nul\u0000 Name',
        message: 'Hello\u0000 there, a message.',
      };
      const { status } = await post(path, body);
      expect(status).toBeLessThan(500);
    },
  );

  it.each(forms)('%s: a non-JSON body answers 400', async (path) => {
    const { status, body } = await call(path, {
      method: 'POST',
      body: '{not json',
      headers: { 'content-type': 'application/json' },
      ip: nextIp(),
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe('BAD_REQUEST');
  });

  it.each(forms)('%s: a cross-site POST is refused with 403', async (path, build, table) => {
    const { status } = await call(path, {
      method: 'POST',
      json: build(),
      ip: nextIp(),
      headers: { origin: 'https://evil.example' },
    });
    expect(status).toBe(403);
    expect(await handle.db.selectFrom(table).select('id').execute()).toEqual([]);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
