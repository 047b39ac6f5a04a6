import { defineConfig, devices } from '@playwright/test';

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
/** Port of the fake places server (tests/fakes/places-server.ts). */
export const PLACES_FAKE_PORT = Number(process.env.PLACES_FAKE_PORT || 4390);

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
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-features=NetworkTimeServiceQuerying',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
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
      command: 'rm -rf .data/e2e && tsx scripts/start.ts',
      url: `${BASE_URL}/`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PGLITE_DATA_DIR: '.data/e2e/pglite',
        SITE_BUILD_DIR: '.data/e2e/site',
        SITE_URL: BASE_URL,
        DATABASE_URL: '',
        NETLIFY_DATABASE_URL: '',
        LOG_LEVEL: 'silent',
        LOCAL_ADMIN_EMAIL: E2E_ADMIN.email,
        LOCAL_ADMIN_PASSWORD: E2E_ADMIN.password,
        MAIL_OUTBOX_DIR: E2E_MAIL_DIR,
        BETTER_AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
        OVERPASS_BASE_URL: `http://127.0.0.1:${PLACES_FAKE_PORT}`,
        GOOGLE_PLACES_API_KEY: '',
      },
    },
  ],
});
