// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import lagos from './lint/table-owner.mjs';

/**
 * The code map's boundaries (ADR 013), kept by the linter. Relative import paths are matched
 * by regular expressions; the message says what to do instead.
 */
const SHARED_ONLY =
  'common/ (schemas, config, search) is shared by the site and the function layer: it imports only itself and packages.';

/** What functions/ may not import (every file there, handlers included). */
const FUNCTIONS_PATTERNS = [
  {
    regex: '(^|/)src/',
    message:
      'functions/ does not import the site (src/): what both share lives in common/ (schemas: shapes and rules; config: constants).',
  },
  {
    regex: '(^|/)(server|netlify|scripts|tests)/',
    message:
      'functions/ is the platform-free API: the hosts (server/, netlify/), scripts/ and tests/ depend on it, not the reverse.',
  },
];

/**
 * Each table's one writer (issue 25.1, ADR 036): the repository other services call. Migrations
 * and seeds build the schema and its first rows and stay exempt, as do tests.
 */
const TABLE_OWNERS = {
  articles: 'functions/articles/articles.repository.ts',
  auth_failures: 'functions/_lib/rate-limit.ts',
  business_claims: 'functions/claims/claims.repository.ts',
  business_registrations: 'functions/registrations/registrations.repository.ts',
  contacts: 'functions/contacts/contacts.repository.ts',
  email_preferences: 'functions/monthly-summary/monthly-summary.repository.ts',
  idempotency_keys: 'functions/_lib/idempotency.ts',
  listing_changes: 'functions/claims/claims.repository.ts',
  listing_phone_codes: 'functions/listing-phone/listing-phone.repository.ts',
  listing_reports: 'functions/reports/reports.repository.ts',
  listing_stats_daily: 'functions/insights/insights.repository.ts',
  search_stats_daily: 'functions/insights/insights.repository.ts',
  search_words: 'functions/search-words/search-words.repository.ts',
  search_words_log: 'functions/search-words/search-words.repository.ts',
  listing_search_daily: 'functions/insights/insights.repository.ts',
  // Kept by listing_stats_daily's triggers and rollPeriod (ADR 049).
  site_stats_daily: 'functions/insights/insights.repository.ts',
  listing_period_stats: 'functions/insights/insights.repository.ts',
  area_period_stats: 'functions/insights/insights.repository.ts',
  insights_rollup: 'functions/insights/insights.repository.ts',
  mail_outbox: 'functions/_lib/mail.ts',
  sms_outbox: 'functions/sms/sms.repository.ts',
  sms_settings: 'functions/sms/sms.repository.ts',
  monthly_summary_runs: 'functions/monthly-summary/monthly-summary.repository.ts',
  monthly_summary_sends: 'functions/monthly-summary/monthly-summary.repository.ts',
  photos: 'functions/photos/photos.repository.ts',
  profiles: 'functions/users/users.repository.ts',
  quotes: 'functions/service-requests/quote-requests.repository.ts',
  fair_prices: 'functions/service-requests/fair-prices.repository.ts',
  rate_limits: 'functions/_lib/rate-limit.ts',
  review_blocks: 'functions/reviews/reviews.repository.ts',
  review_moderation_log: 'functions/reviews/reviews.repository.ts',
  review_replies: 'functions/reviews/reviews.repository.ts',
  review_reports: 'functions/reviews/reviews.repository.ts',
  reviews: 'functions/reviews/reviews.repository.ts',
  sent_messages: 'functions/messages/messages.repository.ts',
  service_cards: 'functions/service-cards/service-cards.repository.ts',
  service_request_notifications: 'functions/service-requests/service-requests.repository.ts',
  service_request_photos: 'functions/service-requests/request-photos.repository.ts',
  service_requests: 'functions/service-requests/service-requests.repository.ts',
  setup_steps: 'functions/db/setup-steps.ts',
  user: 'functions/users/users.repository.ts',
  user_roles: 'functions/users/users.repository.ts',
};

/**
 * Migrations are leaves (issue 25.4): only the migrator (through migrations/index.ts), the freeze
 * tool (frozen.ts) and tests read them.
 */
const MIGRATIONS_ARE_LEAVES = {
  regex: '(^|/)migrations/(?!(index|frozen)(\\.ts)?$)',
  message:
    'A migration is frozen once shipped and imported only by the migrator: share the constant from common/ and test that the two agree.',
};

/** Kysely query building and raw SQL: repositories only. */
const QUERY_CALLS = ['selectFrom', 'selectNoFrom', 'insertInto', 'updateTable', 'deleteFrom'];
/**
 * @param {string} where
 * @param {string[]} [extra]
 * @returns {import('eslint').Linter.RuleEntry}
 */
const noQueries = (where, extra = []) => [
  'error',
  ...[...QUERY_CALLS, ...extra].map((name) => ({
    selector: `CallExpression[callee.property.name='${name}']`,
    message: `No ${name}() in ${where}: queries live in the resource's *.repository.ts (ADR 013).`,
  })),
  {
    selector: "TaggedTemplateExpression[tag.name='sql']",
    message: `No sql\`\` in ${where}: queries live in the resource's *.repository.ts (ADR 013).`,
  },
];

/** Browser code's imports (islands, browser helpers, stores). */
const BROWSER_PATTERNS = [
  {
    regex: '(^|/)functions/',
    message:
      'Browser code reaches the function layer over HTTP (src/browser/api-client) and shares only common/ (schemas, config).',
  },
  {
    regex: '(^|/)render/',
    message:
      'src/render runs on the server (page rendering, database reads): browser code must not import it.',
  },
];

/** React APIs beyond hooks, which a module compiled for Preact cannot use (ADR 016, 037). */
const REACT_ONLY = ['react-dom', 'react-dom/client'].map((name) => ({
  name,
  message: 'Public and shared islands import hooks only from react (they also run on Preact).',
}));

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.data/',
      '.astro/',
      '.netlify/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Kysely's generic query builders are typed loosely at a few seams (see directory.repository.ts).
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Rooms of one job (issue 39.3, ADR 073): a file of functions/ or src/ holds at most 400 lines of
    // code (blank lines and comments not counted: docstrings are wanted). Past it, split the file
    // by audience inside its folder. Tests and migrations are exempt.
    name: 'size/max-lines',
    files: ['functions/**/*.{ts,tsx}', 'src/**/*.{ts,tsx,astro}'],
    ignores: [
      '**/*.test.ts',
      'functions/db/migrations/**',
      // Issue 35 work in progress (another branch is changing them): the lead splits them after
      // that branch is merged; remove these two lines then.
      'functions/directory/search.repository.ts',
      'common/search/understand.ts',
    ],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    name: 'boundaries/functions',
    files: ['functions/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...FUNCTIONS_PATTERNS, MIGRATIONS_ARE_LEAVES] },
      ],
    },
  },
  {
    name: 'boundaries/functions-tests',
    files: ['functions/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: FUNCTIONS_PATTERNS }] },
  },
  {
    name: 'boundaries/hosts',
    files: ['server/**/*.ts', 'netlify/**/*.ts', 'scripts/*.ts', 'src/**/*.{ts,tsx,astro}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            MIGRATIONS_ARE_LEAVES,
            {
              regex: '(^|/)tests/',
              message:
                'Tests depend on the code, not the reverse: shared helpers (e.g. the synthetic listings) live next to the code that runs them (functions/db/seeds).',
            },
          ],
        },
      ],
    },
  },
  {
    // One typed env (ADR 013, 065): the site, the API, the hosts, the scripts, the build config and its
    // plugins read configuration through functions/_lib/env.ts, and hand it to a child process
    // with its childEnvironment(). The one exception is the test harness (tests/, *.test.ts and
    // the Playwright config): its own settings (TEST_DB, PG_BIN_DIR, PROPERTY_RUNS, E2E_PORT, the
    // fakes' ports, CI) are not the product's, and a test sets variables for the code under test
    // and passes the environment to the servers it starts.
    name: 'boundaries/env',
    files: ['**/*.{js,mjs,cjs,ts,mts,cts,tsx,astro}'],
    ignores: ['functions/_lib/env.ts', 'tests/**', '**/*.test.ts', 'playwright.config.ts'],
    plugins: { lagos },
    // lint/env-module.mjs: process.env in any form, and a string naming it (a bundler's define).
    rules: { 'lagos/env-module': 'error' },
  },
  {
    // One name for the key to a listing (issue 39.2, ADR 085): lint/listing-name.mjs.
    name: 'names/listing',
    files: ['**/*.{js,mjs,ts,mts,tsx,astro}'],
    ignores: ['functions/db/migrations/**', 'lint/listing-name.mjs', 'lint/listing-name.test.ts'],
    plugins: { lagos },
    rules: { 'lagos/listing-name': 'error' },
  },
  {
    name: 'boundaries/table-owner',
    files: ['functions/**/*.ts', 'src/**/*.{ts,tsx,astro}', 'server/**/*.ts', 'netlify/**/*.ts'],
    ignores: ['functions/db/migrations/**', 'functions/db/seeds/**', '**/*.test.ts'],
    plugins: { lagos },
    rules: { 'lagos/table-owner': ['error', { owners: TABLE_OWNERS }] },
  },
  {
    name: 'boundaries/handlers',
    files: ['functions/**/*.handler.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              message:
                'Handlers are guard clauses + parse + one service call + response: the database is the service and repository’s business.',
            },
          ],
          patterns: [
            ...FUNCTIONS_PATTERNS,
            {
              regex: '\\.repository\\.ts$',
              message: 'Handlers call their service, never a repository (ADR 013).',
            },
            {
              regex: '(^|/)site/cache-tags(\\.ts)?$',
              message:
                'Cache tags are computed by the service that makes the change and returned with its result (ADR 036): the handler passes them on.',
            },
          ],
        },
      ],
      'no-restricted-syntax': noQueries('a handler', ['transaction']),
    },
  },
  {
    name: 'boundaries/services',
    files: ['functions/**/*.service.ts'],
    rules: { 'no-restricted-syntax': noQueries('a service') },
  },
  {
    name: 'boundaries/browser',
    files: ['src/islands/**/*.{ts,tsx}', 'src/browser/**/*.{ts,js}', 'src/stores/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: BROWSER_PATTERNS }] },
  },
  {
    name: 'boundaries/public-islands',
    files: ['src/islands/public/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: REACT_ONLY,
          patterns: [
            ...BROWSER_PATTERNS,
            {
              regex: '^\\.\\./(?!shared/|\\.\\./)',
              message:
                'Public islands run on Preact: from src/islands/ they import only src/islands/shared, the component set both renderers use (ADR 037).',
            },
          ],
        },
      ],
    },
  },
  {
    name: 'boundaries/shared-islands',
    files: ['src/islands/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: REACT_ONLY,
          patterns: [
            ...BROWSER_PATTERNS,
            {
              regex: '^\\.\\./(?!\\.\\./)',
              message:
                'src/islands/shared runs on React (admin) and on Preact (public islands): it imports only itself, src/browser, common/ and hooks (ADR 037).',
            },
          ],
        },
      ],
    },
  },
  {
    name: 'boundaries/shared',
    files: ['common/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(?!schemas/|config/|search/|\\.\\./)', message: SHARED_ONLY },
            { regex: '^\\.\\./\\.\\./', message: SHARED_ONLY },
          ],
        },
      ],
    },
  },
);
