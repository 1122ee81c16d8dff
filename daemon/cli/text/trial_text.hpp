#pragma once

#include <string>
#include <vector>

#include "daemon/cli/text/number_text.hpp"
#include "daemon/protocol/replies/trial_record.hpp"

namespace trexsearch::cli {

/// The widest a trial line gets: it must not wrap on an 80-column terminal, where
/// `watch` redraws the line under it in place.
inline constexpr std::size_t kTrialLineColumns = 80;

/// "trial 12 [main] 1002064.4 pps, 1 s: loss 0.2050 %  TESTER-LIMITED 1.23 Mpps, repeated":
/// the loss the search judged by, then a marker per kind of note; at most
/// kTrialLineColumns wide (markers that do not fit become "+N", the notes below say them).
/// One trial as `show` lists it and `watch` reports it (a `trial` event's trial).
std::string format_trial_line(const protocol::TrialRecord& trial,
                              std::string_view unit = kFramesPerSecond);

/// What goes under the trial line, each indented by 4 and terminal-safe: for a
/// tester-limited trial the loss its counts give, for a trial with several directions
/// of which one lost frames each direction's loss, then every note.
std::vector<std::string> trial_detail_lines(const protocol::TrialRecord& trial);

/// A loss ratio as a percentage with 4 significant digits: "0.205 %", "100 %",
/// "1e-05 %"; a loss that is not 0 never prints as 0.
std::string loss_percent(double loss_ratio);

}  // namespace trexsearch::cli
