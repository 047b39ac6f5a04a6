#!/usr/bin/env bash
# `npm test`: everything the tests need on a fresh machine of this kind, then every test.
set -euo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

bash scripts/ensure-chromium.sh

echo "== unit and integration tests (PGlite and native PostgreSQL) =="
vitest run

echo "== end-to-end tests (Chromium) =="
playwright test
