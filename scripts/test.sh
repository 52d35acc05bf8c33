#!/usr/bin/env bash
# `npm test`: type check and lint (side by side), then the unit, integration, browser and resilience suites, one
# after the other, stopping at the first failure. Suites that need something this machine does
# not have (a PostgreSQL server, PostgreSQL's programs, a Chromium: scripts/ensure-test-env.sh)
# are skipped, and the end of the output says which and how to enable them. With CI set,
# anything missing is a failure instead.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/ensure-test-env.sh

report_not_run() {
  local status=$?
  if [ ${#NOT_RUN[@]} -gt 0 ]; then
    echo ""
    echo "Not run on this machine (CI runs them; CI=1 makes anything missing a failure):"
    for line in "${NOT_RUN[@]}"; do echo "  - $line"; done
  fi
  return $status
}
trap report_not_run EXIT

has() { [[ " $TEST_MISSING " != *" $1 "* ]]; }

# Type check and lint side by side (each about 30 s, mostly on one core), each output shown whole.
checks_dir="$(mktemp -d)"
npm run typecheck >"$checks_dir/typecheck.log" 2>&1 &
typecheck_pid=$!
npm run lint >"$checks_dir/lint.log" 2>&1 &
lint_pid=$!
checks_status=0
wait "$typecheck_pid" || checks_status=$?
cat "$checks_dir/typecheck.log"
wait "$lint_pid" || checks_status=$?
cat "$checks_dir/lint.log"
rm -rf "$checks_dir"
if [ "$checks_status" -ne 0 ]; then exit "$checks_status"; fi
# The tree is type-checked: the builds below (browser suite, resilience) skip Next's own check.
export NEWS_BUILD_TYPECHECKED=1
npm run test:unit

projects=(--project integration-pglite)
if has postgres; then projects+=(--project integration-postgres); fi
npx vitest run "${projects[@]}"

if has browser; then
  npm run test:e2e
else
  # The resilience suite serves the production build the browser suite would have made.
  npm run build
fi

npm run test:resilience
