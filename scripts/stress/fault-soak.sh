#!/usr/bin/env bash
# The fault-injection soak of the whole service (issue #7, docs/reliability.md):
# a PLRsearch job and a queue of MLRsearch jobs against trex-emulator in
# compressed time, while the daemon is SIGKILLed and restarted, the emulator
# restarts, TRex replies are dropped, slowed and corrupted, and many clients send
# malformed and oversized requests. At the end it checks every job, the store
# (no lost or duplicated trial, PRAGMA integrity_check), RSS and the PLR estimate
# against a fault-free run, and prints the figures. The test suite runs the same
# test with small numbers; these are the issue's.
# Usage: scripts/stress/fault-soak.sh   (override any TREX_SEARCH_SOAK_* below)
set -euo pipefail
cd "$(dirname "$0")/../.."

./scripts/install-deps.sh
build_dir="${TREX_SEARCH_BUILD_DIR:-build}"
./scripts/configure.sh "$build_dir"
flock "${TREX_SEARCH_BUILD_LOCK:-/tmp/trex-search-build.lock}" \
  cmake --build "$build_dir" -j "$(nproc)" --target e2e_fault_soak >/dev/null

export TREX_SEARCH_SOAK_KILLS="${TREX_SEARCH_SOAK_KILLS:-20}"
export TREX_SEARCH_SOAK_EMULATOR_RESTARTS="${TREX_SEARCH_SOAK_EMULATOR_RESTARTS:-10}"
export TREX_SEARCH_SOAK_DROPPED_REPLIES="${TREX_SEARCH_SOAK_DROPPED_REPLIES:-3}"
export TREX_SEARCH_SOAK_SLOW_REPLIES="${TREX_SEARCH_SOAK_SLOW_REPLIES:-5}"
export TREX_SEARCH_SOAK_CORRUPT_REPLIES="${TREX_SEARCH_SOAK_CORRUPT_REPLIES:-3}"
export TREX_SEARCH_SOAK_BUSY_BURSTS="${TREX_SEARCH_SOAK_BUSY_BURSTS:-3}"
export TREX_SEARCH_SOAK_CLIENTS="${TREX_SEARCH_SOAK_CLIENTS:-32}"
export TREX_SEARCH_SOAK_MLR_JOBS="${TREX_SEARCH_SOAK_MLR_JOBS:-6}"
export TREX_SEARCH_SOAK_PLR_BUDGET="${TREX_SEARCH_SOAK_PLR_BUDGET:-3600}"
export TREX_SEARCH_SOAK_SEED="${TREX_SEARCH_SOAK_SEED:-1}"
export TREX_SEARCH_SOAK_TRIALS_BETWEEN_FAULTS="${TREX_SEARCH_SOAK_TRIALS_BETWEEN_FAULTS:-10}"
"$build_dir/tests/e2e/e2e_fault_soak"
