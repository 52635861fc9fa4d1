#!/usr/bin/env bash
# The static checks `npm test` runs before the suites (also `npm run checks`): lint (ESLint, the
# architecture's import boundaries included), format (Prettier, check only), typecheck (tsc over
# every TypeScript file, tests included) and docs (scripts/docs-check: the docs against the code). They run side by side, each logging to
# test-results/<check>.log; one line per check gives its outcome and seconds. Exits non-zero when any
# failed, and writes the failed checks' names, space-separated, to test-results/checks-failed.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/checks-failed

CHECKS=(lint format:check typecheck docs:check)
declare -A pids started
for check in "${CHECKS[@]}"; do
  started[$check]=$(date +%s)
  (
    npm run --silent "$check" > "test-results/${check%%:*}.log" 2>&1
    status=$?
    echo "$(($(date +%s) - ${started[$check]}))" > "test-results/${check%%:*}.seconds"
    exit $status
  ) &
  pids[$check]=$!
done

failed=()
for check in "${CHECKS[@]}"; do
  name=${check%%:*}
  if wait "${pids[$check]}"; then
    echo "check $name: ok ($(cat "test-results/$name.seconds") s)"
  else
    failed+=("$name")
    echo "check $name: FAILED ($(cat "test-results/$name.seconds") s), test-results/$name.log:"
    tail -n 40 "test-results/$name.log" | sed 's/^/  /'
  fi
  rm -f "test-results/$name.seconds"
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "${failed[*]}" > test-results/checks-failed
  exit 1
fi
