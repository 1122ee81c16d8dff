#!/usr/bin/env python3
"""fast against csit beyond bench_mlr_strategies: every goal file in etc/goals/,
every built-in SUT model with a few option variants, three capacities.

Each search runs through `trex-search simulate --sut` (virtual time) with the goal
file's own limits, once per strategy and seed, and the table gives, per row,
fast's mean trial seconds over csit's, both mean trial counts, the worst
per-run ratio, and the runs in which fast stopped differently (time limit) or
took more than twice csit's time; and for the results, how many goal results
(runs times goals) fast put more than one goal width below or above csit's
conditional throughput, how many only one of them had (min load an upper
bound), and the mean relative difference. Most sweep models have no single
true answer to compare with (bench_mlr_strategies does that for its six), so
this says where the two strategies disagree, not which is right. It looks for
the cases the bench's six models and two goal sets do not cover
(docs/benchmarks-mlrsearch.md, "The default, read again").

    bench/mlrsearch/strategy_sweep.py [--seeds 5] [--build build] [--goals tst009]
"""
import argparse
import itertools
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

REPO = pathlib.Path(__file__).resolve().parents[2]
MODELS = [
    ("sharp", []),
    ("noisy", []),
    ("noisy", ["noise=0.01"]),
    ("noisy", ["noise=0.05"]),
    ("lossy", []),
    ("lossy", ["background_loss_ratio=0.00001"]),
    ("bursty", []),
    ("duration_dependent", []),
    ("duration_dependent", ["buffer_frames=1000000"]),
    ("soak", []),
]
CAPACITIES = [None, "20000", "14000000"]  # the model's default (10 Mpps), near min, near max load


def run(cli, spec_path, model, options, seed, capacity, timeout_s):
    command = [cli, "simulate", "--spec", str(spec_path), "--sut", model, "--seed", str(seed)]
    for option in options:
        command += ["--sut-option", option]
    if capacity:
        command += ["--sut-option", "capacity_pps=" + capacity]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return {"error": f"no result within {timeout_s} s of wall time"}
    try:
        out = json.loads(done.stdout)
    except json.JSONDecodeError:
        return {"error": f"exit {done.returncode}: {done.stderr.strip()[-200:]}"}
    seconds = sum(t.get("effective_duration", t.get("duration", 0.0)) for t in out["trials"])
    results = [(g["name"], g.get("conditional_throughput"), g["goal"]["relative_width"])
               for g in out.get("goals", [])]
    return {"trials": len(out["trials"]), "seconds": seconds, "stop": out.get("stop_reason"),
            "results": results}


def compare_results(pairs):
    """Each goal of each run, fast's conditional throughput against csit's:
    (fast more than one goal width below, more than one width above, only one
    of them has a result, the mean relative difference over runs where both do)."""
    below = above = one_sided = 0
    differences = []
    for fast, csit in pairs:
        for (name, fast_ct, width), (_, csit_ct, _) in zip(fast["results"], csit["results"]):
            if fast_ct is None or csit_ct is None:
                one_sided += (fast_ct is None) != (csit_ct is None)
                continue
            differences.append(fast_ct / csit_ct - 1.0)
            if fast_ct < csit_ct * (1.0 - width):
                below += 1
            elif fast_ct > csit_ct / (1.0 - width):
                above += 1
    mean = statistics.mean(differences) if differences else 0.0
    return below, above, one_sided, mean


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--build", default="build")
    parser.add_argument("--goals", action="append",
                        help="goal file stem in etc/goals (repeatable; default: all)")
    parser.add_argument("--model", action="append",
                        help="only this model (repeatable; default: all)")
    parser.add_argument("--capacity", action="append",
                        help="only this capacity: default, 20000 or 14000000 (repeatable)")
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="wall-clock seconds per search before it is reported as stuck")
    args = parser.parse_args()
    cli = str(REPO / args.build / "daemon/cli/trex-search")
    stems = args.goals or sorted(p.stem for p in (REPO / "etc/goals").glob("*.json"))
    models = [m for m in MODELS if not args.model or m[0] in args.model]
    capacities = [c for c in CAPACITIES
                  if not args.capacity or (c or "default") in args.capacity]
    work = pathlib.Path(tempfile.mkdtemp(prefix="strategy-sweep."))
    specs = {}
    for stem, strategy in itertools.product(stems, ("fast", "csit")):
        spec = json.loads((REPO / "etc/goals" / (stem + ".json")).read_text())
        spec["strategy"] = strategy
        specs[stem, strategy] = work / f"{stem}-{strategy}.json"
        specs[stem, strategy].write_text(json.dumps(spec))
    jobs = [(stem, strategy, model, tuple(options), seed, capacity)
            for stem, (model, options), capacity, seed in
            itertools.product(stems, models, capacities, range(1, args.seeds + 1))
            for strategy in ("fast", "csit")]
    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(
            lambda j: run(cli, specs[j[0], j[1]], j[2], list(j[3]), j[4], j[5], args.timeout),
            jobs))
    by_job = dict(zip(jobs, results))
    ratios = []
    print("| goals | model | options | capacity [pps] | fast/csit trial s | trials fast / csit "
          "| worst run fast/csit | runs fast stopped otherwise | runs fast > 2x csit "
          "| results fast below / above csit by > 1 width | only one has a result "
          "| fast CT / csit CT - 1, mean |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for stem, (model, options), capacity in itertools.product(stems, models, capacities):
        pairs = [(by_job[stem, "fast", model, tuple(options), s, capacity],
                  by_job[stem, "csit", model, tuple(options), s, capacity])
                 for s in range(1, args.seeds + 1)]
        errors = [f.get("error") or c.get("error") for f, c in pairs if "error" in f or "error" in c]
        pairs = [(f, c) for f, c in pairs if "error" not in f and "error" not in c]
        if not pairs:
            print(f"| {stem} | {model} | {','.join(options)} | {capacity or 'default'} | "
                  f"no result: {errors[0]} | | | | | | | |")
            continue
        fast_s = statistics.mean(f["seconds"] for f, _ in pairs)
        csit_s = statistics.mean(c["seconds"] for _, c in pairs)
        worst = max(f["seconds"] / c["seconds"] for f, c in pairs)
        stopped = sum(1 for f, c in pairs if f["stop"] != c["stop"]) + len(errors)
        slow = sum(1 for f, c in pairs if f["seconds"] > 2 * c["seconds"])
        below, above, one_sided, mean_difference = compare_results(pairs)
        ratios.append(fast_s / csit_s)
        print(f"| {stem} | {model} | {','.join(options)} | {capacity or 'default'} | "
              f"{fast_s / csit_s:.3f} | {statistics.mean(f['trials'] for f, _ in pairs):.1f} / "
              f"{statistics.mean(c['trials'] for _, c in pairs):.1f} | {worst:.2f} | "
              f"{stopped} | {slow} | {below} / {above} | {one_sided} | {mean_difference:+.3%} |")
    if ratios:
        print(f"\n{len(ratios)} rows: fast/csit trial seconds at most 1.0 in "
              f"{sum(r <= 1.0 for r in ratios)}, at most 1.2 in {sum(r <= 1.2 for r in ratios)}, "
              f"at most 1.5 in {sum(r <= 1.5 for r in ratios)}; highest {max(ratios):.3f}; "
              f"geometric mean {statistics.geometric_mean(ratios):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
