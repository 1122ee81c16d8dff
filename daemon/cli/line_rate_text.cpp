#include "daemon/cli/line_rate_text.hpp"

#include <sstream>

#include "daemon/cli/number_text.hpp"
#include "daemon/cli/terminal_text.hpp"

namespace trexsearch::cli {
namespace {

// TRex's L1 arithmetic (trex-flowstats-latency.md §4): preamble, SFD and gap are 20 B.
double l1_gbps(double pps, const Json::Value& line) {
  return pps * (line["frame_bytes"].asDouble() + 20.0) * 8.0 / 1e9;
}

double percent(double pps, const Json::Value& line) {
  return 100.0 * pps / line["line_rate_pps"].asDouble();
}

std::string cell(const Json::Value& load, const Json::Value& line, bool gbps) {
  if (!load.isNumeric()) return "-";
  // 4 significant-ish digits: bounds are 0.5 % apart at the default goal width.
  return gbps ? fixed(l1_gbps(load.asDouble(), line), 4) : fixed(percent(load.asDouble(), line), 3);
}

bool usable(const Json::Value& line) {
  return line.isObject() && line["line_rate_pps"].asDouble() > 0.0;
}

}  // namespace

std::string format_goal_line_rate(const Json::Value& goals, const Json::Value& line_rate) {
  if (!usable(line_rate) || !goals.isArray() || goals.empty()) return "";
  std::ostringstream text;
  text << "in line rate (" << fixed(line_rate["port_speed_gbps"].asDouble(), 3) << " Gbit/s port, "
       << fixed(line_rate["frame_bytes"].asDouble(), 1)
       << " B mean frame: 100 % = " << load_text(line_rate["line_rate_pps"].asDouble())
       << " frames/s per direction):\n";
  text << pad("GOAL", 10) << pad("LOWER [%]", 11) << pad("[Gbit/s L1]", 13) << pad("UPPER [%]", 11)
       << "[Gbit/s L1]\n";
  for (const Json::Value& goal : goals) {
    const Json::Value& lower = goal["relevant_lower_bound"];
    const Json::Value& upper = goal["relevant_upper_bound"];
    text << pad(terminal_safe(goal["name"].asString()), 10)
         << pad(cell(lower, line_rate, false), 11) << pad(cell(lower, line_rate, true), 13)
         << pad(cell(upper, line_rate, false), 11) << cell(upper, line_rate, true) << "\n";
  }
  return text.str();
}

std::string line_rate_suffix(double load_pps, const Json::Value& line_rate) {
  if (!usable(line_rate)) return "";
  return " = " + fixed(percent(load_pps, line_rate), 3) + " % of line rate, " +
         fixed(l1_gbps(load_pps, line_rate), 4) + " Gbit/s L1";
}

}  // namespace trexsearch::cli
