#include "daemon/cli/latency_text.hpp"

#include <cstdio>
#include <vector>

#include "daemon/cli/terminal_text.hpp"
#include "daemon/cli/text_table.hpp"

namespace trexsearch::cli {
namespace {

std::string us(const Json::Value& value) {
  return value.isNumeric() ? std::to_string(value.asUInt64()) : "-";
}

std::string decimal(double value, const char* pattern) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

}  // namespace

std::string latency_direction_line(const Json::Value& d) {
  std::string line = terminal_safe(d["direction"].asString()) + ": P50 " + us(d["p50_us"]) +
                     ", P90 " + us(d["p90_us"]) + ", P99 " + us(d["p99_us"]) + ", P99.9 " +
                     us(d["p999_us"]) + ", max " + us(d["max_us"]) + " us (" +
                     terminal_safe(d["method"].asString()) + ")";
  if (d["lost"].isNumeric() && d["lost"].asInt64() != 0) {
    line += ", " + std::to_string(d["lost"].asInt64()) + " of " + us(d["sent"]) +
            " latency frames lost";
  }
  return line;
}

std::string format_latency_phase(const Json::Value& search) {
  const Json::Value& points = search["latency"];
  const Json::Value& notes = search["latency_notes"];
  if (!points.isArray() && !notes.isArray()) return "";
  if (points.empty() && notes.empty()) return "";
  std::string text = "latency [us] (0 %: the latency streams alone):\n";
  std::vector<std::vector<std::string>> rows{
      {"GOAL", "FRACTION", "LOAD [pps]", "DIR", "P50", "P90", "P99", "P99.9", "MAX", "METHOD"}};
  std::vector<std::string> point_notes;
  for (const Json::Value& point : points) {
    const std::string fraction = decimal(point["fraction"].asDouble() * 100.0, "%g") + " %";
    for (const Json::Value& d : point["directions"]) {
      rows.push_back({terminal_safe(point["goal"].asString()), fraction,
                      decimal(point["load_pps"].asDouble(), "%.1f"),
                      terminal_safe(d["direction"].asString()), us(d["p50_us"]), us(d["p90_us"]),
                      us(d["p99_us"]), us(d["p999_us"]), us(d["max_us"]),
                      terminal_safe(d["method"].asString())});
    }
    for (const Json::Value& note : point["notes"]) {
      point_notes.push_back(terminal_safe(point["goal"].asString()) + " " + fraction + ": " +
                            terminal_safe(note.asString()));
    }
  }
  if (rows.size() > 1) {
    text +=
        format_text_table(rows, {false, true, true, false, true, true, true, true, true, false});
  }
  for (const std::string& note : point_notes) text += "  " + note + "\n";
  for (const Json::Value& note : notes) text += "  " + terminal_safe(note.asString()) + "\n";
  return text;
}

std::string format_latency_trend(const Json::Value& search) {
  const Json::Value& trend = search["latency_trend"];
  if (!trend.isObject()) return "";
  std::string text;
  for (const Json::Value& d : trend["directions"]) {
    text += "latency trend " + terminal_safe(d["direction"].asString()) + ": ";
    if (!d["judged"].asBool()) {
      text +=
          "too few trials with a P99 to judge (" + std::to_string(d["points"].asUInt64()) + ")\n";
      continue;
    }
    text +=
        "P99 " + decimal(d["first_quarter_us"].asDouble(), "%.1f") + " -> " +
        decimal(d["last_quarter_us"].asDouble(), "%.1f") + " us (first -> last quarter, " +
        "threshold " + decimal(d["threshold_us"].asDouble(), "%.1f") + " us): " +
        (d["flagged"].asBool() ? "GROWING, latency rose over the soak" : "no significant growth") +
        "\n";
  }
  return text;
}

}  // namespace trexsearch::cli
