#!/usr/bin/env python3
"""Runs the reference MLRsearch (FD.io CSIT's Python library) on the benchmark's
deterministic and noisy SUT models, for comparison with bench_mlr_vs_binary.

Not part of the build: it needs a CSIT checkout (git clone of FDio/csit; the
library is resources/libraries/python/MLRsearch, pure Python >= 3.8).

The SUTs mirror sim/'s sharp, noisy, duration_dependent, lossy and bursty
models and the benchmark's capacity per seed; Python's random generator is not
libstdc++'s, so random models compare as statistics (mean +- standard error over
many seeds), while deterministic ones must match run for run. The summary line
gives trial seconds (mean +- standard error, worst run) and, per goal, CT's
relative error against the model's truth (C; none for lossy's zero-loss goals):
mean, and the runs within one goal width.

    reference_mlrsearch.py --csit ~/csit --model noisy --noise 0.002 \
        --goals ndr-pdr --seeds 1000
"""

import argparse
import math
import random
import sys


def capacity_for_seed(seed):
    """The benchmark's capacity for a seed: 1 .. 14 Mfps, golden-ratio sequence."""
    u = math.fmod(seed * 0.6180339887498949, 1.0)
    return math.exp(math.log(1e6) + u * (math.log(1.4e7) - math.log(1e6)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--csit", required=True, help="path of a FDio/csit checkout")
    parser.add_argument("--model",
                        choices=["sharp", "noisy", "duration_dependent", "lossy", "bursty"],
                        default="sharp")
    parser.add_argument("--noise", type=float, default=0.002, help="noisy: relative sd")
    parser.add_argument("--buffer-frames", type=int, default=100000,
                        help="duration_dependent: B")
    parser.add_argument("--background-loss", type=float, default=0.001,
                        help="lossy: loss probability of every frame")
    parser.add_argument("--event-rate", type=float, default=0.01,
                        help="bursty: interruptions per second")
    parser.add_argument("--interruption", type=float, default=0.001,
                        help="bursty: length of one interruption [s]")
    parser.add_argument("--goals", choices=["ndr-pdr", "rfc2544"], default="ndr-pdr")
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--details", action="store_true", help="one line per run")
    args = parser.parse_args()

    sys.path.insert(0, args.csit + "/resources/libraries/python")
    from MLRsearch import (AbstractMeasurer, Config, MeasurementResult,
                           MultipleLossRatioSearch, SearchGoal)

    class SimulatedSut(AbstractMeasurer):
        """lost = max(0, offered - round(c * d) - buffer), c per trial."""

        def __init__(self, capacity, seed):
            self.capacity = capacity
            self.random = random.Random(seed)
            self.trials = 0
            self.seconds = 0.0

        def measure(self, intended_duration, intended_load):
            capacity = self.capacity
            if args.model == "noisy":
                z = self.random.gauss(0.0, 1.0)
                capacity = max(0.0, capacity * (1.0 + args.noise * z))
            buffer = args.buffer_frames if args.model == "duration_dependent" else 0
            offered = round(intended_load * intended_duration)
            forwardable = round(capacity * intended_duration) + buffer
            if args.model == "lossy":
                # Binomial survivors, by its normal approximation (n f is large).
                f = args.background_loss
                mean, sd = offered * (1.0 - f), math.sqrt(offered * f * (1.0 - f))
                survivors = min(offered, max(0, round(self.random.gauss(mean, sd))))
                forwarded = min(survivors, forwardable)
            elif args.model == "bursty":
                forwarded = min(offered, forwardable)
                events = self.poisson(args.event_rate * intended_duration)
                burst = events * round(intended_load * args.interruption)
                forwarded = max(0, forwarded - burst)
            else:
                forwarded = min(offered, forwardable)
            loss = offered - forwarded
            self.trials += 1
            self.seconds += intended_duration
            return MeasurementResult(intended_duration=intended_duration,
                                     intended_load=intended_load,
                                     offered_count=offered, loss_count=loss)

        def poisson(self, mean):
            """Knuth's method: the means here are small (at most a few)."""
            limit, count, product = math.exp(-mean), 0, self.random.random()
            while product > limit:
                count += 1
                product *= self.random.random()
            return count

    def goals():
        # The benchmark's goals: CSIT's NDR+PDR, or RFC 2544; fail-fast off.
        if args.goals == "ndr-pdr":
            return [SearchGoal(loss_ratio=ratio, exceed_ratio=0.5, relative_width=0.005,
                               initial_trial_duration=1.0, final_trial_duration=1.0,
                               duration_sum=21.0, preceding_targets=2, fail_fast=False)
                    for ratio in (0.0, 0.005)]
        return [SearchGoal(loss_ratio=0.0, exceed_ratio=0.0, relative_width=0.005,
                           initial_trial_duration=1.0, final_trial_duration=60.0,
                           duration_sum=60.0, preceding_targets=2, fail_fast=False)]

    trials, seconds = [], []
    errors = None
    for seed in range(1, args.seeds + 1):
        config = Config()
        config.goals = goals()
        config.max_load = 14880952.0
        config.min_load = 9001.0
        config.search_duration_max = 1e7
        config.warmup_duration = 0.0
        capacity = capacity_for_seed(seed)
        sut = SimulatedSut(capacity, seed)
        result = MultipleLossRatioSearch(config).search(sut)
        trials.append(sut.trials)
        seconds.append(sut.seconds)
        if errors is None:
            errors = [[] for _ in result]
        for index, (goal, goal_result) in enumerate(result.items()):
            # The C++ benchmark's truth: C, none for lossy's zero-loss goals.
            if args.model == "lossy" and goal.loss_ratio < args.background_loss:
                continue
            if goal_result is None or goal_result.conditional_throughput is None:
                errors[index].append(None)
                continue
            ct = float(goal_result.conditional_throughput)
            errors[index].append((ct - capacity) / capacity)
        if args.details:
            bounds = [None if r is None else
                      tuple(None if v is None else float(v) for v in
                            (r.relevant_lower_bound, r.relevant_upper_bound,
                             r.conditional_throughput))
                      for r in result.values()]
            print(seed, sut.trials, round(sut.seconds, 3), bounds)

    def mean_and_error(values):
        n = len(values)
        mean = sum(values) / n
        if n < 2:
            return mean, 0.0
        variance = sum((v - mean) ** 2 for v in values) / (n - 1)
        return mean, math.sqrt(variance / n)

    t_mean, t_error = mean_and_error(trials)
    s_mean, s_error = mean_and_error(seconds)
    print(f"{args.model} {args.goals} seeds={args.seeds}: trials {t_mean:.2f} +- {t_error:.2f}, "
          f"trial s {s_mean:.2f} +- {s_error:.2f}, worst {max(seconds):.1f}")
    for index, goal_errors in enumerate(errors or []):
        known = [e for e in goal_errors if e is not None]
        if not goal_errors:
            print(f"  goal {index + 1}: no truth")
            continue
        within = sum(1 for e in known if abs(e) <= 0.005)
        mean = 100.0 * sum(known) / len(known) if known else float("nan")
        print(f"  goal {index + 1}: CT within 1 width {within}/{len(goal_errors)}, "
              f"mean error {mean:+.3f} %")


if __name__ == "__main__":
    main()
