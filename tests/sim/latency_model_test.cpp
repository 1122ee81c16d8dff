#include "sim/latency_model.hpp"

#include <doctest/doctest.h>

#include "measure/errors.hpp"

namespace trexsearch::sim {
namespace {

constexpr double capacity_pps = 1e6;
constexpr double stream_pps = 9000.0;

LatencyTrial run(LatencyModel& model, double load_pps,
                 measure::Seconds soak_offset = measure::Seconds{0.0},
                 measure::Seconds duration = measure::Seconds{5.0}) {
  return model.trial({.load_pps = load_pps,
                      .capacity_pps = capacity_pps,
                      .duration = duration,
                      .soak_offset = soak_offset,
                      .stream_rate_pps = stream_pps});
}

}  // namespace

TEST_CASE("An idle SUT's latency is the model's base latency") {
  LatencyModel model(LatencyParameters{.base_us = 25.0, .tail_ratio = 0.0}, 7);
  const LatencyTrial trial = run(model, stream_pps);  // only the latency stream: rho < 1 %
  CHECK(trial.sent == 45000);
  CHECK(trial.received == 45000);
  CHECK(trial.samples.histogram.total() == 45000);
  CHECK(trial.samples.histogram.min_us() == 25);
  CHECK(trial.samples.histogram.value_at_percentile(50.0) == 25);
  CHECK(trial.samples.histogram.value_at_percentile(99.0) <= 26);  // mean wait 0.045 us
  CHECK(trial.samples.buckets == measure::BucketHistogram{{20, 45000}});
}

TEST_CASE("Latency grows with load as the queue fills, every percentile") {
  const LatencyParameters parameters{.base_us = 10.0, .service_us = 20.0, .buffer_us = 2000.0};
  LatencyModel low(parameters, 3);
  LatencyModel high(parameters, 3);  // the same draws at another load
  const LatencyTrial at_10 = run(low, 0.1 * capacity_pps);
  const LatencyTrial at_90 = run(high, 0.9 * capacity_pps);
  for (const double p : {50.0, 90.0, 99.0, 99.9}) {
    CAPTURE(p);
    CHECK(at_90.samples.histogram.value_at_percentile(p) >
          at_10.samples.histogram.value_at_percentile(p));
  }
  // M/M/1: mean wait 20 * 0.9 / 0.1 = 180 us at 90 %, 2.2 us at 10 %.
  CHECK(at_90.samples.histogram.mean_us() == doctest::Approx(10.0 + 180.0 + 0.1).epsilon(0.05));
  CHECK(low.mean_queue_delay_us(0.1 * capacity_pps, capacity_pps) == doctest::Approx(20.0 / 9.0));
  // At and above capacity the buffer is full; nothing waits longer than it.
  CHECK(low.mean_queue_delay_us(capacity_pps, capacity_pps) == 2000.0);
  LatencyModel overloaded(LatencyParameters{.buffer_us = 2000.0, .tail_ratio = 0.0}, 3);
  const LatencyTrial at_150 = run(overloaded, 1.5 * capacity_pps);
  CHECK(at_150.samples.histogram.max_us() <= 10 + 2000);
  // Overload loses latency frames like the rest: a third of them at 1.5 C.
  CHECK(static_cast<double>(at_150.received) == doctest::Approx(45000.0 * 2.0 / 3.0).epsilon(0.02));
  CHECK(at_150.errors.dropped == at_150.sent - at_150.received);
}

TEST_CASE("Percentiles are ordered and the tail is long") {
  LatencyModel model(LatencyParameters{.tail_ratio = 0.01, .tail_us = 500.0}, 11);
  const LatencyTrial trial =
      run(model, 0.5 * capacity_pps, measure::Seconds{0.0}, measure::Seconds{30.0});
  const auto& h = trial.samples.histogram;
  CHECK(h.value_at_percentile(50.0) <= h.value_at_percentile(90.0));
  CHECK(h.value_at_percentile(90.0) <= h.value_at_percentile(99.0));
  CHECK(h.value_at_percentile(99.0) <= h.value_at_percentile(99.9));
  CHECK(h.value_at_percentile(99.9) <= h.max_us());
  // 1 % tail frames with a mean of 500 us: P99.9 far above the P50 of about base + wait.
  CHECK(h.value_at_percentile(99.9) > 5 * h.value_at_percentile(50.0));
  CHECK(trial.samples.jitter_us > 0);
}

TEST_CASE("Drift moves the base latency with soak time") {
  const LatencyParameters parameters{.base_us = 20.0, .tail_ratio = 0.0, .drift_us_per_hour = 5.0};
  LatencyModel model(parameters, 1);
  const LatencyTrial start = run(model, stream_pps, measure::Seconds{0.0}, measure::Seconds{60.0});
  const LatencyTrial after_8h =
      run(model, stream_pps, measure::Seconds{8 * 3600.0}, measure::Seconds{60.0});
  CHECK(start.samples.histogram.value_at_percentile(50.0) == 20);
  CHECK(after_8h.samples.histogram.value_at_percentile(50.0) == 60);  // 20 + 5 * 8.008
  LatencyModel falling(
      LatencyParameters{.base_us = 5.0, .tail_ratio = 0.0, .drift_us_per_hour = -10.0}, 1);
  CHECK(run(falling, stream_pps, measure::Seconds{3600.0}).samples.histogram.max_us() <=
        1);  // never below 0
}

TEST_CASE("Latency-path loss loses latency frames only, with sequence errors") {
  LatencyModel model(LatencyParameters{.loss_ratio = 0.1}, 5);
  const LatencyTrial trial = run(model, 0.5 * capacity_pps);
  CHECK(trial.sent == 45000);
  CHECK(static_cast<double>(trial.received) == doctest::Approx(40500.0).epsilon(0.02));
  CHECK(trial.samples.histogram.total() == trial.received);
  CHECK(trial.errors.dropped == trial.sent - trial.received);
  CHECK(trial.errors.seq_too_high > 0);
  CHECK(trial.errors.seq_too_high <= trial.errors.dropped);
}

TEST_CASE("Long trials are drawn from a bounded sample with exact counts") {
  LatencyModel model(LatencyParameters{}, 2);
  const LatencyTrial trial =
      run(model, 0.5 * capacity_pps, measure::Seconds{0.0}, measure::Seconds{600.0});
  CHECK(trial.sent == 5'400'000);
  CHECK(trial.samples.histogram.total() == 5'400'000);
  std::uint64_t bucketed = 0;
  for (const auto& [edge, count] : trial.samples.buckets) bucketed += count;
  CHECK(bucketed == 5'400'000);
}

TEST_CASE("The steps alone: received frames, exact min and max, sequence errors") {
  LatencyModel model(LatencyParameters{.base_us = 40.0, .tail_ratio = 0.0}, 8);
  CHECK(model.draw_received(1000, 5e5, capacity_pps) == 1000);  // below capacity, no loss
  const std::uint64_t half = model.draw_received(100000, 2 * capacity_pps, capacity_pps);
  CHECK(static_cast<double>(half) == doctest::Approx(50000.0).epsilon(0.02));
  const LatencySamples samples = model.draw_latencies(
      500, {.load_pps = 1e4, .capacity_pps = capacity_pps, .duration = measure::Seconds{1.0}});
  CHECK(samples.histogram.total() == 500);
  CHECK(samples.min_us == 40);
  CHECK(samples.max_us >= samples.min_us);
  CHECK(model.draw_latencies(0, {.capacity_pps = 1.0}).histogram.empty());
  const measure::SequenceErrors errors = LatencyModel::sequence_errors(100, 90);
  CHECK(errors.dropped == 10);
  CHECK(errors.seq_too_high == 9);  // 10 lost at survival 0.9: about 9 runs
  CHECK(LatencyModel::sequence_errors(100, 0).seq_too_high == 0);
  CHECK(LatencyModel::sequence_errors(100, 100).dropped == 0);
}

TEST_CASE("The same seed gives the same trial; bad conditions are refused by name") {
  LatencyModel a(LatencyParameters{}, 9);
  LatencyModel b(LatencyParameters{}, 9);
  CHECK(run(a, 5e5).samples.histogram == run(b, 5e5).samples.histogram);
  CHECK_THROWS_WITH_AS(a.trial({.load_pps = -1.0, .capacity_pps = 1.0, .stream_rate_pps = 1.0}),
                       doctest::Contains("load [pps] must be finite and >= 0, got -1"),
                       measure::MeasurementError);
  CHECK_THROWS_WITH_AS(a.trial({.load_pps = 1.0, .capacity_pps = 0.0, .stream_rate_pps = 1.0}),
                       doctest::Contains("capacity must be finite and > 0 pps"),
                       measure::MeasurementError);
  CHECK_THROWS_WITH_AS(
      a.trial({.load_pps = 1.0, .capacity_pps = 1.0, .duration = measure::Seconds{0.0}}),
      doctest::Contains("duration must be finite and > 0 s"), measure::MeasurementError);
}

}  // namespace trexsearch::sim
