#!/usr/bin/env bash
# README's first command, on a fresh Debian 12 machine, no root service needed:
#   1. installs the Debian packages the project needs (idempotent) and builds;
#   2. starts trex-emulator (TRex's RPC protocol with a simulated SUT: noisy, 3.2 Mpps,
#      emulated time 10x faster than real time) and trex-searchd, both in a temporary
#      directory (the daemon's socket and job store there);
#   3. submits an NDR/PDR MLRsearch job (docs/examples/spec-ndr-pdr.json, CSIT's goals,
#      profile etc/profiles/ipv4-udp-64b-bidir-latency.json: 64 B both ways with a
#      9000 pps latency stream per direction) with `trex-search submit --watch`,
#      showing its progress trial by trial, then its latency trials at 0/10/50/90 %
#      of the PDR (docs/latency.md);
#   4. prints the result table (NDR and PDR: relevant bounds, conditional throughput,
#      regular/irregular, trials, total time; latency percentiles per direction) and
#      writes the HTML report;
#   5. runs a short PLRsearch soak (2 minutes of emulated time, target loss ratio
#      1e-7) the same way, its estimate shown as it goes, and its report;
#   6. stops both processes cleanly, also on Ctrl-C or an error.
# If this build's daemon refuses the `trex` measurer, the job runs on the daemon's
# built-in simulated SUT (`sim` measurer, virtual time) instead, and says so.
#
# Environment: TREX_SEARCH_BUILD_DIR (default build), TREX_SEARCH_DEMO_SKIP_DEPS=1
# skips the package step (e.g. offline), TREX_SEARCH_DEMO_REPORT (report path),
# TREX_SEARCH_DEMO_SPEED (emulated time speed-up, default 10),
# TREX_SEARCH_DEMO_SOAK_SECONDS (the soak's emulated time budget, default 120; 0 skips it).
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"

if [[ "${TREX_SEARCH_DEMO_SKIP_DEPS:-0}" != 1 ]]; then
  ./scripts/install-deps.sh
fi
build_dir="${TREX_SEARCH_BUILD_DIR:-build}"
echo "== building (cmake + ninja in $build_dir)"
./scripts/configure.sh "$build_dir"
# Only the three programs the demo runs (about 420 objects of the tree's 660): test.sh,
# configured the same way, builds the rest and rebuilds none of these (docs/ci.md
# "Build time").
begun=$SECONDS
cmake --build "$build_dir" -j "$(nproc)" --target trex-search trex-searchd trex-emulator
echo "demo.sh: build $((SECONDS - begun)) s"
cli="$repo/$build_dir/daemon/cli/trex-search"
searchd="$repo/$build_dir/daemon/searchd/trex-searchd"
report="${TREX_SEARCH_DEMO_REPORT:-$repo/$build_dir/demo-report.html}"

emulator="$repo/$build_dir/trex_emulator/trex-emulator"
speed="${TREX_SEARCH_DEMO_SPEED:-10}"

work="$(mktemp -d "${TMPDIR:-/tmp}/trex-search-demo.XXXXXX")"
daemon_pid=""
emulator_pid=""
stop_process() {
  # SIGTERM: the daemon finishes its store writes and removes its socket; the
  # emulator exits 0.
  if [[ -n "$1" ]] && kill -0 "$1" 2>/dev/null; then
    kill -TERM "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
  fi
}
stop_all() {
  stop_process "$daemon_pid"
  stop_process "$emulator_pid"
  rm -rf "$work"
}
trap stop_all EXIT
trap 'exit 130' INT TERM

fail_with_log() {
  echo "demo: $1; its log:" >&2
  cat "$2" >&2
  exit 1
}

echo "== starting trex-emulator (simulated SUT 'noisy', 3.2 Mpps; time ${speed}x faster)"
"$emulator" --rpc-port 0 --pub-port 0 --sut noisy --sut-option capacity_pps=3.2e6 --seed 7 --hdrh \
  --speed "$speed" >"$work/emulator.out" 2>"$work/emulator.log" &
emulator_pid=$!
endpoint=""
for _ in $(seq 100); do
  endpoint="$(sed -n 's/^rpc \(tcp:.*\)$/\1/p' "$work/emulator.out")"
  [[ -n "$endpoint" ]] && break
  kill -0 "$emulator_pid" 2>/dev/null || fail_with_log "trex-emulator exited" "$work/emulator.log"
  sleep 0.1
done
[[ -n "$endpoint" ]] || fail_with_log "trex-emulator printed no endpoint" "$work/emulator.log"
echo "   TRex RPC endpoint: $endpoint"

echo "== starting trex-searchd in $work (socket and job store there)"
: >"$work/trex-searchd.conf"
"$searchd" --config "$work/trex-searchd.conf" --socket "$work/control.sock" \
  --state-dir "$work/state" --trex-endpoint "$endpoint" 2>"$work/daemon.log" &
daemon_pid=$!
export TREX_SEARCH_SOCKET="$work/control.sock"
for _ in $(seq 100); do
  "$cli" status >/dev/null 2>&1 && break
  kill -0 "$daemon_pid" 2>/dev/null || fail_with_log "trex-searchd exited" "$work/daemon.log"
  sleep 0.1
done
"$cli" status >/dev/null || fail_with_log "trex-searchd does not answer" "$work/daemon.log"

# The job: the spec, the profile and the trex measurer (emulated time as fast as
# the emulator's, so trial durations are right on TRex's clock).
cat >"$work/job.json" <<JOB
{"method": "mlr", "name": "demo", "profile": "ipv4-udp-64b-bidir-latency",
 "spec": $(cat docs/examples/spec-ndr-pdr.json),
 "measurer": {"kind": "trex", "profile": "$repo/etc/profiles/ipv4-udp-64b-bidir-latency.json",
              "speed": $speed}}
JOB

# submit --watch: prints "job N queued", then one line per trial until the job ends.
submit_watch() {
  set +e
  "$cli" submit "$@" --watch 2>"$work/submit.err" | tee "$work/submit.out"
  local rc=${PIPESTATUS[0]}
  set -e
  return "$rc"
}

echo
echo "== MLRsearch, NDR and PDR (docs/examples/spec-ndr-pdr.json), 64-byte IPv4/UDP both"
echo "== directions, through trex-searchd's trex measurer on trex-emulator (1 s trials on"
echo "== the emulator's clock, ${speed}x faster than real time)"
echo
rc=0
submit_watch --job-file "$work/job.json" || rc=$?
if [[ $rc -ne 0 ]] && ! grep -q '^job [0-9]* queued' "$work/submit.out"; then
  echo "== this trex-searchd refused the trex measurer: $(cat "$work/submit.err")"
  echo "== so the job measures trex-searchd's built-in simulated SUT instead ('sim' measurer,"
  echo "== noisy, 3.2 Mpps, virtual time): daemon-based, no TRex or emulator involved"
  echo
  rc=0
  submit_watch --spec docs/examples/spec-ndr-pdr.json --sut noisy \
    --sut-option capacity_pps=3.2e6 --name demo || rc=$?
fi
job="$(sed -n 's/^job \([0-9][0-9]*\) queued.*/\1/p' "$work/submit.out" | head -n 1)"
if [[ -z "$job" ]]; then
  echo "demo: the job was not accepted: $(cat "$work/submit.err")" >&2
  exit 1
fi
if [[ $rc -ne 0 ]]; then
  echo "demo: job $job did not finish (exit code $rc); the daemon's log:" >&2
  tail -n 20 "$work/daemon.log" >&2
fi

echo
echo "== result of job $job (trex-search result $job; --json for every trial)"
"$cli" result "$job"
echo
"$cli" report "$job" -o "$report"
echo
echo "HTML report (search converging, goal tables, every trial): $report"

soak_seconds="${TREX_SEARCH_DEMO_SOAK_SECONDS:-120}"
if [[ "$soak_seconds" != 0 ]] && grep -q '"kind": "trex"' "$work/job.json" && [[ $rc -eq 0 ]]; then
  soak_report="${report%.html}-soak.html"
  cat >"$work/soak.json" <<JOB
{"method": "plr", "name": "demo-soak", "profile": "ipv4-udp-64b-bidir-latency",
 "spec": {"target_loss_ratio": 1e-7, "min_load": 9001, "max_load": 14880952,
          "trial_duration_first": 1, "trial_duration_increment": 1,
          "time_budget": $soak_seconds},
 "measurer": {"kind": "trex", "profile": "$repo/etc/profiles/ipv4-udp-64b-bidir-latency.json",
              "speed": $speed}}
JOB
  echo
  echo "== PLRsearch soak: the critical load at loss ratio 1e-7 over ${soak_seconds} s of"
  echo "== emulated time (trials 1 s, 2 s, 3 s ...; the estimate and its spread per trial)"
  echo
  soak_rc=0
  submit_watch --job-file "$work/soak.json" || soak_rc=$?
  soak_job="$(sed -n 's/^job \([0-9][0-9]*\) queued.*/\1/p' "$work/submit.out" | head -n 1)"
  if [[ -n "$soak_job" ]]; then
    echo
    echo "== result of job $soak_job"
    "$cli" result "$soak_job"
    "$cli" report "$soak_job" -o "$soak_report"
    echo "HTML report (estimate over time, fits, losses): $soak_report"
  fi
  [[ $soak_rc -eq 0 ]] || echo "demo: the soak job did not finish (exit code $soak_rc)" >&2
fi
echo "More: README.md, docs/user-guide.md, docs/cli.md"
