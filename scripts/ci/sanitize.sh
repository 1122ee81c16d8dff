#!/usr/bin/env bash
# Builds the whole tree with AddressSanitizer + UndefinedBehaviorSanitizer in its own
# build directory and runs the whole test suite there. Any report aborts the test
# (-fno-sanitize-recover=all, halt_on_error), so a clean run means zero reports.
# Usage: scripts/ci/sanitize.sh [ctest args...]
#   TREX_SEARCH_ASAN_DIR   build directory (default build-asan, build-asan-clang with FUZZ)
#   TREX_SEARCH_ASAN_FUZZ=1  build with clang and -DTREX_SEARCH_FUZZ=ON instead: the same
#                          ASan+UBSan suite, plus the libFuzzer targets in the same
#                          build (CI does this to build once; scripts/ci/fuzz.sh reuses it).
set -euo pipefail
cd "$(dirname "$0")/../.."

lock="${TREX_SEARCH_BUILD_LOCK:-/tmp/trex-search-build.lock}"
if [[ "${TREX_SEARCH_ASAN_FUZZ:-0}" == 1 ]]; then
  build_dir="${TREX_SEARCH_ASAN_DIR:-build-asan-clang}"
  # -Werror too: the tree builds warning-free with clang 14 as with gcc 12, and CI
  # builds it this way, so a clang-only error (such as capturing a structured
  # binding in a lambda, which clang 14 refuses) cannot slip in again.
  flavour=(-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DTREX_SEARCH_FUZZ=ON)
else
  build_dir="${TREX_SEARCH_ASAN_DIR:-build-asan}"
  flavour=(-DTREX_SEARCH_SANITIZE=address,undefined)
fi
# -O1: the usual ASan compromise between readable stacks and a suite that stays fast.
./scripts/configure.sh "$build_dir" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g -O1" \
  -DTREX_SEARCH_WERROR=ON -DTREX_SEARCH_BUILD_BENCH=OFF "${flavour[@]}"
flock "$lock" cmake --build "$build_dir" -j "$(nproc)"

export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:detect_leaks=1:detect_stack_use_after_return=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" "$@"
