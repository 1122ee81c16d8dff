#!/usr/bin/env bash
# Rewrites the generated command reference at the end of docs/cli.md (between its
# BEGIN/END command reference lines) with `trex-search help --markdown`, the same
# table the help texts come from. tests/daemon/cli/cli_usage_test.cpp fails when the
# committed docs/cli.md differs from what the binary generates.
# Usage: scripts/dev/update-cli-reference.sh [PATH/TO/trex-search]   (default build/daemon/cli/trex-search)
set -euo pipefail
cd "$(dirname "$0")/../.."
binary="${1:-build/daemon/cli/trex-search}"
doc=docs/cli.md
generated="$(mktemp)"
trap 'rm -f "$generated" "$doc.new"' EXIT
"$binary" help --markdown >"$generated"
begin="$(head -n 1 "$generated")"
end="$(tail -n 1 "$generated")"
# Everything before the BEGIN line, the generated text, everything after the END line.
awk -v begin="$begin" -v end="$end" -v generated="$generated" '
  $0 == begin { while ((getline line < generated) > 0) print line; skipping = 1; found = 1; next }
  skipping && $0 == end { skipping = 0; next }
  !skipping { print }
  END { if (!found) { print ""; while ((getline line < generated) > 0) print line } }
' "$doc" >"$doc.new"
mv "$doc.new" "$doc"
