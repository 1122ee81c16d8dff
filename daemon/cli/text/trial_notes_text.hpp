#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "daemon/cli/text/number_text.hpp"
#include "daemon/protocol/replies/trial_record.hpp"

namespace trexsearch::cli {

// Trial notes for people, from the trials of the daemon's replies (`result`,
// `show`, `watch` events): short markers for a trial line and counts per key for a
// whole result. The keys and how they count: report/note_tally.hpp.

/// The keys a trial's notes carry, each once, in note order; "tester_limited"
/// also when only `tester_limited_pps` says so.
std::vector<std::string> trial_note_keys(const protocol::TrialRecord& trial);

/// Short markers for a trial line, the tester limit first: "TESTER-LIMITED 1.23 Mpps",
/// "repeated", "neg.loss", "port ctrs", "sut frames", "settle capped", "tx queue full",
/// then any other key as it is.
std::vector<std::string> trial_markers(const protocol::TrialRecord& trial,
                                       std::string_view unit = kFramesPerSecond);

/// A rate in 3 significant digits with its SI prefix: "1.23 Mpps", "950 kpps".
std::string short_rate(double pps, std::string_view unit = kFramesPerSecond);

/// Counts per note key over `trials`, and per load:
/// "notes: 3 tester_limited (at 7500000.0 pps: 1; at 10000000.0 pps: 2), 1 repeated
/// (at 1000000.0 pps: 1)", or "notes: none". A trial counts once per key.
std::string format_note_summary(const std::vector<protocol::TrialRecord>& trials,
                                std::string_view unit = kFramesPerSecond);

/// Which counters the counts come from: "counters: flow_stats (all 36 trials)",
/// "counters: port (4 trials), flow_stats (32 trials)"; empty when no trial says.
std::string format_counters_summary(const std::vector<protocol::TrialRecord>& trials);

}  // namespace trexsearch::cli
