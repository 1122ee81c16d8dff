#include "measure/measurer.hpp"

#include "measure/errors.hpp"

namespace trexsearch::measure {

TrialOutcome Measurer::measure_latency(Seconds /*intended_duration*/, double /*intended_load_pps*/,
                                       std::stop_token /*stop*/) {
  throw MeasurementError(
      "this measurer sends no latency streams (a trex measurer with a profile that has a "
      "\"latency\" section does, docs/latency.md)");
}

}  // namespace trexsearch::measure
