import { type Kysely, sql } from 'kysely';
import type { Database } from '../../functions/db/database.ts';

/**
 * Find It at size (issue 36.9, bench:scale): a share of the listings is claimed (by the bench's
 * admin: matching reads claimed listings only), then Find It requests are sent over HTTP, each
 * answered once it is saved, matched to up to five claimed listings and every e-mail sent (the
 * local outbox), and the figures printed: the time from POST to that answer, and how many
 * businesses each reached. Reports; asserts nothing.
 */

/** Share of the approved listings the bench claims (a realistic ceiling for owners who claim). */
const CLAIMED_SHARE = 0.05;
/** Requests sent: under the 10 an hour one address may send. */
const REQUESTS = 8;

type Row = [label: string, value: string];

/**
 * Claims every 20th approved listing for `ownerId` (idempotent: a database claimed before keeps
 * its owners). @returns how many listings are claimed.
 */
export async function claimForQuotes(db: Kysely<Database>, ownerId: string): Promise<number> {
  await sql`
    update business_registrations set owner_user_id = ${ownerId}
    where status = 'approved' and owner_user_id is null
      and abs(hashtext(id::text)) % ${Math.round(1 / CLAIMED_SHARE)} = 0`.execute(db);
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from business_registrations
    where status = 'approved' and owner_user_id is not null`.execute(db);
  return rows[0]!.n;
}

const JOBS = [
  {
    services: ['Mechanic / Repair Services'],
    job: 'Front brake pads worn, car shakes',
    area: 'ikeja',
  },
  { services: ['Body Work & Paint'], job: 'Rear bumper dented, needs spraying', area: 'surulere' },
  { services: ['Tyre Services'], job: 'Two new tyres and balancing', area: 'lekki' },
  { services: ['Auto Electrical'], job: 'Car not starting, battery or alternator', area: 'yaba' },
  { services: ['Air Conditioning Repair'], job: 'AC not cold', area: 'ikorodu' },
  { services: ['Mechanic / Repair Services'], job: 'Gear not entering', area: 'badagry' },
  { services: ['Breakdown Recovery / Towing'], job: 'Tow from Ojota to Yaba', area: 'ojota' },
  { services: ['Auto Parts & Accessories'], job: 'Side mirror for a Corolla', area: 'agege' },
];

/** Sends {@link REQUESTS} Find It requests and adds their figures to `rows`. */
export async function measureFindIt(
  rows: Row[],
  options: { base: string; cookie: string; claimed: number },
): Promise<void> {
  const { base, cookie, claimed } = options;
  rows.push(['Find It: claimed listings (matching reads these)', claimed.toLocaleString('en-US')]);
  const times: number[] = [];
  const reached: number[] = [];
  const run = Date.now().toString(36);
  for (let i = 0; i < REQUESTS; i += 1) {
    const job = JOBS[i % JOBS.length]!;
    const email = `bench-find-it-${run}-${i}@example.com`;
    const started = performance.now();
    const response = await fetch(`${base}/api/service-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        name: 'Bench Motorist',
        email,
        phone: '0803 000 0000',
        location: 'Lagos',
        services: job.services,
        job: job.job,
        area: job.area,
        carMake: 'Toyota',
      }),
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 201) {
      rows.push(['Find It', `HTTP ${response.status} (not measured further)`]);
      return;
    }
    const listed = await fetch(
      `${base}/api/admin/service-requests?q=${encodeURIComponent(email)}`,
      { headers: { cookie } },
    );
    const body = (await listed.json()) as { serviceRequests: { forwarded_count: number }[] };
    reached.push(body.serviceRequests[0]?.forwarded_count ?? 0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  rows.push([
    `Find It: request saved, matched and mailed, p50 · max (${REQUESTS} requests)`,
    `${Math.round(at(0.5))} · ${Math.round(times.at(-1)!)} ms`,
  ]);
  rows.push([
    'Find It: businesses reached per request (min · max)',
    `${Math.min(...reached)} · ${Math.max(...reached)}`,
  ]);
}
