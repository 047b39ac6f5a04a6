import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  holdResponses,
  openPhonePage,
  PUBLIC_CONTROLS,
  waitForFcp,
  type ControlPage,
  type PhonePage,
} from '../../scripts/bench/phone-profile';
import { waitForPageScripts } from './helpers';

/**
 * Issue 22.2: no tap is lost (ADR 032). Each public control that opens something is tapped on
 * the phone profile (CPU ×4, 150 ms RTT, 1.6 Mbps, 360×740 touch screen) as soon as the page has
 * painted, while the code it needs is held back on its way (the island's component module, or
 * the page script): the tap is certain to come first. Released, the code arrives and the tap is
 * performed, once. A control that is a link (Report this listing, the auth tabs: ADR 028) passes
 * the same test by working natively: it leads to the page that does the same without script. The second part checks the tap keeper's rules
 * on islands made for the test: what works without script (links, forms that post) does so at
 * once and is never performed twice; what needs script waits for it.
 */

/** Yaba, Lagos: the near-me position. */
const YABA = { latitude: 6.5095, longitude: 3.3711 };

/** The island around `inner`; its `ssr` attribute goes when it has hydrated. */
const islandOf = (page: Page, inner: Locator) =>
  page.locator('astro-island', { has: inner }).first();

/** A business with coordinates: the first marker of the mechanics page's map. */
async function businessPath(page: Page): Promise<string> {
  const html = await (await page.request.get('/mechanic/')).text();
  const points = /data-points="([^"]*)"/.exec(html)![1]!.replaceAll('&quot;', '"');
  const [{ slug }] = JSON.parse(points) as [{ slug: string }];
  return `/business/${slug}/`;
}

const PATHS: Record<ControlPage, (page: Page) => Promise<string> | string> = {
  home: () => '/',
  category: () => '/mechanic/',
  business: businessPath,
  auth: () => '/auth/',
};

/** What each control opened, said as a visitor would see it (beyond `done`). */
const OPENED: Record<string, (page: Page) => Promise<void>> = {
  menu: async (page) => {
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  },
  'home search': async (page) => {
    await expect(page.getByRole('heading', { name: /^Search Results \(\d+/ })).toBeVisible();
    // Searched in the page, not by a reload with the words in the URL.
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByRole('searchbox', { name: 'Search businesses' })).toHaveValue('brake');
  },
  'View Details (featured)': async (page) => {
    await expect(page.getByRole('dialog')).toBeVisible();
  },
  'View Details (category)': async (page) => {
    await expect(page.getByRole('dialog')).toBeVisible();
  },
  Map: async (page) => {
    await expect(page.getByRole('region', { name: /^Map of mechanics/ })).toBeVisible();
    // Opened once: a tap performed twice would have closed it again.
    await page.waitForTimeout(300);
    await expect(page.getByRole('button', { name: 'Map', exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
  'Near me': async (page) => {
    await expect(page.getByRole('heading', { name: 'Nearest to you' })).toBeVisible();
  },
  'Report this listing': async (page) => {
    // Tapped before its island's code: the link led to the report page, which works without it.
    await expect(page).toHaveURL(/\/business\/[^/]+\/report\/$/);
    await expect(
      page.getByRole('group', { name: 'What is wrong with this listing?' }),
    ).toBeVisible();
  },
  'Create Account tab': async (page) => {
    // Tapped before its island's code: the tab is a link to the page with that tab open.
    await expect(page).toHaveURL(/\/auth\/\?tab=signup$/);
    await expect(page.getByLabel('Confirm password')).toBeVisible();
  },
};

test.describe('the first tap on the phone profile (issue 22.2)', () => {
  for (const c of PUBLIC_CONTROLS) {
    test(`${c.name}: the first tap works, before its code`, async ({ browser, baseURL }) => {
      const phone: PhonePage = await openPhonePage(browser, {
        baseURL,
        geolocation: YABA,
        serviceWorkers: 'block',
      });
      try {
        const { page } = phone;
        const path = await PATHS[c.page](page);
        const held = await holdResponses(page, c.needs);
        await page.goto(path, { waitUntil: 'commit' });
        await waitForFcp(page);
        const control = c.control(page);
        if (c.tap) await c.tap(page, control);
        else await control.tap();
        if (c.island) {
          // Tapped before its island could hydrate: the tap was kept, not handled.
          await expect(islandOf(page, control)).toHaveAttribute('ssr', '');
        }
        held.release();
        await page.waitForFunction(c.done);
        await OPENED[c.name]!(page);
      } finally {
        await phone.close();
      }
    });
  }

  test('Near me asks for the nearby listings once for one tap made twice', async ({
    browser,
    baseURL,
  }) => {
    const phone = await openPhonePage(browser, {
      baseURL,
      geolocation: YABA,
      serviceWorkers: 'block',
    });
    try {
      const { page } = phone;
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/directory/near')) asked.push(r.url());
      });
      const held = await holdResponses(
        page,
        PUBLIC_CONTROLS.find((c) => c.name === 'Near me')!.needs,
      );
      await page.goto('/mechanic/', { waitUntil: 'commit' });
      await waitForFcp(page);
      const button = page.getByRole('button', { name: 'Sort by distance from me' });
      await button.tap();
      await button.tap();
      held.release();
      await expect(page.getByRole('heading', { name: 'Nearest to you' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(asked).toHaveLength(1);
    } finally {
      await phone.close();
    }
  });
});

/**
 * An island that has not hydrated, made for the test on a real page (its head script and page
 * scripts are the site's own): `astro-island[ssr]` around `html`, first in `<main>`.
 */
async function addIsland(page: Page, html: string): Promise<Locator> {
  await page.goto('/articles/');
  await waitForPageScripts(page);
  await page.evaluate((markup) => {
    const island = document.createElement('astro-island');
    island.setAttribute('ssr', '');
    island.id = 'test-island';
    island.innerHTML = markup;
    document.querySelector('main')!.prepend(island);
  }, html);
  return page.locator('#test-island');
}

/** What Astro does when an island has hydrated: drop `ssr`, dispatch `astro:hydrate`. */
async function hydrate(page: Page): Promise<void> {
  // page.evaluate, not the locator's: it must run while a navigation is on its way.
  await page.evaluate(() => {
    const island = document.getElementById('test-island')!;
    island.removeAttribute('ssr');
    island.dispatchEvent(new CustomEvent('astro:hydrate'));
  });
}

test.describe('the tap keeper (ADR 032)', () => {
  // The service worker (ADR 030) would fetch what a test holds back, out of reach of its routes.
  test.use({ hasTouch: true, serviceWorkers: 'block' });

  test('words typed before the home search hydrated are searched by Search pressed before the tap replay ran (issue 34.5)', async ({
    page,
  }) => {
    const island = await holdResponses(page, /\/_astro\/HomeSearch\.[\w-]+\.js$/);
    // The kept `input` events stay kept: the words are on the screen, not in the island's state.
    const replay = await holdResponses(page, /\/_astro\/tap-replay\.[\w-]+\.js$/);
    await page.goto('/', { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search businesses' });
    await box.fill('brake');
    island.release();
    await expect(islandOf(page, box)).not.toHaveAttribute('ssr');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { name: /^Search Results \(\d+/ })).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
    replay.release();
  });

  test('a link in an island that has not hydrated navigates on the first tap', async ({ page }) => {
    const island = await addIsland(page, '<p><a href="/contact/">Contact us</a></p>');
    await island.getByRole('link', { name: 'Contact us' }).tap();
    await expect(page).toHaveURL(/\/contact\/$/);
  });

  test('a form that posts, in an island that has not hydrated, posts natively and once', async ({
    page,
  }) => {
    let posts = 0;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/first-tap-post', async (route) => {
      posts += 1;
      await answered;
      await route.fulfill({ contentType: 'text/html', body: '<h1>Posted</h1>' });
    });
    const island = await addIsland(
      page,
      '<form method="post" action="/first-tap-post"><input name="x" value="1">' +
        '<button>Send</button></form>',
    );
    // The island hydrates while the post is on its way (scheduled from the page itself: a
    // navigation on its way holds back Playwright's own evaluations).
    await page.evaluate(() => {
      document.addEventListener('submit', () =>
        setTimeout(() => {
          const island = document.getElementById('test-island')!;
          island.removeAttribute('ssr');
          island.dispatchEvent(new CustomEvent('astro:hydrate'));
        }, 50),
      );
    });
    await island.getByRole('button', { name: 'Send' }).tap({ noWaitAfter: true });
    await expect.poll(() => posts).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    answer();
    await expect(page.getByRole('heading', { name: 'Posted' })).toBeVisible();
    expect(posts).toBe(1);
  });

  test('a script-only form waits for its island, keeps what was typed, and submits once', async ({
    page,
  }) => {
    const island = await addIsland(
      page,
      '<form role="search"><input type="search" name="q" aria-label="Words">' +
        '<button>Go</button></form>',
    );
    const url = page.url();
    await island.getByRole('searchbox', { name: 'Words' }).fill('tyres');
    await island.getByRole('button', { name: 'Go' }).tap();
    await island.getByRole('button', { name: 'Go' }).tap();
    await page.waitForTimeout(300);
    expect(page.url()).toBe(url); // not submitted natively with the words in the URL
    // The island's code: it listens from its hydration on.
    await island.evaluate((el) => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const form = el.querySelector('form')!;
      form.addEventListener('input', (e) =>
        seen.push(`input:${(e.target as HTMLInputElement).value}`),
      );
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        seen.push(`submit:${new FormData(form).get('q') as string}`);
      });
    });
    await hydrate(page);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen))
      .toEqual(['input:tyres', 'submit:tyres']);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toHaveLength(
      2,
    );
    expect(page.url()).toBe(url);
  });

  test("a hydrated island's button acts at once while the page scripts are on their way", async ({
    page,
  }) => {
    const held = await holdResponses(page, /\/_astro\/Header\.astro_astro_type_script[\w.-]*\.js$/);
    await page.goto('/articles/', { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => {
      const island = document.createElement('astro-island');
      island.innerHTML = '<button type="button">Open</button>';
      document.querySelector('main')!.prepend(island);
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      island.querySelector('button')!.addEventListener('click', () => seen.push('click'));
    });
    await page.getByRole('button', { name: 'Open' }).tap();
    const seen = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(await seen()).toEqual(['click']);
    held.release();
    await waitForPageScripts(page);
    await page.waitForTimeout(300);
    expect(await seen()).toEqual(['click']);
  });

  test('a button in an island is pressed once it hydrates, once for two taps', async ({ page }) => {
    const island = await addIsland(
      page,
      '<button type="button"><svg width="20" height="20"><rect width="20" height="20"></rect></svg> Open</button>',
    );
    await island.getByRole('button', { name: 'Open' }).tap();
    await island.getByRole('button', { name: 'Open' }).tap();
    await island.evaluate((el) => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const button = el.querySelector('button')!;
      for (const type of ['pointerdown', 'mousedown', 'click'])
        button.addEventListener(type, () => seen.push(type));
    });
    await hydrate(page);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen))
      .toEqual(['pointerdown', 'mousedown', 'click']);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toHaveLength(
      3,
    );
  });
});
