#!/usr/bin/env python3
"""Trial-seconds floor of CSIT's NDR+PDR goals on the `noisy` SUT model.

An oracle that knows the SUT's median capacity C exactly, on the same load grid
as bench_mlr_strategies (9001 .. 14880952 pps, 1479 steps, one step about one
0.5 % goal width), measures 1 s trials only (one capacity draw each, as the
`noisy` model does), and for each goal (NDR: loss 0, PDR: loss 0.005; exceed
ratio 0.5, duration sum 21 s) decides the load nearest the goal's median
critical load first, then its neighbours in the direction the result says,
until a lower bound and an upper bound are one step apart. A load is a lower
bound after 11 low-loss trials and an upper bound after 11 high-loss ones
(draft-06 Appendix A with 1 s trials and a 21 s sum); trials count for both
goals. Plus the first trial at max load that every search starts with.

No search without this knowledge can expect to spend less with 1 s trials, so
this is the floor that issue #19's 0.85 bar is measured against
(docs/benchmarks-mlrsearch.md, "What is reachable").

    python3 bench/mlrsearch/ndr_pdr_floor.py --noise 0.002 --runs 20000
"""

import argparse
import math
import random
import statistics

# The grid of bench_mlr_strategies: ln(max / min) / steps.
STEP_LOG = math.log(14880952 / 9001) / 1479
TRIALS_TO_DECIDE = 11


def oracle_trial_seconds(rng, noise, phase):
    """One search; the capacity sits `phase` steps above the grid load below it."""
    draws = {}  # grid offset from that load -> per-trial capacities (relative to C)

    def load(k):
        return math.exp((k - phase) * STEP_LOG)

    def classify(k, loss_ratio):
        low = high = 0
        for capacity in draws.get(k, []):
            loss = max(0.0, (load(k) - capacity) / load(k))
            if loss > loss_ratio:
                high += 1
            else:
                low += 1
        if low >= TRIALS_TO_DECIDE:
            return "lower"
        if high >= TRIALS_TO_DECIDE:
            return "upper"
        return None

    def decide(k, loss_ratio):
        while classify(k, loss_ratio) is None:
            draws.setdefault(k, []).append(max(0.0, 1.0 + noise * rng.gauss(0.0, 1.0)))
        return classify(k, loss_ratio)

    for loss_ratio in (0.0, 0.005):
        # The goal's median critical load: capacity / (1 - loss ratio), in steps.
        median = -math.log(1.0 - loss_ratio) / STEP_LOG + phase
        k = round(median)
        if decide(k, loss_ratio) == "lower":
            while decide(k + 1, loss_ratio) != "upper":
                k += 1
        else:
            while decide(k - 1, loss_ratio) != "lower":
                k -= 1
    return 1 + sum(len(capacities) for capacities in draws.values())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--noise", type=float, default=0.002, help="relative capacity sigma")
    parser.add_argument("--runs", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seconds = [oracle_trial_seconds(rng, args.noise, rng.random()) for _ in range(args.runs)]
    mean = statistics.mean(seconds)
    error = statistics.stdev(seconds) / math.sqrt(len(seconds))
    print(f"noise {args.noise}: oracle NDR+PDR trial seconds {mean:.2f} ± {error:.2f}")


if __name__ == "__main__":
    main()
