#!/usr/bin/env bash
# README's first command: installs what is missing, builds, and runs the main job:
# an NDR/PDR MLRsearch (CSIT's goals) against a built-in simulated SUT on a
# virtual clock, with live progress and the result table.
# Until the daemon and the TRex emulator land, this is the best main job we have.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
build_dir="${TREX_SEARCH_BUILD_DIR:-build}"
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build_dir" -j "$(nproc)" --target trex-search

echo
echo "== MLRsearch, NDR and PDR (docs/examples/spec-ndr-pdr.json) on a noisy simulated SUT"
echo "== of 3.2 Mpps capacity (virtual time; each trial is 1 s of simulated traffic)"
echo
"$build_dir/daemon/cli/trex-search" simulate --spec docs/examples/spec-ndr-pdr.json \
  --sut noisy --sut-option capacity_pps=3.2e6 --seed 7 --progress --table \
  --report "$build_dir/demo-report.html"
echo
echo "HTML report (search converging, goal tables, every trial): $build_dir/demo-report.html"
echo "The full JSON result: drop --table. More: docs/cli.md"
