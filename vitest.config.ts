import { defineConfig } from 'vitest/config';

/**
 * The security suite (`npm run test:security`, ADR 015): its own tests plus the authorization
 * matrix and the write-route fuzzing, which the PGlite integration run leaves to it (the native
 * PostgreSQL run keeps them).
 */
const SECURITY_FROM_INTEGRATION = [
  'tests/integration/authorization-matrix.test.ts',
  'tests/integration/write-routes.property.test.ts',
];

/**
 * The projects (STYLE.md §7): unit tests colocated with the code; the integration suite runs on
 * embedded PGlite, on a native PostgreSQL server started for the run, and on the same server
 * through Neon's serverless driver (WebSocket Pool mode through a loopback proxy: the production
 * driver, ADR 017); the security suite on PGlite (`npm run test:security`, ADR 015); `netlify`
 * builds the site with netlify-cli and smoke-tests `netlify serve` (`npm run test:netlify`).
 */
const integration = (name: string, env: Record<string, string>, extra: object = {}) => ({
  test: {
    name,
    include: ['tests/integration/**/*.test.ts'],
    environment: 'node',
    env: {
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      NETLIFY_DATABASE_URL: '',
      SENDGRID_API_KEY: '',
      MAIL_OUTBOX_DIR: '.data/test-mail',
      TERMII_API_KEY: '',
      SMS_OUTBOX_DIR: '.data/test-sms',
      ...env,
    },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    ...extra,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'common/**/*.test.ts',
            'functions/**/*.test.ts',
            'server/**/*.test.ts',
            'netlify/**/*.test.ts',
            'docs/**/*.test.ts',
            'lint/**/*.test.ts',
            'integrations/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          env: { LOG_LEVEL: 'silent' },
        },
      },
      integration(
        'integration-pglite',
        { TEST_DB: 'pglite' },
        { exclude: SECURITY_FROM_INTEGRATION },
      ),
      integration(
        'security',
        { TEST_DB: 'pglite' },
        { include: ['tests/security/**/*.test.ts', ...SECURITY_FROM_INTEGRATION] },
      ),
      integration(
        'integration-postgres',
        { TEST_DB: 'postgres' },
        { globalSetup: ['tests/setup/postgres-server.ts'] },
      ),
      integration(
        'integration-neon',
        { TEST_DB: 'neon' },
        { globalSetup: ['tests/setup/postgres-server.ts', 'tests/setup/neon-proxy.ts'] },
      ),
      {
        test: {
          name: 'netlify',
          include: ['tests/netlify/**/*.test.ts'],
          environment: 'node',
          env: { LOG_LEVEL: 'silent' },
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
