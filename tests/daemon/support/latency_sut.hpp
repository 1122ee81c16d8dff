#pragma once

#include <cmath>
#include <cstdint>
#include <string>

#include "measure/errors.hpp"
#include "measure/measurer.hpp"

namespace trexsearch::servicetest {

/// A sharp SUT (no loss up to capacity_pps, all excess lost beyond) with latency
/// streams of rate_pps per direction, two directions. Latency grows with load,
/// base_us idle; drift_us_per_trial adds that much per latency trial so far (a SUT
/// whose latency creeps up over a soak); noise_us alternates +-noise trial by trial.
class LatencySut final : public measure::Measurer {
 public:
  double capacity_pps = 1e6;
  double rate_pps = 9000.0;
  double base_us = 10.0;
  /// How much P50 grows from idle to capacity (quadratically in the load).
  double load_us = 40.0;
  double drift_us_per_trial = 0.0;
  double noise_us = 0.0;
  int measure_calls = 0;
  int latency_calls = 0;

  measure::TrialOutcome measure(measure::Seconds duration, double load_pps,
                                std::stop_token) override {
    ++measure_calls;
    return counts(duration, load_pps);
  }

  bool has_latency_streams() const override { return true; }

  measure::TrialOutcome measure_latency(measure::Seconds duration, double load_pps,
                                        std::stop_token) override {
    if (load_pps < rate_pps) {
      throw measure::MeasurementError("a latency trial at " + measure::format_value(load_pps) +
                                      " pps is below the latency streams' rate " +
                                      measure::format_value(rate_pps) + " pps");
    }
    ++latency_calls;
    measure::TrialOutcome outcome = counts(duration, load_pps - rate_pps);
    const double utilisation = std::min(load_pps / capacity_pps, 1.0);
    const double wobble = (latency_calls % 2 == 0 ? 1.0 : -1.0) * noise_us;
    const double p50 =
        base_us + load_us * utilisation * utilisation + drift_us_per_trial * latency_calls + wobble;
    for (const char* name : {"0->1", "1->0"}) {
      measure::DirectionLatency direction;
      direction.name = name;
      direction.pg_id = name[0] == '0' ? 7 : 8;
      direction.rate_pps = rate_pps;
      direction.sent = static_cast<std::uint64_t>(std::llround(rate_pps * duration.count()));
      direction.received = direction.sent;
      auto& summary = direction.summary;
      summary.samples = direction.received;
      summary.min_us = static_cast<std::uint64_t>(base_us / 2);
      summary.mean_us = p50 + 0.4;
      summary.p50_us = static_cast<std::uint64_t>(std::llround(p50));
      summary.p90_us = static_cast<std::uint64_t>(std::llround(p50 * 1.5));
      summary.p99_us = static_cast<std::uint64_t>(std::llround(p50 * 2.0));
      summary.p999_us = static_cast<std::uint64_t>(std::llround(p50 * 3.0));
      summary.max_us = static_cast<std::uint64_t>(std::llround(p50 * 4.0));
      summary.jitter_us = 2;
      summary.method = measure::PercentileMethod::hdrh;
      summary.resolution_us = 1;
      direction.hdrh = "HISTFAAAAB";
      direction.buckets = {{10, direction.received / 2},
                           {20, direction.received - direction.received / 2}};
      outcome.latency.push_back(direction);
    }
    return outcome;
  }

 private:
  measure::TrialOutcome counts(measure::Seconds duration, double main_pps) const {
    measure::TrialOutcome outcome;
    const auto frames = [&](double pps) {
      return static_cast<std::int64_t>(std::llround(pps * duration.count()));
    };
    outcome.offered_count = frames(main_pps);
    outcome.intended_count = outcome.offered_count;
    outcome.loss_count = frames(std::max(main_pps - capacity_pps, 0.0));
    return outcome;
  }
};

}  // namespace trexsearch::servicetest
