#include "daemon/runners/latency_mode.hpp"

namespace trexsearch::service {

std::variant<bool, std::string> latency_active(const JobSpec& spec,
                                               const measure::Measurer& measurer) {
  const bool streams = measurer.has_latency_streams();
  switch (spec.latency_mode) {
    case LatencyMode::off:
      return false;
    case LatencyMode::automatic:
      return streams;
    case LatencyMode::on:
      if (streams) return true;
      return "the job asks for latency (its \"latency\" section) but its " +
             std::string(measurer_kind(spec.measurer)) +
             " measurer sends no latency streams (a trex profile needs a \"latency\" section, a "
             "sim model the option latency_rate_pps > 0, docs/latency.md); or submit with "
             "\"latency\": false";
  }
  return false;
}

}  // namespace trexsearch::service
