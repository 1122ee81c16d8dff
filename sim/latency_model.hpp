#pragma once

#include <cstdint>
#include <random>

#include "measure/bucket_histogram.hpp"
#include "measure/direction_latency.hpp"
#include "measure/latency_histogram.hpp"
#include "measure/units.hpp"

namespace trexsearch::sim {

/// One direction's latency parameters (docs/latency-percentiles.md, "The simulated
/// latency model"). Validated where they are parsed (latency_options.hpp).
struct LatencyParameters {
  /// Latency of an idle SUT [us] (forwarding plus the tester's own path).
  double base_us = 10.0;
  /// Queueing scale [us]: the mean queueing delay is service_us * rho / (1 - rho) at
  /// utilisation rho = load / capacity (an M/M/1 queue's wait, zero when idle).
  double service_us = 5.0;
  /// The buffer [us of queueing]: no frame waits longer; reached as rho -> 1 and above.
  double buffer_us = 5000.0;
  /// Share of frames delayed further by the tail distribution (interrupts, cache
  /// misses, ...), independent of load.
  double tail_ratio = 0.001;
  /// Mean extra delay of a tail frame [us]: Lomax (Pareto II) with shape 2, whose
  /// variance is infinite, so the tail is long.
  double tail_us = 100.0;
  /// Drift of the base latency [us per hour of soak time] (PLR trend tests).
  double drift_us_per_hour = 0.0;
  /// Latency-path loss: each latency frame is lost with this probability on top of
  /// overload loss (to test that latency loss never touches the main loss count).
  double loss_ratio = 0.0;
};

/// The latency side of a simulated SUT: its `latency_*` options (every model
/// accepts them next to its own; docs/sut-models.md, "Latency").
struct LatencyOptions {
  LatencyParameters parameters;
  /// Rate of the latency stream per direction that SutMeasurer simulates [pps]
  /// (`latency_rate_pps`); 0: it sends none (has_latency_streams() is false). The
  /// emulator takes the rate from the profile's latency streams instead.
  double stream_rate_pps = 0.0;
  /// Seed of the latency draws (the model's seed; each direction derives its own).
  std::uint64_t seed = 0;
};

/// What one latency trial of one direction runs under.
struct LatencyConditions {
  /// Everything the direction carries [pps], the latency stream included.
  double load_pps = 0.0;
  /// The SUT's capacity C in that direction [pps] (rho = load / C).
  double capacity_pps = 1.0;
  measure::Seconds duration{1.0};
  /// Time since the soak (or the emulator) started, for the drift.
  measure::Seconds soak_offset{0.0};
  /// The latency stream's rate [pps].
  double stream_rate_pps = 0.0;
};

/// Latency samples of received latency frames, whole microseconds (TRex truncates).
struct LatencySamples {
  /// One count per received frame.
  measure::LatencyHistogram histogram;
  /// The same samples in TRex's decade buckets (`lat.histogram`; none from 1 s on).
  measure::BucketHistogram buckets;
  /// Exact smallest and largest sample (0 when none).
  std::uint64_t min_us = 0;
  std::uint64_t max_us = 0;
  /// RFC 3550 jitter (J += (|D| - J) / 16) after the last frame [us], continued
  /// from the model's earlier draws as TRex's `lat.jit` is.
  std::uint64_t jitter_us = 0;
};

/// The latency stream of one trial in one direction, as TRex's RX core would see it.
struct LatencyTrial {
  LatencySamples samples;
  std::uint64_t sent = 0;
  std::uint64_t received = 0;
  measure::SequenceErrors errors;
};

/// A seeded per-direction latency model (pure: no clock, no I/O). The same
/// parameters, seed and sequence of calls give the same samples; with the same
/// seed, every sample grows with the load (inverse-transform draws).
class LatencyModel {
 public:
  LatencyModel(const LatencyParameters& parameters, std::uint64_t seed);

  /// One trial: sent = round(rate * duration); each frame survives overload loss
  /// (1 - C / load above capacity) and latency-path loss; each received frame's
  /// latency = max(0, base + drift) + queueing + tail. Above 2^20 received frames the
  /// histogram is drawn from 2^20 samples weighted to the exact count.
  /// Throws MeasurementError for non-finite or negative inputs, naming them.
  LatencyTrial trial(const LatencyConditions& conditions);

  /// The loss step alone: how many of `sent` latency frames arrive at this load.
  std::uint64_t draw_received(std::uint64_t sent, double load_pps, double capacity_pps);
  /// The latency step alone: samples of `received` frames under `conditions`
  /// (its stream rate unused). Throws like trial().
  LatencySamples draw_latencies(std::uint64_t received, const LatencyConditions& conditions);
  /// Sequence errors of a stream that lost sent - received frames independently:
  /// dropped = the lost frames, seq_too_high = the expected number of loss runs
  /// (at least 1 when any frame was lost and one arrived).
  static measure::SequenceErrors sequence_errors(std::uint64_t sent, std::uint64_t received);

  /// Mean queueing delay [us] at this load: service * rho / (1 - rho), capped by the buffer.
  double mean_queue_delay_us(double load_pps, double capacity_pps) const;

  const LatencyParameters& parameters() const { return parameters_; }

 private:
  LatencyParameters parameters_;
  std::mt19937_64 random_;
  double last_latency_us_ = -1.0;  // < 0: no frame yet
  double jitter_us_ = 0.0;
};

}  // namespace trexsearch::sim
