#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz, clang, ASan+UBSan) and runs each for
# SECONDS (default 60), printing executions and crashes per target.
# Usage: scripts/ci/fuzz.sh [SECONDS] [TARGET...]
#   FUZZ_JOBS=N      targets run N at a time (default 1)
#   TREX_SEARCH_FUZZ_DIR  build directory (default build-fuzz)
#   TREX_SEARCH_FUZZ_NO_BUILD=1  use the targets as they are built
# Seeds come from tests/fuzz/corpus/<target>; new inputs found go to
# BUILD/fuzz-corpus/<target> (not the repo); crashes to BUILD/fuzz-crashes/<target>/.
# Exit status 1 when any target crashed: turn each crash into a file under
# tests/fuzz/regressions/<target>/ (replayed by fuzz_corpus_replay_test) and fix it.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds="${1:-60}"
shift || true
all_targets=(control_request trex_reply traffic_profile search_spec measurer_reply analyze_input hdrh)
targets=("${@:-${all_targets[@]}}")
build_dir="${TREX_SEARCH_FUZZ_DIR:-build-fuzz}"
lock="${TREX_SEARCH_BUILD_LOCK:-/tmp/trex-search-build.lock}"

# TREX_SEARCH_FUZZ_NO_BUILD=1 runs the targets as built (no configure, no build lock).
if [[ "${TREX_SEARCH_FUZZ_NO_BUILD:-0}" != 1 ]]; then
# A build dir that already has the fuzz targets (e.g. CI's TREX_SEARCH_ASAN_FUZZ=1
# build-asan) is reused as configured.
if ! grep -q '^TREX_SEARCH_FUZZ:BOOL=ON' "$build_dir/CMakeCache.txt" 2>/dev/null; then
  ./scripts/configure.sh "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DTREX_SEARCH_FUZZ=ON -DTREX_SEARCH_WERROR=ON -DTREX_SEARCH_BUILD_BENCH=OFF
fi
flock "$lock" cmake --build "$build_dir" -j "$(nproc)" \
  --target "${targets[@]/#/fuzz_}" >/dev/null
fi

# malloc_context_size=0: ASan keeps every distinct allocation stack for good, and
# recursive JSON parsing makes new ones all the time; with the default (30 frames)
# a 10-minute run grows by about 1 KB per execution until libFuzzer's 2 GB RSS
# limit kills it (an "oom" on an empty input). Crash reports still have the
# faulting stack; replay a crash file by hand for allocation stacks.
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:detect_leaks=1:malloc_context_size=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
root="$(pwd)"
build_abs="$(cd "$build_dir" && pwd)"

run_one() {
  local target="$1" seconds="$2"
  local corpus="$build_abs/fuzz-corpus/$target" crashes="$build_abs/fuzz-crashes/$target"
  local log="$build_abs/fuzz-$target.log"
  rm -rf "$crashes"  # count this run's crashes only (keep old ones in tests/fuzz/regressions)
  mkdir -p "$corpus" "$crashes"
  "$build_abs/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=10 \
    -print_final_stats=1 -artifact_prefix="$crashes/" "$corpus" \
    "$root/tests/fuzz/corpus/$target" >"$log" 2>&1 || true
  local execs crash_count
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  crash_count="$(find "$crashes" -type f | wc -l)"
  printf '%-16s %6ss  executions %12s  corpus %5s  crashes %s\n' "$target" "$seconds" \
    "${execs:-?}" "$(find "$corpus" -type f | wc -l)" "$crash_count"
}
export -f run_one
export build_abs root

printf '%s\n' "${targets[@]}" | xargs -P "${FUZZ_JOBS:-1}" -I{} bash -c 'run_one "$@"' _ {} "$seconds" \
  | tee "$build_abs/fuzz-summary.txt"
if grep -q 'crashes [1-9]' "$build_abs/fuzz-summary.txt"; then
  echo "fuzz: crashes found; inputs under $build_abs/fuzz-crashes/, logs $build_abs/fuzz-*.log" >&2
  exit 1
fi
