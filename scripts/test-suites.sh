#!/usr/bin/env bash
# The two jest projects against the database scripts/test.sh chose: unit (with coverage of src/lib),
# then integration against a real Medusa. Both always run; the exit code is non-zero if either failed.
set -uo pipefail
cd "$(dirname "$0")/.."

mkdir -p test-results
rm -f test-results/unit.json test-results/integration.json

npx jest --config jest.config.js --selectProjects unit --coverage \
  --json --outputFile=test-results/unit.json
unit=$?

NODE_OPTIONS=--experimental-vm-modules npx jest --config jest.config.js --selectProjects integration \
  --runInBand --forceExit --passWithNoTests --json --outputFile=test-results/integration.json
integration=$?

node scripts/test-summary.js test-results/unit.json test-results/integration.json
summary=$?

[ $unit -eq 0 ] && [ $integration -eq 0 ] && [ $summary -eq 0 ]
