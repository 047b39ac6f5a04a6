import { chromium, expect, test, type Browser } from '@playwright/test';
import { OMNIBOX_POPUP_FEATURES } from '../../scripts/chromium-flags';

/**
 * The project's Chromium flags (scripts/chromium-flags.ts, issue 34.5, ADR 096) as the browser
 * took them. Chromium keeps only the last `--disable-features` of its command line, so ours must
 * carry Playwright's own list as well as the omnibox popup's features; and with them, a new
 * context's page is the only page the browser loads (no `chrome://omnibox-popup` renderer
 * competing with it for the CPU).
 */

/** The features the browser runs without: the last `--disable-features` (chrome://version). */
async function disabledFeatures(browser: Browser): Promise<string[]> {
  const page = await browser.newPage();
  try {
    await page.goto('chrome://version');
    const commandLine = (await page.locator('#command_line').textContent()) ?? '';
    const switches = commandLine.split(/\s+/).filter((s) => s.startsWith('--disable-features='));
    return switches.at(-1)?.slice('--disable-features='.length).split(',') ?? [];
  } finally {
    await page.close();
  }
}

test("the tests' browser runs without the omnibox popup, and still without the features Playwright turns off", async ({
  browser,
  browserName,
}, testInfo) => {
  test.skip(browserName !== 'chromium', 'Chromium flags');
  const ours = await disabledFeatures(browser);
  expect(ours).toEqual(expect.arrayContaining(OMNIBOX_POPUP_FEATURES));

  // Playwright's defaults, read from a browser launched with nothing of ours.
  const { executablePath } = testInfo.project.use.launchOptions ?? {};
  const bare = await chromium.launch(executablePath ? { executablePath } : {});
  try {
    const playwrights = await disabledFeatures(bare);
    expect(playwrights.length).toBeGreaterThan(0);
    expect(ours).toEqual(expect.arrayContaining(playwrights));
  } finally {
    await bare.close();
  }
});

test('a new context loads its page and no page of the browser’s own', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('/contact/');
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets');
    await cdp.detach();
    expect(targetInfos.filter((t) => t.url.startsWith('chrome://')).map((t) => t.url)).toEqual([]);
  } finally {
    await context.close();
  }
});
