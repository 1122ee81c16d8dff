#!/usr/bin/env bash
# Clients that send requests and never read the replies (issue: "a slow reader can
# bloat the daemon", docs/reliability.md "Resource limits"): 200 such connections
# against a daemon with its default limits, while another client asks `status`.
# Prints the daemon's RSS (idle, peak, after the clients were closed) and the
# status latency; fails unless RSS stays under 100 MB and every status answers
# within 100 ms. The test suite runs the same test with small numbers.
# Usage: scripts/stress/slow-clients.sh   (override any TREX_SEARCH_SLOW_* below)
set -euo pipefail
cd "$(dirname "$0")/../.."

build_dir="${TREX_SEARCH_BUILD_DIR:-build}"
./scripts/configure.sh "$build_dir"
flock "${TREX_SEARCH_BUILD_LOCK:-/tmp/trex-search-build.lock}" \
  cmake --build "$build_dir" -j "$(nproc)" --target e2e_slow_clients >/dev/null

export TREX_SEARCH_SLOW_CLIENTS="${TREX_SEARCH_SLOW_CLIENTS:-200}"
export TREX_SEARCH_SLOW_REQUESTED_MIB="${TREX_SEARCH_SLOW_REQUESTED_MIB:-64}"
export TREX_SEARCH_SLOW_DEFAULT_LIMITS="${TREX_SEARCH_SLOW_DEFAULT_LIMITS:-1}"
export TREX_SEARCH_SLOW_MAX_RSS_MIB="${TREX_SEARCH_SLOW_MAX_RSS_MIB:-100}"
export TREX_SEARCH_SLOW_MAX_STATUS_MS="${TREX_SEARCH_SLOW_MAX_STATUS_MS:-100}"
# Only the slow-reader case: the others need root and prove nothing about numbers.
"$build_dir/tests/e2e/e2e_slow_clients" \
  --test-case='clients that never read*' --success=false
