#!/usr/bin/env bash
# `npm test`: everything the tests need on a fresh machine of this kind, then every test.
set -euo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

bash scripts/ensure-chromium.sh

echo "== lint and typecheck =="
eslint . --max-warnings 0
prettier --check . --log-level warn
# astro check syncs the content collections: give it its own embedded database so a running
# `npm start` (which owns .data/pglite) does not block the tests.
PGLITE_DATA_DIR=.data/typecheck/pglite astro check --minimumSeverity warning
tsc --noEmit

echo "== unit and integration tests (PGlite, native PostgreSQL, Neon's driver) =="
vitest run --project unit --project integration-pglite --project integration-postgres \
  --project integration-neon

echo "== security: authorization matrix, fuzzing, limits, headers, CSP in Chromium (ADR 015) =="
npm run test:security

echo "== Netlify build and smoke test of netlify serve (native PostgreSQL) =="
vitest run --project netlify

echo "== end-to-end tests (Chromium) =="
playwright test --grep-invert @security
