#!/bin/sh
# Shows or moves a running TRex's threads between CPUs, for stand measurements.
#
# The stand (../shared/reference/real-trex-stand.md) runs TRex with `low_end`: every TRex
# thread shares one CPU. A server TRex gives its data-plane cores to the data plane alone
# (its master/RPC thread and its RX core have cores of their own). `dp-alone CPU` moves every
# thread but the data plane ("Trex DP core N") to CPU, so the stand's data plane has its
# core to itself, as on such a server; `together CPU` puts them all back on one CPU (the
# stand's own layout, but for DPDK's idle helper threads, which the stand starts elsewhere).
# docs/benchmarks-trex.md says what each layout costs a trial.
#
#   bench/trex_client/trex_threads.sh show
#   bench/trex_client/trex_threads.sh dp-alone 0      # the rest of TRex onto CPU 0
#   bench/trex_client/trex_threads.sh together 1      # everything back onto CPU 1
#
# TREX_PID picks the process when several TRex instances run (default: the only `_t-rex-64`).
# Only affinities change: nothing is restarted, and a restarted TRex starts in its own layout.
set -eu

usage() {
  echo "usage: $0 show | dp-alone CPU | together CPU" >&2
  exit 2
}

[ $# -ge 1 ] || usage
action=$1
cpu=${2:-}
case "$action" in
  show) [ $# -eq 1 ] || usage ;;
  dp-alone | together)
    [ $# -eq 2 ] || usage
    case "$cpu" in '' | *[!0-9]*) echo "$0: CPU must be a CPU number, got '$cpu'" >&2; exit 2 ;; esac
    ;;
  *) usage ;;
esac

pid=${TREX_PID:-}
if [ -z "$pid" ]; then
  pids=$(pgrep -x _t-rex-64 || true)
  count=$(printf '%s\n' "$pids" | grep -c . || true)
  if [ "$count" -ne 1 ]; then
    echo "$0: expected one running _t-rex-64, found $count ($pids); set TREX_PID" >&2
    exit 1
  fi
  pid=$pids
fi
[ -d "/proc/$pid/task" ] || { echo "$0: no process $pid" >&2; exit 1; }

dp_threads=0
for task in /proc/"$pid"/task/*; do
  tid=${task##*/}
  name=$(cat "$task/comm" 2>/dev/null) || continue # a thread that just ended
  case "$name" in "Trex DP core"*) is_dp=1; dp_threads=$((dp_threads + 1)) ;; *) is_dp=0 ;; esac
  if [ "$action" = together ] || { [ "$action" = dp-alone ] && [ $is_dp -eq 0 ]; }; then
    taskset -p -c "$cpu" "$tid" >/dev/null
  fi
  printf '%-8s %-18s CPUs %s\n' "$tid" "$name" "$(taskset -p -c "$tid" | sed 's/.*: //')"
done
if [ "$action" = dp-alone ] && [ $dp_threads -eq 0 ]; then
  echo "$0: no 'Trex DP core' thread in process $pid: nothing is on a core of its own" >&2
  exit 1
fi
