#!/usr/bin/env bash
# Installs what is missing, builds with warnings as errors, runs the whole test suite.
# README's test command; .ci/run calls it too. Prints how long the build and the suite
# took; with TREX_SEARCH_SUITE_BUDGET_S set (.ci/run sets 900) a suite that ran longer
# fails, so a slow test is noticed before the CI budget is gone (docs/ci.md "Budget").
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
build_dir="${TREX_SEARCH_BUILD_DIR:-build}"
./scripts/configure.sh "$build_dir"
begun=$SECONDS
cmake --build "$build_dir" -j "$(nproc)"
built=$SECONDS
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" "$@"
suite_s=$((SECONDS - built))
echo "test.sh: build $((built - begun)) s, suite $suite_s s"
if [[ -n "${TREX_SEARCH_SUITE_BUDGET_S:-}" ]] && ((suite_s > TREX_SEARCH_SUITE_BUDGET_S)); then
  echo "test.sh: FAILED: the suite took $suite_s s, past its budget of $TREX_SEARCH_SUITE_BUDGET_S s:" \
    "ctest's slowest tests are above; a test that needs minutes goes to a long suite" \
    "(docs/ci.md \"Budget\")" >&2
  exit 1
fi
