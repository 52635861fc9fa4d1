#!/usr/bin/env bash
# The jest projects against the database scripts/test.sh chose, side by side on this 2-core machine
# (each integration spec mostly waits on a Medusa, its sandbox and PostgreSQL):
# - unit tests (with coverage of src/lib) on one worker;
# - integration in two lanes, each one spec at a time: the first has installments.spec.ts (with the
#   fault matrix), the package and the production store apps; the second has returns-reliability.spec.ts,
#   the stock store app, the demo and admin specs (which share examples/store's demo state and so never
#   run at once) and any spec not named in the first lane, then, each as its own jest run, rbac.spec.ts
#   (a store booted with Medusa's rbac flag) and checkout-no-verdict-reuse.spec.ts (balanced so the
#   lanes take about as long: about 9 minutes each on a quiet machine);
# - meanwhile, the store apps those later specs need (one npm install of the packed plugin, the
#   stock and production builds) are prepared in the background.
# Everything always runs; the exit code is non-zero if anything failed. Each part's output follows
# in turn, then a table of seconds per spec, any reason the run failed besides failed tests (a spec
# of test-manifest.json not run or with fewer tests, a suite that did not load, a job's non-zero exit
# such as a missed coverage threshold: scripts/test-verdict.js) and the plain "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."

started=${TEST_STARTED:-$(date +%s)}
mkdir -p test-results
rm -f test-results/unit.json test-results/integration-*.json test-results/*.status

LANE_1=(integration-tests/installments.spec.ts integration-tests/package.spec.ts integration-tests/production.spec.ts)
# Medusa boots once per jest process: a second spec that boots it in the same process fails to load
# ("Method Map.prototype.set called on incompatible receiver"). So each lane's jest run has one
# in-process Medusa (installments, returns-reliability); the checkout run without the verdict cache
# is its own jest run, last in lane 2.
NO_REUSE=integration-tests/checkout-no-verdict-reuse.spec.ts
# The store booted with Medusa's rbac feature flag (its own in-process Medusa, so its own jest run):
# after lane 2's first run.
RBAC=integration-tests/rbac.spec.ts

npx ts-node --transpile-only scripts/prepare-test-stores.ts > test-results/store-apps.log 2>&1 &
stores=$!

# Each job's exit status goes beside its report: jest exits 1 on a missed coverage threshold with
# every test passed, and the summary names that instead of printing "0 failed".
(
  npx jest --config jest.config.js --selectProjects unit --coverage --maxWorkers=1 \
    --json --outputFile=test-results/unit.json > test-results/unit.log 2>&1
  status=$?; echo $status > test-results/unit.status; exit $status
) &
unit_pid=$!

integration() {
  local lane=$1
  shift
  # A lane that finds no spec fails (jest's default, which this run keeps).
  NODE_OPTIONS=--experimental-vm-modules npx jest --config jest.config.js --selectProjects integration \
    --runInBand --json --outputFile="test-results/integration-$lane.json" "$@" \
    > "test-results/integration-$lane.log" 2>&1
  local status=$?
  echo $status > "test-results/integration-$lane.status"
  return $status
}
(
  integration 1 "${LANE_1[@]}"
) &
lane_1=$!
(
  integration 2 --testPathIgnorePatterns "${LANE_1[@]}" "$NO_REUSE" "$RBAC"
  second=$?
  integration 4 "$RBAC"
  rbac=$?
  integration 3 "$NO_REUSE" && [ $rbac -eq 0 ] && exit $second
) &
lane_2=$!

status=0
for part in unit:$unit_pid integration-1:$lane_1 integration-2:$lane_2; do
  wait "${part#*:}" || status=1
  echo "--- ${part%%:*} (test-results/${part%%:*}.log) ---"
  cat "test-results/${part%%:*}.log"
done
for part in integration-3 integration-4; do
  echo "--- $part (test-results/$part.log) ---"
  cat "test-results/$part.log"
done
wait $stores
echo "--- store apps: $(tail -n 1 test-results/store-apps.log)"

node scripts/test-summary.js --started "$started" test-results/unit.json test-results/integration-1.json test-results/integration-2.json \
  test-results/integration-3.json test-results/integration-4.json || status=1
exit $status
