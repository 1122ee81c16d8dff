#include "daemon/cli/text/trial_notes_text.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <utility>

#include "daemon/cli/text/terminal_text.hpp"
#include "daemon/report/note_tally.hpp"

namespace trexsearch::cli {
namespace {

/// A trial line's short marker for the keys that qualify its counts; others show
/// their key.
constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kMarkers{{
    {measure::note_key::repeated, "repeated"},
    {measure::note_key::negative_loss, "neg.loss"},
    {measure::note_key::port_counters, "port ctrs"},
    {measure::note_key::sut_frames, "sut frames"},
    {measure::note_key::settle_capped, "settle capped"},
    {measure::note_key::tx_queue_full, "tx queue full"},
}};

std::string marker_of(const std::string& key) {
  if (key == measure::note_key::tester_limited) return "TESTER-LIMITED";
  for (const auto& [known, marker] : kMarkers) {
    if (key == known) return std::string(marker);
  }
  return terminal_safe(key);
}

}  // namespace

std::vector<std::string> trial_note_keys(const protocol::TrialRecord& trial) {
  return report::note_keys(trial.notes, trial.tester_limited_pps.has_value());
}

std::string short_rate(double pps, std::string_view unit) {
  const char* prefix = "";
  double scaled = pps;
  if (pps >= 1e9) {
    prefix = "G";
    scaled = pps / 1e9;
  } else if (pps >= 1e6) {
    prefix = "M";
    scaled = pps / 1e6;
  } else if (pps >= 1e3) {
    prefix = "k";
    scaled = pps / 1e3;
  }
  // Three significant digits: "1.00 Mpps", "12.3 Mpps", "950 kpps" (or kcps).
  const int decimals = scaled >= 100.0 ? 0 : scaled >= 10.0 ? 1 : 2;
  char text[48];
  std::snprintf(text, sizeof text, "%.*f %s", decimals, scaled, prefix);
  return text + std::string(unit);
}

std::vector<std::string> trial_markers(const protocol::TrialRecord& trial, std::string_view unit) {
  std::vector<std::string> keys = trial_note_keys(trial);
  std::stable_sort(keys.begin(), keys.end(), report::note_key_before);
  std::vector<std::string> markers;
  for (const std::string& key : keys) {
    if (key == measure::note_key::tester_limited && trial.tester_limited_pps) {
      markers.push_back("TESTER-LIMITED " + short_rate(*trial.tester_limited_pps, unit));
    } else {
      markers.push_back(marker_of(key));
    }
  }
  return markers;
}

std::string format_note_summary(const std::vector<protocol::TrialRecord>& trials,
                                std::string_view unit) {
  report::NoteTally tally;
  for (const protocol::TrialRecord& trial : trials) {
    tally.add(trial.load_pps, trial.notes, trial.tester_limited_pps.has_value());
  }
  const std::vector<report::NoteCount> counts = tally.counts();
  if (counts.empty()) return "notes: none";
  std::string text = "notes: ";
  for (std::size_t i = 0; i < counts.size(); ++i) {
    std::string loads;
    for (const auto& [load, n] : counts[i].per_load) {
      loads += (loads.empty() ? "at " : "; at ") + load_text(load) + " " + std::string(unit) +
               ": " + std::to_string(n);
    }
    text += (i == 0 ? "" : ", ") + std::to_string(counts[i].trials) + " " +
            terminal_safe(counts[i].key) + " (" + loads + ")";
  }
  return text;
}

std::string format_counters_summary(const std::vector<protocol::TrialRecord>& trials) {
  report::CounterTally tally;
  for (const protocol::TrialRecord& trial : trials) {
    if (!trial.counters.empty()) tally.add(trial.counters);
  }
  const auto& sources = tally.sources();
  if (sources.empty()) return "";
  std::string text = "counters: ";
  if (sources.size() == 1 && sources[0].second == trials.size()) {
    return text + terminal_safe(sources[0].first) + " (all " + std::to_string(trials.size()) +
           " trials)";
  }
  std::size_t said = 0;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    text += (i == 0 ? "" : ", ") + terminal_safe(sources[i].first) + " (" +
            std::to_string(sources[i].second) + " trials)";
    said += sources[i].second;
  }
  if (said < trials.size()) text += ", not reported (" + std::to_string(trials.size() - said) + ")";
  return text;
}

}  // namespace trexsearch::cli
