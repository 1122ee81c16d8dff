#!/usr/bin/env bash
# README's first command: installs what is missing, builds, and runs the main job.
# Until the trex-search CLI lands, the main job is the MLRsearch controller's
# comparison with the reference implementation on simulated SUTs.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
build_dir="${TREX_SEARCH_BUILD_DIR:-build}"
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build_dir" -j "$(nproc)" --target search_unit_tests
"$build_dir/tests/search/search_unit_tests" --test-case='*reference*,*RFC 2544*' --success=false
