#!/usr/bin/env bash
# Smoke test of bench_trex_overhead (issue #17): it runs against an in-process
# emulator and against an endpoint (a trex-emulator process, as a real TRex would
# be reached), and prints every part of the overhead. No timing is asserted: speed
# is for the bench's figures on a real TRex (docs/benchmarks-trex.md).
# Usage: bench_trex_smoke.sh BENCH EMULATOR
set -euo pipefail
bench="$1"
emulator="$2"
scratch="$(mktemp -d)"
emulator_pid=""
cleanup() {
  if [[ -n "$emulator_pid" ]]; then kill "$emulator_pid" 2>/dev/null || true; wait "$emulator_pid" 2>/dev/null || true; fi
  rm -rf "$scratch"
}
trap cleanup EXIT

expect() {  # FILE TEXT
  if ! grep -qF -- "$2" "$1"; then
    echo "FAIL: '$2' missing from the bench output:" >&2
    cat "$1" >&2
    exit 1
  fi
}

# In-process emulator: a few 10 ms trials and a search at 100x.
"$bench" --trials 5 --search-speed 100 > "$scratch/in_process.md"
for part in "overhead (wall - duration, settle included)" "before start (baseline read)" \
            "waiting for TX end" "stop + final read (settle)" "release" "other" \
            "RPC exchanges" "start exchange" "Trials with notes: " \
            "traffic share" "NDR: lower bound" "PDR: lower bound"; do
  expect "$scratch/in_process.md" "$part"
done
# A fast emulator never limits the tester. A loaded machine may still have a 10 ms
# trial measured again (tx_end_unverified) or its ports started apart (start_skew),
# as the measurer's own tests allow: those are notes, not failures.
reject_tester_limit() {
  if grep -q "tester_limited" "$1"; then
    echo "FAIL: a tester-limited trial on the emulator:" >&2
    cat "$1" >&2
    exit 1
  fi
}
reject_tester_limit "$scratch/in_process.md"

# An endpoint: trex-emulator on any free port, its bound endpoint read from its
# stdout (a bounded read, not a sleep).
coproc EMU { exec "$emulator" --rpc-port 0 --pub-port 0 --sut-option capacity_pps=2e6 2>/dev/null; }
emulator_pid=$EMU_PID
read -r -t 20 -u "${EMU[0]}" word endpoint || { echo "FAIL: trex-emulator printed no endpoint" >&2; exit 1; }
[[ "$word" == rpc ]] || { echo "FAIL: unexpected first line '$word $endpoint'" >&2; exit 1; }
"$bench" --endpoint "$endpoint" --unidirectional --trials 3 --duration 0.01 --no-search \
  > "$scratch/endpoint.md"
expect "$scratch/endpoint.md" "TRex at $endpoint, port 0 -> 1, 64 B, flow_stats counters"
expect "$scratch/endpoint.md" "Trials with notes: "
reject_tester_limit "$scratch/endpoint.md"
"$bench" --endpoint "$endpoint" --counters port --trials 2 --duration 0.01 --no-search \
  > "$scratch/port.md"
expect "$scratch/port.md" "port 0 <-> 1, 64 B, port counters"

# Bad arguments are refused with a message.
if "$bench" --ports 1,1 2> "$scratch/err.txt"; then echo "FAIL: --ports 1,1 accepted" >&2; exit 1; fi
expect "$scratch/err.txt" "--ports wants two different ports"
echo "bench_trex_overhead smoke test passed"
