#!/usr/bin/env bash
# Builds the tree with ThreadSanitizer in its own build directory and runs the
# threaded tests: PLRsearch's integration workers (plr_tests), the daemon's job
# manager and control server (service unit + e2e), the TRex client and emulator.
# Any report fails the test (halt_on_error), so a clean run means zero reports.
# Usage: scripts/ci/tsan.sh [ctest args...]   (TREX_SEARCH_TSAN_DIR overrides build-tsan)
set -euo pipefail
cd "$(dirname "$0")/../.."

build_dir="${TREX_SEARCH_TSAN_DIR:-build-tsan}"
lock="${TREX_SEARCH_BUILD_LOCK:-/tmp/trex-search-build.lock}"
./scripts/configure.sh "$build_dir" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g -O1" \
  -DTREX_SEARCH_WERROR=ON -DTREX_SEARCH_BUILD_BENCH=OFF \
  -DTREX_SEARCH_SANITIZE=thread
flock "$lock" cmake --build "$build_dir" -j "$(nproc)"

export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$(pwd)/scripts/ci/tsan-suppressions.txt${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
threaded='^(plr_tests|searchd_unit_tests|e2e_daemon_tests|e2e_fault_soak|trex_client_unit_tests|trex_client_protocol_tests|trex_emulator_cli_tests)$'
# TSan's shadow memory needs a predictable layout; kernels with high mmap
# randomisation (vm.mmap_rnd_bits > 28) make it abort at start, so run without ASLR.
run=()
if command -v setarch >/dev/null && setarch "$(uname -m)" -R true 2>/dev/null; then
  run=(setarch "$(uname -m)" -R)
fi
"${run[@]}" ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" -R "$threaded" "$@"
