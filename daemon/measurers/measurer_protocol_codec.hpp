#pragma once

#include <string>
#include <string_view>

#include "measure/trial_result.hpp"
#include "measure/units.hpp"

namespace trexsearch::codec {

/// One trial request of the external-measurer line protocol (docs/external-measurer.md).
struct MeasurerRequest {
  /// Intended trial duration.
  measure::Seconds duration{0.0};
  /// Intended load [frames/s per direction].
  double load_pps = 0.0;
};

/// The longest reply line accepted, newline excluded [bytes].
inline constexpr std::size_t kMaxMeasurerReplyBytes = std::size_t{1} << 20;

/// Request -> `{"duration":D,"load":L}` (one line, no newline).
std::string encode_measurer_request(const MeasurerRequest& request);

/// A request line -> MeasurerRequest (for measurers written in C++ and for tests);
/// throws ConfigError naming the field.
MeasurerRequest decode_measurer_request(std::string_view line);

/// A reply line -> TrialOutcome. Accepts `{"offered_count": N, "loss_count": K,
/// "intended_count"?: M, "effective_duration"?: S, "notes"?: [...]}`; throws
/// MeasurementError for `{"error": "..."}` and for anything malformed, quoting the
/// line (cut to 200 characters).
measure::TrialOutcome decode_measurer_reply(std::string_view line);

/// TrialOutcome -> reply line (no newline).
std::string encode_measurer_reply(const measure::TrialOutcome& outcome);

/// `{"error": message}` as a reply line (no newline).
std::string encode_measurer_error_reply(std::string_view message);

}  // namespace trexsearch::codec
