#!/usr/bin/env python3
"""A whole NDR/PDR search through trex-searchd: per-trial overhead and traffic share.

Starts trex-searchd from the build in a scratch directory (pinned to CPU 0 with taskset,
as docs/benchmarks-trex.md's stand runs are), submits an NDR/PDR MLRsearch job (CSIT's
goals, 1 s trials, 64 B UDP, port 0 -> 1 or both directions) against a running TRex at
ENDPOINT, waits for it, and prints from the daemon's own records (`trex-search --json
show`):

- overhead per trial: effective minus intended duration, over all trials of the search
  (median, p90, max), and split into lossless and lossy trials;
- traffic share: the time the trials sent traffic over the search's wall time (first
  trial's start to the last trial's end on the search clock, which is what a search
  spends: setup before the first trial is not in it), and over the job's run time
  (started to finished, session setup included). A trial sent traffic for its intended
  duration, or for its effective one when that is shorter: TRex's data plane often sends
  the first milliseconds of a run at once and is done early, and the measurer stops the
  ports once every frame is out;
- the NDR and PDR bounds, the trial count and every note, under the load selection the
  job ran with (its stored spec's `strategy`: trex-searchd's default, fast, unless
  `--strategy` names one).

    bench/trex_client/search_overhead.py --endpoint tcp://127.0.0.1:4501 [--bidirectional]
        [--runs 2] [--min-load 10000] [--max-load 300000] [--build build] [--no-force-start]
        [--pin-cli] [--goals etc/goals/rfc2544.json] [--strategy csit] [--dump PREFIX]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def profile(bidirectional):
    return {"name": "ipv4-udp-64b-" + ("bidir" if bidirectional else "unidir"),
            "port_pairs": [{"ports": [0, 1], "bidirectional": bidirectional}],
            "frame_size": 64, "ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"},
            "udp": {"src_port": 1025, "dst_port": 12}}


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms_stats(values):
    if not values:
        return "none"
    return "median %.2f ms, p90 %.2f ms, max %.2f ms (%d trials)" % (
        statistics.median(values) * 1e3, quantile(values, 0.9) * 1e3, max(values) * 1e3,
        len(values))


def fmt_bounds(goal):
    def one(value):
        return "-" if value is None else "{:,.1f}".format(value)
    return "[%s, %s]" % (one(goal.get("relevant_lower_bound")),
                         one(goal.get("relevant_upper_bound")))


class Daemon:
    """trex-searchd in a scratch directory; stopped (SIGTERM, bounded wait) on exit."""

    def __init__(self, build, endpoint, pin_cli=False):
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        self.searchd = os.path.join(root, build, "daemon/searchd/trex-searchd")
        self.cli = os.path.join(root, build, "daemon/cli/trex-search")
        for program in (self.searchd, self.cli):
            if not os.access(program, os.X_OK):
                sys.exit(f"search_overhead: {program} is not built (cmake --build {build})")
        self.endpoint = endpoint
        self.work = tempfile.mkdtemp(prefix="search-overhead.")
        self.socket = os.path.join(self.work, "c.sock")
        self.env = dict(os.environ, TREX_SEARCH_SOCKET=self.socket)
        # The watching CLI wakes at every trial's progress event; unpinned, the
        # scheduler may wake it on TRex's core (CPU 1 on the stand).
        self.cli_pin = ["taskset", "-c", "0"] if pin_cli and shutil.which("taskset") else []

    def __enter__(self):
        conf = os.path.join(self.work, "d.conf")
        open(conf, "w", encoding="utf-8").close()
        pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
        self.log = open(os.path.join(self.work, "d.log"), "w", encoding="utf-8")
        self.process = subprocess.Popen(
            pin + [self.searchd, "--config", conf, "--socket", self.socket,
                   "--state-dir", os.path.join(self.work, "state"),
                   "--trex-endpoint", self.endpoint],
            stdout=subprocess.DEVNULL, stderr=self.log)
        for _ in range(200):  # the socket appears when the daemon is ready (bounded)
            if os.path.exists(self.socket):
                return self
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        sys.exit("search_overhead: trex-searchd did not start; its log: " +
                 os.path.join(self.work, "d.log"))

    def __exit__(self, *exc):
        self.process.terminate()
        self.process.wait(timeout=30)
        self.log.close()
        shutil.rmtree(self.work, ignore_errors=True)

    def run_job(self, job):
        job_file = os.path.join(self.work, "job.json")
        with open(job_file, "w", encoding="utf-8") as out:
            json.dump(job, out)
        submit = [self.cli, "submit", "--job-file", job_file, "--watch"]
        submitted = subprocess.run(self.cli_pin + submit, env=self.env, capture_output=True,
                                   text=True, check=False)
        number = None
        for line in submitted.stdout.splitlines():
            if line.startswith("job ") and " queued" in line:
                number = line.split()[1]
        if number is None:
            sys.exit("search_overhead: the job was not accepted: " + submitted.stderr)
        shown = subprocess.run([self.cli, "--json", "show", number], env=self.env,
                               capture_output=True, text=True, check=False)
        result = subprocess.run([self.cli, "--json", "result", number], env=self.env,
                                capture_output=True, text=True, check=False)
        return json.loads(shown.stdout), json.loads(result.stdout)


def wall_of(text):
    """Unix seconds of an ISO-8601 UTC time or a number."""
    if isinstance(text, (int, float)):
        return float(text)
    from datetime import datetime
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def report(label, shown, result):
    job = shown.get("job", shown)
    trials = shown["trials"]
    over = [(t["effective_duration"] or t["intended_duration"]) - t["intended_duration"]
            for t in trials]
    lossy = [o for o, t in zip(over, trials) if t["loss_count"] > 0]
    lossless = [o for o, t in zip(over, trials) if t["loss_count"] <= 0]
    traffic = sum(min(t["intended_duration"], t["effective_duration"] or t["intended_duration"])
                  for t in trials)
    short = sum(1 for t in trials
                if (t["effective_duration"] or t["intended_duration"]) < t["intended_duration"])
    first = trials[0]["started_at"]
    last = trials[-1]
    span = last["started_at"] + (last["effective_duration"] or last["intended_duration"]) - first
    run_time = wall_of(job["finished_at"]) - wall_of(job["started_at"])
    # Between trials: from one trial's end to the next one's start (the controller, the
    # store, the progress event). A trial's started_at is taken before the measurer's
    # preparations (the prime run before the session's first trial, port checks), its
    # effective duration after them: the gap after trial 1 holds the prime run (about
    # 10-30 ms), so it is reported on its own.
    gaps = [b["started_at"] - (a["started_at"] + (a["effective_duration"] or
                                                    a["intended_duration"]))
            for a, b in zip(trials, trials[1:])]
    first_gap = gaps.pop(0) if gaps else None
    strategy = shown.get("spec", {}).get("spec", {}).get("strategy", "?")
    print(f"== {label}, {strategy}: {len(trials)} trials, {traffic:.2f} s of traffic "
          f"({short} trials done before their intended duration)")
    print(f"   overhead, all trials: {ms_stats(over)}")
    print(f"   overhead, lossless:   {ms_stats(lossless)}")
    print(f"   overhead, lossy:      {ms_stats(lossy)}")
    print(f"   between trials:       {ms_stats(gaps)}, from trial 2 on; after trial 1 "
          f"(its prime run included): "
          f"{'-' if first_gap is None else f'{1e3 * first_gap:.2f} ms'}")
    print(f"   traffic share: {100 * traffic / span:.2f} % of the search ({span:.2f} s, first "
          f"trial's start to last trial's end); {100 * traffic / run_time:.2f} % of the job's "
          f"run time ({run_time:.2f} s, session setup included)")
    goals = result.get("result", result).get("goals", [])
    print("   " + ", ".join(f"{g.get('name')} {fmt_bounds(g)}" for g in goals))
    for t in trials:
        for note in t["notes"]:
            print(f"   trial {t['number']} ({t['load']:.1f} pps): {note}")
    return over, traffic, span


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--endpoint", required=True)
    parser.add_argument("--bidirectional", action="store_true")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--min-load", type=float, default=10000)
    parser.add_argument("--max-load", type=float, default=300000)
    parser.add_argument("--build", default="build")
    parser.add_argument("--pin-cli", action="store_true",
                        help="run the watching trex-search CLI on CPU 0 too, off TRex's core")
    parser.add_argument("--no-force-start", action="store_true",
                        help="force_start off: TRex makes its link, destination MAC and "
                             "line-rate checks at every start (the default before issue #31)")
    parser.add_argument("--goals", metavar="FILE",
                        help="the goals of a goal file such as etc/goals/rfc2544.json "
                             "instead of CSIT's NDR and PDR")
    parser.add_argument("--strategy", choices=["csit", "fast"],
                        help="the load selection (docs/mlrsearch.md); without it the job "
                             "names none and trex-searchd's default (fast) runs. Each run's "
                             "report names the strategy its stored spec says it ran with")
    parser.add_argument("--dump", metavar="PREFIX",
                        help="also write each run's trials (`trex-search --json show`) to "
                             "PREFIX-N.json")
    args = parser.parse_args()
    goals = [{"name": "NDR", "loss_ratio": 0}, {"name": "PDR", "loss_ratio": 0.005}]
    if args.goals:
        with open(args.goals, encoding="utf-8") as goal_file:
            goals = json.load(goal_file)["goals"]
    spec = {"goals": goals, "min_load": args.min_load, "max_load": args.max_load}
    if args.strategy:
        spec["strategy"] = args.strategy
    job = {"method": "mlr", "name": "search-overhead", "spec": spec,
           "measurer": {"kind": "trex", "profile": profile(args.bidirectional),
                        "force_start": not args.no_force_start}}
    direction = "both directions" if args.bidirectional else "one direction"
    every = []
    with Daemon(args.build, args.endpoint, args.pin_cli) as daemon:
        for run in range(1, args.runs + 1):
            shown, result = daemon.run_job(job)
            if args.dump:
                with open(f"{args.dump}-{run}.json", "w", encoding="utf-8") as out:
                    json.dump(shown, out, indent=1)
            over, _, _ = report(f"run {run}, {direction}", shown, result)
            every.extend(over)
    if args.runs > 1:
        print(f"== all runs: overhead {ms_stats(every)}")


if __name__ == "__main__":
    main()
