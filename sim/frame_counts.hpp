#pragma once

#include <cstdint>
#include <string_view>

#include "measure/units.hpp"

namespace trexsearch::sim {

/// Frames a tester offers in one trial: llround(load * duration). Throws
/// MeasurementError naming the model for a negative or non-finite load, a
/// non-positive duration, or more frames than a simulation can count exactly.
std::int64_t offered_frames(std::string_view model, double load_pps, measure::Seconds duration);

/// Frames a rate amounts to over a duration, llround(rate * duration), never negative.
/// The caller has checked that the product is a countable number of frames.
std::int64_t frames_at_rate(double rate_pps, measure::Seconds duration);

}  // namespace trexsearch::sim
