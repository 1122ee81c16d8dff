#!/usr/bin/env python3
"""A model of the fast strategy's noisy RFC 2544 policy, before building it.

The `noisy` SUT draws one capacity per trial, c = C * (1 + noise * z); a trial
at load L loses frames when L > c, and then its forwarding rate is c, a sample
of the capacity. The RFC 2544 goal (loss 0, exceed ratio 0, one 60 s
full-length trial) makes a load a lower bound with one passing 60 s trial and
no high-loss trial, an upper bound with one high-loss trial of any duration
(draft-06 Appendix A). Loads are on a geometric grid of 0.5 % steps (one goal
width), with C at a random offset.

The policy: k 1 s trials at max load (k samples); a 60 s trial at the grid
load at or below mean(samples) * (1 + 0.005)^-a; on a miss, that load is an
upper bound and its rate a sample, and the next 60 s trial goes one step
lower (or to the new mean, if lower). Above a lower bound, 1 s trials one
step up until one loses; after `up` that did not, a 60 s trial there.

It prints, per (k, a, up): mean trial seconds, runs within one width of C, and
the mean relative error, to compare with bench_mlr_strategies' csit figures
(1 % noise: 127.8 s, 354 of 1000, -0.644 %). It decided what search/fast
builds (docs/benchmarks-mlrsearch.md, change 8): the 60 s trial's place
against the mean matters, the number of samples less.

    python3 bench/mlrsearch/rfc2544_sample_policy.py --noise 0.01 --runs 2000
"""
import argparse
import math
import random
import statistics

STEP = 0.005  # grid ratio step, equal to the goal width


def index_at_or_below(load):
    return math.floor(math.log(load) / math.log(1 + STEP) + 1e-12)


def grid_load(index):
    return (1 + STEP) ** index


def run(seed, noise, k, a, up):
    rnd = random.Random(seed)
    capacity = (1 + STEP) ** rnd.random()

    def draw():
        return capacity * (1 + noise * rnd.gauss(0, 1))

    cost = float(k)
    samples = [draw() for _ in range(k)]
    upper = set()
    load = index_at_or_below(statistics.mean(samples) * (1 + STEP) ** -a)
    while True:
        cost += 60
        c = draw()
        if c < grid_load(load):
            samples.append(c)
            upper.add(load)
            mean_index = index_at_or_below(statistics.mean(samples) * (1 + STEP) ** -a)
            load = min(load - 1, mean_index)
            continue
        above, tries = load + 1, 0
        while above not in upper:
            cost += 1
            tries += 1
            if draw() < grid_load(above):
                upper.add(above)
                break
            if tries >= up:
                cost += 60
                if draw() < grid_load(above):
                    upper.add(above)
                    break
                load, above, tries = above, above + 1, 0
        return cost, (grid_load(load) - capacity) / capacity


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--noise", type=float, default=0.01)
    parser.add_argument("--runs", type=int, default=2000)
    args = parser.parse_args()
    for k in (1, 2, 4, 8):
        for a in (-0.5, 0.0, 0.5, 1.0):
            for up in (2, 4, 1000):
                results = [run(seed, args.noise, k, a, up) for seed in range(args.runs)]
                cost = statistics.mean(r[0] for r in results)
                within = sum(abs(r[1]) <= STEP + 1e-9 for r in results)
                error = statistics.mean(r[1] for r in results)
                print(f"k={k} a={a:+.1f} up={up:4d}: {cost:6.1f} s, within one width "
                      f"{within}/{args.runs}, mean error {error * 100:+.3f} %")


if __name__ == "__main__":
    main()
