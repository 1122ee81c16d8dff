#!/usr/bin/env bash
# Fails, listing them, when C++ sources are not formatted as .clang-format says
# (docs/design.md "Checked style"); scripts/dev/format.sh fixes them.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/ci/format-files.sh
# --dry-run reports each file's first difference as FILE:LINE:COL: error: ...
status=0
report="$(printf '%s\0' "${files[@]}" |
  xargs -0 -n 100 "$clang_format" --dry-run --Werror --ferror-limit=1 --style=file 2>&1)" || status=$?
mapfile -t unformatted < <(sed -n -E 's/^([^:]+):[0-9]+:[0-9]+: error: .*/\1/p' <<<"$report" |
  sort -u | grep -Fx -f <(printf '%s\n' "${files[@]}") || true)
if (( status != 0 && ${#unformatted[@]} == 0 )); then
  # Failed without naming a source: a broken .clang-format or clang-format itself.
  echo "$report" >&2
  echo "check-format: $clang_format failed (exit $status)" >&2
  exit 2
fi
if (( ${#unformatted[@]} > 0 )); then
  printf 'not formatted: %s\n' "${unformatted[@]}" >&2
  echo "check-format: ${#unformatted[@]} of ${#files[@]} files are not formatted as .clang-format says (run scripts/dev/format.sh)" >&2
  exit 1
fi
echo "check-format: all ${#files[@]} files formatted"
