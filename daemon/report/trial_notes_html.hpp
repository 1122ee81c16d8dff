#pragma once

#include <optional>
#include <string>
#include <vector>

#include "daemon/report/direction_sums.hpp"
#include "daemon/report/note_tally.hpp"

namespace trexsearch::report {

// The HTML both reports use for what a trial said beyond its counts: its notes,
// the tester limit, per-direction sums, the notes counted per kind.

/// A trial table's notes cell: for a tester-limited trial first "TESTER-LIMITED:
/// the tester reached N pps; counted as full loss, its counts give loss ratio M",
/// then every note, one per line; escaped.
std::string notes_cell(const std::vector<measure::TrialNote>& notes,
                       const std::optional<double>& tester_limited_pps,
                       const std::optional<double>& measured_loss_ratio);

/// The tooltip text a chart marker of a tester-limited trial adds.
std::string tester_limited_tooltip(double reached_pps,
                                   const std::optional<double>& measured_loss_ratio);

/// A table of per-direction sums: rows grouped under a label per group (a bound's
/// load and roles, or "all trials"); "" when no group has directions.
struct DirectionGroup {
  std::string label;
  std::size_t trials = 0;
  std::vector<DirectionSum> directions;
};
std::string direction_table(const std::vector<DirectionGroup>& groups);

/// Which counters the counts came from, for people: "flow_stats (12 trials), not
/// reported (3 trials)"; escaped; "" when no trial said.
std::string counters_text(const std::vector<std::pair<std::string, std::size_t>>& counters,
                          std::size_t trials);

/// "Notes" section: each key with its count of trials in all and per load, and
/// which counters the counts came from (`counters`: source -> trials).
std::string notes_section(const NoteTally& tally,
                          const std::vector<std::pair<std::string, std::size_t>>& counters,
                          std::size_t trials);

}  // namespace trexsearch::report
