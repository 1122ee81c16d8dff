#!/usr/bin/env bash
# clang-tidy with .clang-tidy (tests/.clang-tidy for the tests) over the translation units
# of the main build's compile database, headers of the project included (docs/design.md
# "Checked style"). Fails, listing each finding once, on any finding.
#   scripts/ci/check-tidy.sh                 every unit: the whole tree (about 23 minutes for
#                                         501 files on 2 cores). Run it before resolving an
#                                         issue that touches many files.
#   scripts/ci/check-tidy.sh --record-base   the whole tree; when it passes on a clean working
#                                         tree, writes HEAD to .ci/tidy-base (commit that)
#   scripts/ci/check-tidy.sh --changed [BASE]
#                                         what .ci/run checks: the units changed since BASE
#                                         (default: .ci/tidy-base, the last commit the whole
#                                         tree passed on), committed or not, plus every unit
#                                         whose compile read a changed header (ninja's
#                                         dependency log; the build is brought up to date
#                                         first). The whole tree when a profile (.clang-tidy)
#                                         changed or BASE is not in the history.
#   scripts/ci/check-tidy.sh PATH-REGEX      the units whose path in the checkout matches,
#                                         e.g. 'daemon/report/' (matched from its start)
# TIDY_JOBS (default: nproc) parallel clang-tidy runs; TREX_SEARCH_BUILD_DIR (default
# build) the build whose compile_commands.json is read (configured here when missing).
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
run_tidy="$(command -v run-clang-tidy-14 || command -v run-clang-tidy || true)"
tidy="$(command -v clang-tidy-14 || command -v clang-tidy || true)"
if [[ -z "$run_tidy" || -z "$tidy" ]]; then
  echo "check-tidy: clang-tidy is not installed (scripts/install-deps.sh)" >&2
  exit 2
fi
build_dir="${TREX_SEARCH_BUILD_DIR:-build}"
if [[ ! -f "$build_dir/compile_commands.json" ]]; then
  ./scripts/configure.sh "$build_dir"
fi
dirs='bench|daemon|measure|plr|search|tests|trex_client'
record_base=0
files="^$root/(($dirs)/)"
scope="the whole tree"
case "${1:-}" in
  --record-base) record_base=1 ;;
  --changed)
    base="${2:-$(grep -m1 -o -E '^[0-9a-f]{40}' .ci/tidy-base || true)}"
    if [[ -z "$base" ]]; then
      echo "check-tidy: no base commit (.ci/tidy-base holds none); checking the whole tree" >&2
    else
      # The dependency log must describe the tree as it is now.
      cmake --build "$build_dir" -j "$(nproc)" >/dev/null
      mapfile -t units < <(python3 scripts/ci/tidy_changed_units.py "$root" "$build_dir" "$base")
      if (( ${#units[@]} > 0 )) && [[ "${units[0]}" == ALL* ]]; then
        echo "check-tidy: ${units[0]#ALL }: checking the whole tree"
      elif (( ${#units[@]} == 0 )); then
        echo "check-tidy: no translation unit changed since ${base:0:12}, nor any header one includes"
        exit 0
      else
        scope="${#units[@]} units changed since ${base:0:12} or including a changed file"
        # run-clang-tidy takes regexes; the paths are matched whole and literally.
        escaped="$(printf '%s\n' "${units[@]}" | sed 's/[][\.*^$+?(){}|]/\\&/g' | paste -sd'|')"
        files="^($escaped)\$"
      fi
    fi
    ;;
  --*) echo "check-tidy: unknown option $1 (see the usage at the top of scripts/ci/check-tidy.sh)" >&2; exit 2 ;;
  "") ;;
  *) files="^$root/($1)"; scope="the units matching $1" ;;
esac
echo "check-tidy: checking $scope"
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
  grep -E '^/[^:]+:[0-9]+:[0-9]+: (warning|error): .*\[[A-Za-z0-9.,-]+\]$' | sed "s|^$root/||" | sort -u)
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
if (( record_base )); then
  if [[ -n "$(git status --porcelain)" ]]; then
    echo "check-tidy: the working tree has changes: .ci/tidy-base not updated (commit, then run again)" >&2
    exit 1
  fi
  head="$(git rev-parse HEAD)"
  printf '%s\n%s\n' "$head" "# the last commit scripts/ci/check-tidy.sh passed on for the whole tree; .ci/run checks what changed since (scripts/ci/check-tidy.sh --changed)" >.ci/tidy-base
  echo "check-tidy: .ci/tidy-base now names $head: commit it"
fi
