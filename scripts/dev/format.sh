#!/usr/bin/env bash
# Formats every C++ source (not the generated *.inc tables) in place with .clang-format
# (docs/design.md "Checked style"). Rerunnable: a formatted tree is left unchanged.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/ci/format-files.sh
printf '%s\0' "${files[@]}" | xargs -0 -n 100 "$clang_format" -i --style=file
echo "format: ${#files[@]} files formatted with $("$clang_format" --version)"
