#include "sim/frame_counts.hpp"

#include <cmath>
#include <string>

#include "measure/errors.hpp"

namespace trexsearch::sim {
namespace {

// Beyond 2^53 a double no longer holds every whole number, so counts derived from
// it would stop being exact; no real trial comes near (1e15 frames is 1 Tfps for
// 1000 s).
constexpr double max_frames = 9007199254740992.0;

}  // namespace

std::int64_t offered_frames(std::string_view model, double load_pps, measure::Seconds duration) {
  const std::string where = "SUT model " + std::string(model) + ": ";
  if (!std::isfinite(load_pps) || load_pps < 0.0) {
    throw measure::MeasurementError(where + "trial load must be finite and >= 0 frames/s, got " +
                                    measure::format_value(load_pps));
  }
  if (!std::isfinite(duration.count()) || duration.count() <= 0.0) {
    throw measure::MeasurementError(where + "trial duration must be finite and > 0 s, got " +
                                    measure::format_value(duration.count()));
  }
  const double frames = load_pps * duration.count();
  if (frames > max_frames) {
    throw measure::MeasurementError(where + "trial of " + measure::format_value(load_pps) +
                                    " frames/s for " + measure::format_value(duration.count()) +
                                    " s has too many frames to count exactly (limit 2^53)");
  }
  return std::llround(frames);
}

std::int64_t frames_at_rate(double rate_pps, measure::Seconds duration) {
  const double frames = rate_pps * duration.count();
  if (!(frames > 0.0)) return 0;
  return std::llround(std::fmin(frames, max_frames));
}

}  // namespace trexsearch::sim
