#!/usr/bin/env bash
# Installs what is missing, builds with warnings as errors, runs the whole test suite.
# README's test command; .ci/run calls it too.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
build_dir="${TREX_SEARCH_BUILD_DIR:-build}"
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTREX_SEARCH_WERROR=ON >/dev/null
cmake --build "$build_dir" -j "$(nproc)"
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" "$@"
