import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from './scripts/chromium-flags.ts';

/**
 * End-to-end tests in Debian's Chromium (DESIGN.md "Browser and measurement") against the real
 * local server (`npm start`) on a fresh embedded database of its own under .data/e2e/.
 */
const PORT = Number(process.env.E2E_PORT || 4329);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The admin that `npm start` creates on the fresh e2e database. */
export const E2E_ADMIN = { email: 'admin@e2e.example.com', password: 'e2e-admin-password' };
/** The local outbox the e2e server writes mail to (password reset links). */
export const E2E_MAIL_DIR = '.data/e2e/mail';
/** The local SMS outbox of the e2e server (sign-in codes, issue 37). */
export const E2E_SMS_DIR = '.data/e2e/sms';
/** Port of the fake places server (tests/fakes/places-server.ts). */
export const PLACES_FAKE_PORT = Number(process.env.PLACES_FAKE_PORT || 4390);
/** Port of the fake map tile server (tests/fakes/tile-server.ts), the e2e servers' MAP_TILE_URL. */
export const TILE_FAKE_PORT = Number(process.env.TILE_FAKE_PORT || PLACES_FAKE_PORT + 1);
export const TILE_FAKE_URL = `http://127.0.0.1:${TILE_FAKE_PORT}`;
/**
 * The second server of the `scale` project (tests/e2e/admin-scale.spec.ts): its own port and data
 * dir, a fresh database with SCALE_LISTINGS synthetic listings (SEED_SYNTHETIC), so a category
 * has several pages while the other specs keep their small fixed data.
 */
const SCALE_PORT = Number(process.env.E2E_SCALE_PORT || PORT + 100);
/**
 * How long each server may take to build and start, in ms: E2E_SERVER_TIMEOUT_MS on a busy
 * machine (a shared one building several checkouts at once), else 180 s (the scale server 240 s).
 */
const SERVER_TIMEOUT = Number(process.env.E2E_SERVER_TIMEOUT_MS || 0);
export const SCALE_BASE_URL = `http://127.0.0.1:${SCALE_PORT}`;
export const SCALE_LISTINGS = 400;

/** The servers' auth secret: the e2e specs sign unsubscribe links with it (ADR 045). */
export const E2E_AUTH_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-secret';

/** What both local servers share: the e2e admin, fakes, no outside services. */
const serverEnv = (port: number, base: string, dataDir: string) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  PGLITE_DATA_DIR: `${dataDir}/pglite`,
  SITE_BUILD_DIR: `${dataDir}/site`,
  SITE_URL: base,
  DATABASE_URL: '',
  NETLIFY_DATABASE_URL: '',
  LOG_LEVEL: 'silent',
  LOCAL_ADMIN_EMAIL: E2E_ADMIN.email,
  LOCAL_ADMIN_PASSWORD: E2E_ADMIN.password,
  MAIL_OUTBOX_DIR: `${dataDir}/mail`,
  SMS_OUTBOX_DIR: `${dataDir}/sms`,
  TERMII_API_KEY: '',
  BLOBS_DIR: `${dataDir}/blobs`,
  BETTER_AUTH_SECRET: E2E_AUTH_SECRET,
  OVERPASS_BASE_URL: `http://127.0.0.1:${PLACES_FAKE_PORT}`,
  GOOGLE_PLACES_API_KEY: '',
  MAP_TILE_URL: `${TILE_FAKE_URL}/{z}/{x}/{y}.png`,
  // The browser connects from 127.0.0.1, a trusted proxy here: a spec that needs its own per-address
  // limits (sign-ups are 10 an hour per address) names its visitor's address in X-Forwarded-For
  // (`visitorAddress` in tests/e2e/helpers.ts). Without the header, the address is 127.0.0.1.
  TRUSTED_PROXIES: '127.0.0.1',
});
const chromium = { ...devices['Desktop Chrome'], channel: undefined };
/**
 * The browser's fonts (issue 34.9, ADR 057): Roboto from node_modules and nothing of the machine's,
 * so a screenshot is the same wherever `npm install && npm test` runs (fonts-noto-core installed
 * or not). Roboto is what the system stack draws with on the Android phones the site is for.
 */
export const E2E_FONTCONFIG_FILE = fileURLToPath(
  new URL('tests/e2e/fonts/fonts.conf', import.meta.url),
);

/** process.env without its unset keys (the shape Playwright's `launchOptions.env` takes). */
function definedEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      env: { ...definedEnv(), FONTCONFIG_FILE: E2E_FONTCONFIG_FILE },
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: /(admin-scale|photo-budgets)\.spec\.ts$/, use: chromium },
    {
      // Specs that need a full directory: the admin's paging, a category page of 24 covers.
      name: 'scale',
      testMatch: /(admin-scale|photo-budgets)\.spec\.ts$/,
      use: { ...chromium, baseURL: SCALE_BASE_URL },
    },
  ],
  webServer: [
    {
      // Loopback stand-in for Overpass (and Google Places), answering in their wire formats.
      command: `tsx tests/fakes/places-server.ts ${PLACES_FAKE_PORT}`,
      url: `http://127.0.0.1:${PLACES_FAKE_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Loopback stand-in for OpenStreetMap's tile server: one PNG for every tile, counted.
      command: `tsx tests/fakes/tile-server.ts ${TILE_FAKE_PORT}`,
      url: `${TILE_FAKE_URL}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'rm -rf .data/e2e && tsx scripts/start.ts',
      url: `${BASE_URL}/`,
      timeout: SERVER_TIMEOUT || 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: serverEnv(PORT, BASE_URL, '.data/e2e'),
    },
    {
      command: 'rm -rf .data/e2e-scale && tsx scripts/start.ts',
      url: `${SCALE_BASE_URL}/`,
      timeout: SERVER_TIMEOUT || 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv(SCALE_PORT, SCALE_BASE_URL, '.data/e2e-scale'),
        SEED_SYNTHETIC: String(SCALE_LISTINGS),
      },
    },
  ],
});
