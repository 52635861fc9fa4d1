#!/usr/bin/env bash
# The two jest projects against the database scripts/test.sh chose, at once on this 2-core machine:
# unit (with coverage of src/lib) on one worker beside integration, which boots a real Medusa and
# mostly waits on it. The store apps the later integration specs need (one npm install of the packed
# plugin, the stock and production builds) are prepared in the background meanwhile. Everything
# always runs; the exit code is non-zero if anything failed. Ends with a table of seconds per spec
# and the plain "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
mkdir -p test-results
rm -f test-results/unit.json test-results/integration.json

npx ts-node --transpile-only scripts/prepare-test-stores.ts > test-results/store-apps.log 2>&1 &
stores=$!

npx jest --config jest.config.js --selectProjects unit --coverage --maxWorkers=1 \
  --json --outputFile=test-results/unit.json > test-results/unit.log 2>&1 &
unit_pid=$!

NODE_OPTIONS=--experimental-vm-modules npx jest --config jest.config.js --selectProjects integration \
  --runInBand --forceExit --passWithNoTests --json --outputFile=test-results/integration.json
integration=$?

wait $unit_pid
unit=$?
# Printed after integration's own output, so neither interleaves the other.
echo "--- unit tests (test-results/unit.log) ---"
cat test-results/unit.log
wait $stores
echo "--- store apps: $(tail -n 1 test-results/store-apps.log)"

node scripts/test-summary.js --started "$started" test-results/unit.json test-results/integration.json
summary=$?

[ $unit -eq 0 ] && [ $integration -eq 0 ] && [ $summary -eq 0 ]
