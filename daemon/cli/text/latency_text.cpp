#include "daemon/cli/text/latency_text.hpp"

#include <cstdio>
#include <vector>

#include "daemon/cli/text/terminal_text.hpp"
#include "daemon/cli/text/text_table.hpp"

namespace trexsearch::cli {
namespace {

std::string us(const std::optional<std::uint64_t>& value) {
  return value ? std::to_string(*value) : "-";
}

std::string decimal(double value, const char* pattern) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

}  // namespace

std::string latency_direction_line(const measure::DirectionLatency& d) {
  const measure::LatencySummary& summary = d.summary;
  std::string line = terminal_safe(d.name) + ": P50 " + us(summary.p50_us) + ", P90 " +
                     us(summary.p90_us) + ", P99 " + us(summary.p99_us) + ", P99.9 " +
                     us(summary.p999_us) + ", max " + std::to_string(summary.max_us) + " us (" +
                     terminal_safe(measure::to_string(summary.method)) + ")";
  // Signed: a duplicating stream may receive more than it sent.
  const auto lost = static_cast<std::int64_t>(d.sent - d.received);
  if (lost != 0) {
    line += ", " + std::to_string(lost) + " of " + std::to_string(d.sent) + " latency frames lost";
  }
  return line;
}

std::string format_latency_phase(const latency::LatencyPhaseResult& phase) {
  if (phase.points.empty() && phase.notes.empty()) return "";
  std::string text = "latency [us] (0 %: the latency streams alone):\n";
  std::vector<std::vector<std::string>> rows{
      {"GOAL", "FRACTION", "LOAD [pps]", "DIR", "P50", "P90", "P99", "P99.9", "MAX", "METHOD"}};
  std::vector<std::string> point_notes;
  for (const latency::LatencyPoint& point : phase.points) {
    const std::string fraction = decimal(point.fraction * 100.0, "%g") + " %";
    for (const measure::DirectionLatency& d : point.directions) {
      const measure::LatencySummary& summary = d.summary;
      rows.push_back({terminal_safe(point.goal), fraction, decimal(point.load_pps, "%.1f"),
                      terminal_safe(d.name), us(summary.p50_us), us(summary.p90_us),
                      us(summary.p99_us), us(summary.p999_us), std::to_string(summary.max_us),
                      terminal_safe(measure::to_string(summary.method))});
    }
    for (const measure::TrialNote& note : point.notes) {
      point_notes.push_back(terminal_safe(point.goal) + " " + fraction + ": " +
                            terminal_safe(note.text()));
    }
  }
  if (rows.size() > 1) {
    text +=
        format_text_table(rows, {false, true, true, false, true, true, true, true, true, false});
  }
  for (const std::string& note : point_notes) text += "  " + note + "\n";
  for (const std::string& note : phase.notes) text += "  " + terminal_safe(note) + "\n";
  return text;
}

std::string format_latency_trend(const std::optional<latency::LatencyTrend>& trend) {
  if (!trend) return "";
  std::string text;
  for (const latency::DirectionLatencyTrend& d : trend->directions) {
    text += "latency trend " + terminal_safe(d.direction) + ": ";
    if (!d.judged) {
      text += "too few trials with a P99 to judge (" + std::to_string(d.points) + ")\n";
      continue;
    }
    text +=
        "P99 " + decimal(d.first_quarter_us, "%.1f") + " -> " + decimal(d.last_quarter_us, "%.1f") +
        " us (first -> last quarter, " + "threshold " + decimal(d.threshold_us, "%.1f") +
        " us): " + (d.flagged ? "GROWING, latency rose over the soak" : "no significant growth") +
        "\n";
  }
  return text;
}

}  // namespace trexsearch::cli
