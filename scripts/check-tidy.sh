#!/usr/bin/env bash
# clang-tidy with .clang-tidy (tests/.clang-tidy for the tests) over
# every translation unit of the compile database, headers of the project included
# (docs/design.md "Checked style"). Fails, listing each finding once, on any finding.
# CPU heavy (about 23 minutes for all 501 files on 2 cores): CI runs it from .ci/run, not ctest.
#   scripts/check-tidy.sh [PATH-REGEX]   e.g. 'daemon/report/' for part of the tree (a regex
#   on the path in the checkout, matched from its start)
# TIDY_JOBS (default: nproc) parallel clang-tidy runs; TREX_SEARCH_BUILD_DIR (default
# build) the build whose compile_commands.json is read (configured here when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
run_tidy="$(command -v run-clang-tidy-14 || command -v run-clang-tidy || true)"
tidy="$(command -v clang-tidy-14 || command -v clang-tidy || true)"
if [[ -z "$run_tidy" || -z "$tidy" ]]; then
  echo "check-tidy: clang-tidy is not installed (scripts/install-deps.sh)" >&2
  exit 2
fi
build_dir="${TREX_SEARCH_BUILD_DIR:-build}"
if [[ ! -f "$build_dir/compile_commands.json" ]]; then
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTREX_SEARCH_WERROR=ON \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
fi
dirs='bench|daemon|measure|plr|search|tests|trex_client'
files="^$root/(${1:-($dirs)/})"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
started=$SECONDS
status=0
# -Wno-error: compiler warnings are the build's business (-Werror there); here only
# clang-tidy's own checks count. Headers: the project's, not the system's.
"$run_tidy" -p "$build_dir" -j "${TIDY_JOBS:-$(nproc)}" -quiet -clang-tidy-binary "$tidy" \
  -header-filter "^$root/($dirs)/" -extra-arg=-Wno-error "$files" >"$log" 2>&1 || status=$?
# A header's finding comes once per file that includes it: each is listed once.
mapfile -t findings < <(sed 's/\x1b\[[0-9;]*m//g' "$log" |
  grep -E '^/[^:]+:[0-9]+:[0-9]+: (warning|error): .*\[[a-z0-9.,-]+\]$' | sed "s|^$root/||" | sort -u)
elapsed=$((SECONDS - started))
if (( ${#findings[@]} > 0 )); then
  printf '%s\n' "${findings[@]}" >&2
  echo "check-tidy: ${#findings[@]} findings (${elapsed} s); see .clang-tidy and docs/design.md \"Checked style\"" >&2
  exit 1
fi
if (( status != 0 )); then
  # Failed without a finding: a file that does not compile, or clang-tidy itself.
  sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -v -E '^(\S*clang-tidy\S* |[0-9]+ warnings? generated|Suppressed)' >&2 || true
  echo "check-tidy: $run_tidy failed (exit $status) without a finding" >&2
  exit 2
fi
checked=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -c -E '^\S*clang-tidy\S* ' || true)
if (( checked == 0 )); then
  echo "check-tidy: no file of $build_dir/compile_commands.json matches $files" >&2
  exit 2
fi
echo "check-tidy: no findings ($checked files, ${elapsed} s)"
