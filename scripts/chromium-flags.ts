/**
 * The command-line flags every Chromium the project drives starts with: the end-to-end tests
 * (playwright.config.ts), `npm run bench` and the phone of `npm run bench:first-use` (DESIGN.md
 * "Browser and measurement"). Debian's Chromium, headless, with nothing a test or a measure did
 * not ask for running beside the page (issue 34.5, ADR 096):
 * - no background networking, component updates, sync or QUIC (there is no internet here: a
 *   request out only waits);
 * - no omnibox popup: desktop Chromium 156 loads its address bar's popup as two web pages of
 *   its own (`chrome://omnibox-popup.top-chrome/`) in every new browser context, in a renderer
 *   of its own ("WebUI Top Renderer"), before and during the first page load: in a trace of one
 *   first visit on the phone profile, 1.25 s of its tasks in the first 1.1 s, beside the page's.
 *   A phone's browser has no such page, and no test opens the address bar. (Its weight on a
 *   first use, measured: less than one run's spread. On the end-to-end suite, which opens a
 *   context per test: 10.7 min instead of about 13.)
 *
 * Chromium keeps the last `--disable-features` of its command line and drops the others, and
 * Playwright passes its own before ours: {@link DISABLED_FEATURES} therefore repeats Playwright's
 * list (tests/e2e/chromium-flags.spec.ts fails when Playwright's list has a name ours lacks).
 */

/** Playwright 1.65's own `--disable-features` (playwright-core's chromiumSwitches.ts). */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** The omnibox popup's web pages (desktop Chromium's address bar; see above). */
export const OMNIBOX_POPUP_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

/** Every feature the project's Chromium starts without: Playwright's and ours, in one switch. */
export const DISABLED_FEATURES = [...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES];

/** The flags, after Playwright's own (its `args`; chrome-launcher's `chromeFlags`). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];
