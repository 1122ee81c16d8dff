#include "sim/latency_model.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "measure/errors.hpp"
#include "sim/frame_counts.hpp"

namespace trexsearch::sim {
namespace {

// Above this many received frames a trial draws this many samples and weights them:
// the histogram's shape is the same, the cost stays bounded on long soak trials.
constexpr std::uint64_t max_drawn_samples = std::uint64_t{1} << 20;

void check_finite_non_negative(const char* name, double value) {
  if (!std::isfinite(value) || value < 0.0) {
    throw measure::MeasurementError(std::string("latency model: ") + name +
                                    " must be finite and >= 0, got " +
                                    measure::format_value(value));
  }
}

void check_capacity(double capacity_pps) {
  if (!std::isfinite(capacity_pps) || capacity_pps <= 0.0) {
    throw measure::MeasurementError("latency model: capacity must be finite and > 0 pps, got " +
                                    measure::format_value(capacity_pps));
  }
}

void check_conditions(const LatencyConditions& conditions) {
  check_finite_non_negative("load [pps]", conditions.load_pps);
  check_finite_non_negative("stream rate [pps]", conditions.stream_rate_pps);
  check_finite_non_negative("soak offset [s]", conditions.soak_offset.count());
  check_capacity(conditions.capacity_pps);
  if (!std::isfinite(conditions.duration.count()) || conditions.duration.count() <= 0.0) {
    throw measure::MeasurementError("latency model: duration must be finite and > 0 s, got " +
                                    measure::format_value(conditions.duration.count()));
  }
}

// A uniform draw in (0, 1]: logarithms and negative powers of it stay finite.
double uniform_open_zero(std::mt19937_64& random) {
  return 1.0 - std::generate_canonical<double, 53>(random);
}

}  // namespace

LatencyModel::LatencyModel(const LatencyParameters& parameters, std::uint64_t seed)
    : parameters_(parameters), random_(seed) {}

double LatencyModel::mean_queue_delay_us(double load_pps, double capacity_pps) const {
  const double rho = capacity_pps > 0.0 ? load_pps / capacity_pps : 1.0;
  if (rho >= 1.0) return parameters_.buffer_us;
  return std::min(parameters_.service_us * rho / (1.0 - rho), parameters_.buffer_us);
}

std::uint64_t LatencyModel::draw_received(std::uint64_t sent, double load_pps,
                                          double capacity_pps) {
  check_finite_non_negative("load [pps]", load_pps);
  check_capacity(capacity_pps);
  // Latency frames share the SUT's queue: above capacity they are lost like the rest.
  const double overload_loss = load_pps > capacity_pps ? 1.0 - capacity_pps / load_pps : 0.0;
  const double survive = (1.0 - overload_loss) * (1.0 - parameters_.loss_ratio);
  if (survive >= 1.0) return sent;  // no draw: samples at different loads stay paired
  if (sent == 0 || survive <= 0.0) return 0;
  std::binomial_distribution<std::uint64_t> received(sent, survive);
  return received(random_);
}

measure::SequenceErrors LatencyModel::sequence_errors(std::uint64_t sent, std::uint64_t received) {
  measure::SequenceErrors errors;
  const std::uint64_t lost = sent > received ? sent - received : 0;
  errors.dropped = lost;
  // Independent losses come in runs of mean length 1 / survive; each run TRex sees
  // as one "seq too high" event (trex-flowstats-latency.md §2.1). An approximation:
  // the model draws no sequence, only counts.
  if (lost > 0 && received > 0) {
    const double survive = static_cast<double>(received) / static_cast<double>(sent);
    errors.seq_too_high = std::clamp<std::uint64_t>(
        static_cast<std::uint64_t>(std::llround(static_cast<double>(lost) * survive)), 1, lost);
  }
  return errors;
}

LatencySamples LatencyModel::draw_latencies(std::uint64_t received,
                                            const LatencyConditions& conditions) {
  check_conditions(conditions);
  LatencySamples samples;
  // Drift at the trial's middle.
  const double hours =
      (conditions.soak_offset.count() + conditions.duration.count() / 2.0) / 3600.0;
  const double base_us = std::max(0.0, parameters_.base_us + parameters_.drift_us_per_hour * hours);
  const double queue_us = mean_queue_delay_us(conditions.load_pps, conditions.capacity_pps);
  const std::uint64_t drawn = std::min(received, max_drawn_samples);
  const std::uint64_t weight = drawn == 0 ? 0 : received / drawn;
  const std::uint64_t heavier = drawn == 0 ? 0 : received % drawn;
  const auto top_us = static_cast<double>(measure::LatencyHistogram::highest_trackable_us);
  for (std::uint64_t i = 0; i < drawn; ++i) {
    // Inverse-transform draws, so with the same seed every sample grows with the load.
    // The queueing wait is exponential (M/M/1) with the mean above, cut at the buffer.
    const double wait_us =
        std::min(-queue_us * std::log(uniform_open_zero(random_)), parameters_.buffer_us);
    const double tail_draw = std::generate_canonical<double, 53>(random_);
    const double tail_shape = uniform_open_zero(random_);
    double latency_us = base_us + wait_us;
    if (tail_draw < parameters_.tail_ratio) {
      // Lomax, shape 2, scale tail_us: mean tail_us, infinite variance.
      latency_us += parameters_.tail_us * (1.0 / std::sqrt(tail_shape) - 1.0);
    }
    latency_us = std::min(latency_us, top_us);
    const auto sample_us = static_cast<std::uint64_t>(latency_us);  // TRex truncates
    const std::uint64_t count = weight + (i < heavier ? 1 : 0);
    samples.histogram.record(sample_us, count);
    if (const auto edge = measure::bucket_lower_edge_us(sample_us)) samples.buckets[*edge] += count;
    samples.min_us = i == 0 ? sample_us : std::min(samples.min_us, sample_us);
    samples.max_us = std::max(samples.max_us, sample_us);
    if (last_latency_us_ >= 0.0) {
      jitter_us_ += (std::fabs(latency_us - last_latency_us_) - jitter_us_) / 16.0;
    }
    last_latency_us_ = latency_us;
  }
  samples.jitter_us = static_cast<std::uint64_t>(jitter_us_);
  return samples;
}

LatencyTrial LatencyModel::trial(const LatencyConditions& conditions) {
  check_conditions(conditions);
  LatencyTrial result;
  result.sent =
      static_cast<std::uint64_t>(frames_at_rate(conditions.stream_rate_pps, conditions.duration));
  result.received = draw_received(result.sent, conditions.load_pps, conditions.capacity_pps);
  result.errors = sequence_errors(result.sent, result.received);
  result.samples = draw_latencies(result.received, conditions);
  return result;
}

}  // namespace trexsearch::sim
