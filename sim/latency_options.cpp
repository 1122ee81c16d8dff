#include "sim/latency_options.hpp"

#include <limits>
#include <string>

namespace trexsearch::sim {
namespace {

constexpr double unbounded = std::numeric_limits<double>::infinity();

// Defaults: a software SUT of tens of microseconds when idle, a millisecond-scale
// queue near capacity (docs/latency-percentiles.md).
const SutOptionSpec specs[] = {
    {.name = "latency_base_us",
     .default_value = 10.0,
     .unit = "us",
     .description = "latency of an idle SUT",
     .min = 0.0,
     .max = 1e6},
    {.name = "latency_service_us",
     .default_value = 5.0,
     .unit = "us",
     .description = "queueing scale: mean wait service * rho / (1 - rho) at rho = load / capacity",
     .min = 0.0,
     .max = 1e6},
    {.name = "latency_buffer_us",
     .default_value = 5000.0,
     .unit = "us",
     .description = "longest queueing wait (the buffer), reached at and above capacity",
     .min = 0.0,
     .max = 1e6},
    {.name = "latency_tail_ratio",
     .default_value = 0.001,
     .unit = "1",
     .description = "share of frames with an extra long-tail delay",
     .min = 0.0,
     .max = 1.0},
    {.name = "latency_tail_us",
     .default_value = 100.0,
     .unit = "us",
     .description = "mean extra delay of a tail frame (Lomax, shape 2)",
     .min = 0.0,
     .max = 1e6},
    {.name = "latency_drift_us_per_hour",
     .default_value = 0.0,
     .unit = "us/h",
     .description = "change of the base latency per hour of soak time",
     .min = -1e6,
     .max = 1e6},
    {.name = "latency_loss_ratio",
     .default_value = 0.0,
     .unit = "1",
     .description = "latency-path loss: share of latency frames lost on top of overload loss",
     .min = 0.0,
     .max = 1.0},
    {.name = "latency_rate_pps",
     .default_value = 0.0,
     .unit = "frames/s",
     .description = "sim measurer: latency stream rate per direction (0: none; the emulator "
                    "takes it from the profile)",
     .min = 0.0,
     .max = unbounded},
};

}  // namespace

std::span<const SutOptionSpec> latency_option_specs() { return specs; }

bool is_latency_option(std::string_view name) { return name.starts_with("latency_"); }

std::pair<SutOptions, LatencyOptions> split_latency_options(std::string_view model,
                                                            const SutOptions& options,
                                                            std::uint64_t seed) {
  SutOptions own;
  SutOptions latency;
  for (const auto& [name, value] : options) {
    (is_latency_option(name) ? latency : own).emplace(name, value);
  }
  const ValidatedOptions validated(model, latency, specs);
  LatencyOptions parsed;
  parsed.parameters.base_us = validated.get("latency_base_us");
  parsed.parameters.service_us = validated.get("latency_service_us");
  parsed.parameters.buffer_us = validated.get("latency_buffer_us");
  parsed.parameters.tail_ratio = validated.get("latency_tail_ratio");
  parsed.parameters.tail_us = validated.get("latency_tail_us");
  parsed.parameters.drift_us_per_hour = validated.get("latency_drift_us_per_hour");
  parsed.parameters.loss_ratio = validated.get("latency_loss_ratio");
  parsed.stream_rate_pps = validated.get("latency_rate_pps");
  parsed.seed = seed;
  return {std::move(own), parsed};
}

std::uint64_t latency_seed(std::uint64_t seed, std::uint32_t direction) {
  // splitmix64 of (seed, direction): well mixed, so neighbouring seeds and the loss
  // model's mt19937_64(seed) give unrelated latency draws.
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (std::uint64_t{direction} + 0x1A7E);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace trexsearch::sim
