#include "daemon/cli/text/trial_text.hpp"

#include <cstdio>

#include "daemon/cli/text/latency_text.hpp"
#include "daemon/cli/text/terminal_text.hpp"
#include "daemon/cli/text/trial_notes_text.hpp"

namespace trexsearch::cli {
namespace {

std::string printf_text(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

/// The part of the line every trial has.
std::string trial_facts(const protocol::TrialRecord& trial, std::string_view unit) {
  return "trial " + std::to_string(trial.number) + " [" + terminal_safe(trial.phase) + "] " +
         printf_text("%.1f", trial.load_pps) + " " + std::string(unit) + ", " +
         printf_text("%g", trial.intended_duration_s) + " s: loss " +
         loss_percent(trial.loss_ratio);
}

std::string join(const std::vector<std::string>& items, std::size_t count) {
  std::string text;
  for (std::size_t i = 0; i < count; ++i) text += (i == 0 ? "" : ", ") + items[i];
  return text;
}

std::string direction_loss(const measure::DirectionCounts& direction) {
  std::string text = terminal_safe(direction.name) + " " + loss_percent(direction.loss_ratio());
  const auto lost = direction.loss();
  const auto unsent = direction.unsent();
  if (lost != 0 || unsent != 0) {
    text += " (" + std::to_string(lost) + " lost";
    if (unsent != 0) text += ", " + std::to_string(unsent) + " unsent";
    text += ")";
  }
  return text;
}

}  // namespace

std::string loss_percent(double loss_ratio) {
  // Four significant digits rather than fixed decimals: a 1e-7 soak loss must not
  // print as 0, and the trial line has no room for "100.0000".
  return printf_text("%.4g %%", loss_ratio * 100.0);
}

std::string format_trial_line(const protocol::TrialRecord& trial, std::string_view unit) {
  const std::string facts = trial_facts(trial, unit);
  const std::vector<std::string> markers = trial_markers(trial, unit);
  const std::size_t n = markers.size();
  const auto more = [n](std::size_t shown) {
    return shown == n ? std::string() : (shown == 0 ? "+" : " +") + std::to_string(n - shown);
  };
  // All markers if they fit; else as many as fit and "+N" for the rest (the notes
  // under the line name them all); the tester limit without its rate before nothing.
  std::vector<std::string> candidates;
  for (std::size_t shown = n; shown > 0; --shown)
    candidates.push_back(join(markers, shown) + more(shown));
  if (n > 0 && markers[0].rfind("TESTER-LIMITED ", 0) == 0) {
    candidates.push_back("TESTER-LIMITED" + more(1));
  }
  if (n > 0) candidates.push_back(more(0));
  for (const std::string& tail : candidates) {
    std::string line = facts + "  " + tail;
    if (line.size() <= kTrialLineColumns) return line;
  }
  return facts.size() <= kTrialLineColumns ? facts : facts.substr(0, kTrialLineColumns);
}

std::vector<std::string> trial_detail_lines(const protocol::TrialRecord& trial) {
  std::vector<std::string> lines;
  if (trial.tester_limited_pps && trial.measured_loss_ratio) {
    // The search counts it as full loss; what its counts say is for the reader.
    lines.push_back("    counted as full loss (tester-limited); its counts give loss " +
                    loss_percent(*trial.measured_loss_ratio));
  }
  const std::vector<measure::DirectionCounts>& directions = trial.directions;
  bool any_lost = false;
  for (const measure::DirectionCounts& direction : directions) {
    any_lost = any_lost || direction.loss() != 0 || direction.unsent() != 0;
  }
  if (directions.size() > 1 && any_lost) {
    std::string line = "    per direction:";
    for (std::size_t i = 0; i < directions.size(); ++i) {
      line += (i == 0 ? " " : "; ") + direction_loss(directions[i]);
    }
    lines.push_back(line);
  }
  // A latency trial says so: each direction's percentiles (docs/latency.md).
  for (const measure::DirectionLatency& direction : trial.latency) {
    lines.push_back("    latency " + latency_direction_line(direction));
  }
  for (const measure::TrialNote& note : trial.notes) {
    lines.push_back("    " + terminal_safe(note.text()));
  }
  return lines;
}

}  // namespace trexsearch::cli
