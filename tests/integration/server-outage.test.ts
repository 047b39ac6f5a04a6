import { afterAll, describe, expect, it } from 'vitest';
import { type NativePostgres, startNativePostgres } from '../setup/native-postgres.ts';
import { freePort, type StartProcess, startProcess } from '../setup/start-process.ts';
import { TEST_DB } from '../setup/test-db.ts';

/**
 * Issue 23.2 and 23.7: `npm start` on a native PostgreSQL that is stopped and started under it.
 * The server stays up; pages it had cached answer 200, other pages the site's 503 page with
 * Retry-After, the API 503 DATABASE_UNAVAILABLE in its envelope, /api/health 503; nothing from
 * the outage is cached; once PostgreSQL is back everything answers again without a restart.
 */
describe.runIf(TEST_DB === 'postgres')('npm start while PostgreSQL stops and starts', () => {
  let server: NativePostgres | undefined;
  let run: StartProcess | undefined;
  afterAll(async () => {
    await run?.kill9();
    await server?.stop();
  });

  it('serves cached pages, answers 503 for the rest, and recovers by itself', async () => {
    server = await startNativePostgres(['outage_site']);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    run = startProcess({
      DATABASE_URL: server.urlOf('outage_site'),
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: 'http://127.0.0.1',
      SITE_BUILD_DIR: '.data/test-site',
      LOG_LEVEL: 'warn',
    });
    await run.waitFor(/Ready: /);

    const listing = (await (await fetch(`${url}/api/directory?limit=2`)).json()) as {
      businesses: { slug: string }[];
    };
    const [cached, uncached] = listing.businesses.map((b) => `/business/${b.slug}/`);
    for (const path of ['/mechanic/', cached!]) {
      expect((await fetch(`${url}${path}`)).status).toBe(200);
      expect((await fetch(`${url}${path}`)).headers.get('x-cache')).toBe('HIT');
    }

    await server.halt('fast');

    for (const path of ['/mechanic/', cached!]) {
      const page = await fetch(`${url}${path}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('x-cache')).toBe('HIT');
    }
    for (const path of [uncached!, '/articles/', '/sitemap.xml']) {
      const page = await fetch(`${url}${path}`);
      expect(page.status, path).toBe(503);
      expect(page.headers.get('retry-after')).toBe('30');
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
      const html = await page.text();
      expect(html).toContain('We can&#39;t reach our directory right now');
      expect(html).toContain('<header');
    }
    const api = await fetch(`${url}/api/directory?limit=1`);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('30');
    const envelope = (await api.json()) as { error: { code: string; message: string } };
    expect(envelope.error.code).toBe('DATABASE_UNAVAILABLE');
    expect(envelope.error.message).toBe(
      "We can't reach our directory right now. Please try again in a minute.",
    );
    const write = await fetch(`${url}/api/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1' },
      body: JSON.stringify({
        name: 'Ada',
        email: 'ada@example.com',
        subject: 'Hello',
        message: 'Is the site down?',
      }),
    });
    expect(write.status).toBe(503);
    // The contact form posted without JavaScript (issue 22.1): shown again with what was typed and
    // the words that it was not sent.
    const form = await fetch(`${url}/contact/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: url,
      },
      body: new URLSearchParams({
        name: 'Ada Okafor',
        email: 'ada@example.com',
        subject: 'Hello there',
        message: 'Is the site down right now?',
        idempotencyKey: '0123456789abcdef0123456789abcdef',
      }),
      redirect: 'manual',
    });
    expect(form.status).toBe(503);
    expect(form.headers.get('retry-after')).toBe('30');
    const formHtml = await form.text();
    expect(formHtml).toContain('value="Ada Okafor"');
    expect(formHtml).toContain('Is the site down right now?');
    expect(formHtml).toContain('so this was not sent');
    // Better Auth's own queries: the same answer.
    const signIn = await fetch(`${url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1' },
      body: JSON.stringify({ email: 'someone@example.com', password: 'a-password' }),
    });
    expect(signIn.status).toBe(503);
    expect(((await signIn.json()) as { error: { code: string } }).error.code).toBe(
      'DATABASE_UNAVAILABLE',
    );
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { database: { state: string } }).database.state).toBe('down');
    expect(run.child.exitCode).toBeNull();

    const resumed = performance.now();
    await server.resume();
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i += 1) {
      status = (await fetch(`${url}${uncached}`)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    console.log(
      `recovered ${Math.round(performance.now() - resumed)} ms after PostgreSQL was started again`,
    );
    expect((await fetch(`${url}${uncached}`)).headers.get('x-cache')).toBe('HIT');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect((await fetch(`${url}/api/directory?limit=1`)).status).toBe(200);
    expect(run.child.exitCode).toBeNull();
    expect(run.output()).not.toContain('Unhandled');
  }, 600_000);
});
