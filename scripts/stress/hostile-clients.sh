#!/usr/bin/env bash
# Hostile local clients against a real trex-searchd in a temp dir (issue "Hardening:
# no local client, slow reader, odd file, hung TRex or full disk can freeze, bloat
# or blind the daemon"). Repeats each attack with numbers and prints one verdict
# line per attack with the daemon's RSS; exits 1 when a limit failed.
#
#   1. clients that never read (scripts/stress/slow-clients.sh, 200 clients)
#   2. a FIFO and /dev/zero as a trex job's profile path, over a raw socket
#   3. rpc_timeout 9.2e9 (refused), then rpc_timeout 60 against a TRex that never
#      answers, and a cancel
#   4. job and goal names with invalid UTF-8 and control characters
#   5. many connections from one (non-root) user
#   6. show/analyze/result of a 60,000-trial job from 6 clients while timing status
#
# Usage: scripts/stress/hostile-clients.sh
#   TREX_SEARCH_HOSTILE_SKIP_SLOW=1        skip attack 1 (it takes about a minute)
#   TREX_SEARCH_HOSTILE_MAX_STATUS_MS=100  status latency limit in attack 6
#   TREX_SEARCH_HOSTILE_NO_BUILD=1         use the build as it is
set -euo pipefail
cd "$(dirname "$0")/../.."

build_dir="${TREX_SEARCH_BUILD_DIR:-build}"
if [ "${TREX_SEARCH_HOSTILE_NO_BUILD:-0}" != 1 ]; then
  ./scripts/configure.sh "$build_dir"
  flock "${TREX_SEARCH_BUILD_LOCK:-/tmp/trex-search-build.lock}" \
    cmake --build "$build_dir" -j "$(nproc)" --target trex-searchd >/dev/null
fi

failed=0
if [ "${TREX_SEARCH_HOSTILE_SKIP_SLOW:-0}" != 1 ]; then
  echo "== 1. clients that never read (scripts/stress/slow-clients.sh)"
  if scripts/stress/slow-clients.sh; then
    echo "PASS slow readers: RSS and status latency within the limits above"
  else
    echo "FAIL slow readers: see scripts/stress/slow-clients.sh above"
    failed=1
  fi
fi

python3 scripts/stress/hostile_clients.py "$build_dir/daemon/searchd/trex-searchd" \
  "${TREX_SEARCH_HOSTILE_MAX_STATUS_MS:-100}" || failed=1
exit "$failed"
