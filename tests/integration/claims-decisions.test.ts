import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { outboxTransport } from '../../functions/_lib/mail.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * The admin's decisions reach the owner (ADR 018, update): a manual claim approved or rejected and
 * a pending change approved or rejected each e-mail the claimant / owner through the mailer and
 * the local outbox (its files are the delivered e-mails, `mail_outbox` the log). And the Claims
 * tab's count: manual claims waiting plus pending changes, filtered by the tab search.
 */

let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];
let outbox: string;
const users: Record<string, string> = {};
const ADMIN = { as: 'admin' } as const;

interface Delivered {
  to: string;
  subject: string;
  template: string;
  body: string;
}

/** Every e-mail the local outbox delivered, oldest first. */
async function delivered(): Promise<Delivered[]> {
  const files = (await readdir(outbox)).filter((f) => f.endsWith('.txt')).sort();
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(path.join(outbox, file), 'utf8');
      const [head, ...body] = text.split('\n\n');
      const header = (name: string) => head!.match(new RegExp(`^${name}: (.*)$`, 'm'))?.[1] ?? '';
      return {
        to: header('To'),
        subject: header('Subject'),
        template: header('Template'),
        body: body.join('\n\n'),
      };
    }),
  );
}

/** The delivered e-mails of `template` to `to`. */
async function mailOf(template: string, to: string) {
  return (await delivered()).filter((m) => m.template === template && m.to === to);
}

const counts = async (q = '') =>
  (await call(`/api/admin/counts${q ? `?q=${encodeURIComponent(q)}` : ''}`, ADMIN)).body.counts;

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  outbox = await mkdtemp(path.join(tmpdir(), 'claims-decisions-'));
  handle = await createTestDatabase();
  call = testApi(handle.db, { mailTransport: outboxTransport(outbox) }).call;
  await ensureAdmin(handle.db, { email: 'decide-admin@example.com', password: 'decide-pass-1' });
  const signIn = await call('/api/auth/sign-in', {
    method: 'POST',
    ...ADMIN,
    json: { email: 'decide-admin@example.com', password: 'decide-pass-1' },
  });
  expect(signIn.status).toBe(200);
  for (const name of ['efe', 'funmi', 'gbenga']) {
    const signUp = await call('/api/auth/sign-up', {
      method: 'POST',
      as: name,
      json: {
        displayName: `${name[0]!.toUpperCase()}${name.slice(1)}`,
        email: `${name}@example.com`,
        password: `${name}-pass-12`,
      },
    });
    expect(signUp.status).toBe(201);
    users[name] = signUp.body.user.id;
  }
});
afterAll(async () => {
  await handle?.close();
  if (outbox) await rm(outbox, { recursive: true, force: true });
});

describe('claim decisions are e-mailed to the claimant', () => {
  it('approved: the claimant hears the listing is theirs, with the dashboard link', async () => {
    const listing = await insertBusiness(handle.db, {
      email: null,
      business_name: 'Decision Approved Motors',
    });
    const requested = await call('/api/claims', {
      method: 'POST',
      as: 'efe',
      json: { listing: listing.id, role: 'Owner', phone: '0803 555 0301' },
    });
    expect(requested.status).toBe(201);
    expect(await mailOf('claim-approved', 'efe@example.com')).toEqual([]);
    const approved = await call(`/api/admin/claims/${requested.body.claim.id}/approve`, {
      method: 'POST',
      ...ADMIN,
    });
    expect(approved.status).toBe(200);
    const [mail, ...more] = await mailOf('claim-approved', 'efe@example.com');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your claim of Decision Approved Motors is approved');
    expect(mail!.body).toContain('Hello Efe,');
    expect(mail!.body).toContain('Decision Approved Motors is now yours to manage');
    expect(mail!.body).toMatch(/Your business dashboard: http\S+\/account\/business\//);
    const log = await handle.db
      .selectFrom('mail_outbox')
      .select(['to_addresses', 'status', 'transport'])
      .where('template', '=', 'claim-approved')
      .execute();
    expect(log).toEqual([
      { to_addresses: ['efe@example.com'], status: 'sent', transport: 'outbox' },
    ]);
  });

  it('rejected: the claimant hears it was not approved; a refused decision sends nothing', async () => {
    const listing = await insertBusiness(handle.db, {
      email: null,
      business_name: 'Decision Rejected Motors',
    });
    const requested = await call('/api/claims', {
      method: 'POST',
      as: 'funmi',
      json: { listing: listing.id, role: 'Manager', phone: '0803 555 0302' },
    });
    const rejected = await call(`/api/admin/claims/${requested.body.claim.id}/reject`, {
      method: 'POST',
      ...ADMIN,
      json: {},
    });
    expect(rejected.status).toBe(200);
    const [mail] = await mailOf('claim-rejected', 'funmi@example.com');
    expect(mail!.subject).toBe('Your claim of Decision Rejected Motors was not approved');
    expect(mail!.body).toContain('did not approve your claim');
    // Deciding again is refused (409) and e-mails no one.
    const before = (await delivered()).length;
    const again = await call(`/api/admin/claims/${requested.body.claim.id}/approve`, {
      method: 'POST',
      ...ADMIN,
    });
    expect(again.status).toBe(409);
    expect((await delivered()).length).toBe(before);
  });

  it('approving one claim closes the others of the listing, and their claimants are told', async () => {
    const listing = await insertBusiness(handle.db, {
      email: null,
      business_name: 'Decision Contested Motors',
    });
    const claims: Record<string, string> = {};
    for (const name of ['funmi', 'gbenga']) {
      const requested = await call('/api/claims', {
        method: 'POST',
        as: name,
        json: { listing: listing.id, role: 'Owner', phone: '0803 555 0303' },
      });
      expect(requested.status).toBe(201);
      claims[name] = requested.body.claim.id;
    }
    const approved = await call(`/api/admin/claims/${claims.funmi}/approve`, {
      method: 'POST',
      ...ADMIN,
    });
    expect(approved.status).toBe(200);
    const closedClaim = await handle.db
      .selectFrom('business_claims')
      .select('status')
      .where('id', '=', claims.gbenga!)
      .executeTakeFirstOrThrow();
    expect(closedClaim.status).toBe('rejected');
    const [mail, ...more] = await mailOf('claim-closed', 'gbenga@example.com');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your claim of Decision Contested Motors is closed');
    expect(mail!.body).toContain('Hello Gbenga,');
    expect(mail!.body).toContain('Another claim of Decision Contested Motors was confirmed');
    // The winner hears of the approval only.
    expect(await mailOf('claim-closed', 'funmi@example.com')).toEqual([]);
    expect((await mailOf('claim-approved', 'funmi@example.com')).map((m) => m.subject)).toContain(
      'Your claim of Decision Contested Motors is approved',
    );
  });
});

describe('change decisions are e-mailed to the owner', () => {
  let listingId: string;

  beforeAll(async () => {
    const listing = await insertBusiness(handle.db, {
      business_name: 'Decision Owned Motors',
      slug: 'decision-owned-motors',
      description: 'Before',
    });
    listingId = listing.id;
    await handle.db
      .updateTable('business_registrations')
      .set({ owner_user_id: users.gbenga! })
      .where('id', '=', listingId)
      .execute();
  });

  const change = (description: string) =>
    call(`/api/account/listings/${listingId}/changes`, {
      method: 'POST',
      as: 'gbenga',
      json: {
        description,
        services: null,
        phone: null,
        whatsapp: null,
        website: null,
        address: null,
        area: null,
        opening_hours: null,
        contact_visibility: 'public',
      },
    });

  it('approved: live on the listing, with its link', async () => {
    const sent = await change('Tyres, batteries and wheel alignment.');
    expect(sent.status).toBe(201);
    const approved = await call(`/api/admin/listing-changes/${sent.body.change.id}/approve`, {
      method: 'POST',
      ...ADMIN,
      json: {},
    });
    expect(approved.status).toBe(200);
    const [mail, ...more] = await mailOf('listing-change-approved', 'gbenga@example.com');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your changes to Decision Owned Motors are live');
    expect(mail!.body).toMatch(
      /now live on your listing: http\S+\/business\/decision-owned-motors\//,
    );
  });

  it('rejected: the owner gets the reason', async () => {
    const sent = await change('Cheapest in Lagos!!!');
    const rejected = await call(`/api/admin/listing-changes/${sent.body.change.id}/reject`, {
      method: 'POST',
      ...ADMIN,
      json: { reason: 'Please describe your services rather than prices.' },
    });
    expect(rejected.status).toBe(200);
    const [mail] = await mailOf('listing-change-rejected', 'gbenga@example.com');
    expect(mail!.subject).toBe('Your changes to Decision Owned Motors were not approved');
    expect(mail!.body).toContain('your listing stays as it was');
    expect(mail!.body).toContain('Reason: Please describe your services rather than prices.');
  });
});

describe('the Claims tab count', () => {
  it('counts manual claims waiting and pending changes, with the search', async () => {
    const start = await counts();
    const waiting = await insertBusiness(handle.db, {
      email: null,
      business_name: 'Countclaim Waiting Motors',
    });
    // An e-mail claim is decided by its code, not by the admin: not counted.
    const byCode = await insertBusiness(handle.db, {
      email: 'desk@countclaim.ng',
      business_name: 'Countclaim Code Motors',
    });
    const manual = await call('/api/claims', {
      method: 'POST',
      as: 'efe',
      json: { listing: waiting.id, role: 'Owner', phone: '0803 555 0303' },
    });
    expect(manual.status).toBe(201);
    expect(
      (await call('/api/claims', { method: 'POST', as: 'efe', json: { listing: byCode.id } }))
        .status,
    ).toBe(201);
    const owned = await insertBusiness(handle.db, { business_name: 'Countclaim Owned Motors' });
    await handle.db
      .updateTable('business_registrations')
      .set({ owner_user_id: users.funmi! })
      .where('id', '=', owned.id)
      .execute();
    const pending = await call(`/api/account/listings/${owned.id}/changes`, {
      method: 'POST',
      as: 'funmi',
      json: {
        description: 'Now open on Sundays.',
        services: null,
        phone: null,
        whatsapp: null,
        website: null,
        address: null,
        area: null,
        opening_hours: null,
        contact_visibility: 'public',
      },
    });
    expect(pending.status).toBe(201);

    expect((await counts()).claims).toBe(start.claims + 2);
    expect((await counts('countclaim')).claims).toBe(2);
    expect((await counts('countclaim owned')).claims).toBe(1);
    expect((await counts('nothing-like-this')).claims).toBe(0);
    // The count is the total of the tab's two lists with the same search.
    const [claims, changes] = await Promise.all([
      call('/api/admin/claims?q=countclaim', ADMIN),
      call('/api/admin/listing-changes?q=countclaim', ADMIN),
    ]);
    expect(claims.body.total + changes.body.total).toBe(2);

    await call(`/api/admin/claims/${manual.body.claim.id}/reject`, {
      method: 'POST',
      ...ADMIN,
      json: {},
    });
    await call(`/api/admin/listing-changes/${pending.body.change.id}/approve`, {
      method: 'POST',
      ...ADMIN,
      json: {},
    });
    expect((await counts('countclaim')).claims).toBe(0);
    expect((await counts()).claims).toBe(start.claims);
  });
});
