#include "daemon/cli/text/line_rate_text.hpp"

#include <sstream>

#include "daemon/cli/text/number_text.hpp"
#include "daemon/cli/text/terminal_text.hpp"

namespace trexsearch::cli {
namespace {

// TRex's L1 arithmetic (trex-flowstats-latency.md §4): preamble, SFD and gap are 20 B.
double l1_gbps(double pps, const protocol::LineRateFacts& line) {
  return pps * (line.frame_bytes + 20.0) * 8.0 / 1e9;
}

double percent(double pps, const protocol::LineRateFacts& line) {
  return 100.0 * pps / line.line_rate_pps;
}

std::string cell(const std::optional<double>& load, const protocol::LineRateFacts& line,
                 bool gbps) {
  if (!load) return "-";
  // 4 significant-ish digits: bounds are 0.5 % apart at the default goal width.
  return gbps ? fixed(l1_gbps(*load, line), 4) : fixed(percent(*load, line), 3);
}

bool usable(const std::optional<protocol::LineRateFacts>& line) {
  return line && line->line_rate_pps > 0.0;
}

}  // namespace

std::string format_goal_line_rate(const std::vector<protocol::ResultGoal>& goals,
                                  const std::optional<protocol::LineRateFacts>& line_rate) {
  if (!usable(line_rate) || goals.empty()) return "";
  const protocol::LineRateFacts& line = *line_rate;
  std::ostringstream text;
  text << "in line rate (" << fixed(line.port_speed_gbps, 3) << " Gbit/s port, "
       << fixed(line.frame_bytes, 1) << " B mean frame: 100 % = " << load_text(line.line_rate_pps)
       << " frames/s per direction):\n";
  text << pad("GOAL", 10) << pad("LOWER [%]", 11) << pad("[Gbit/s L1]", 13) << pad("UPPER [%]", 11)
       << "[Gbit/s L1]\n";
  for (const protocol::ResultGoal& goal : goals) {
    const std::optional<double>& lower = goal.relevant_lower_bound_pps;
    const std::optional<double>& upper = goal.relevant_upper_bound_pps;
    text << pad(terminal_safe(goal.name), 10) << pad(cell(lower, line, false), 11)
         << pad(cell(lower, line, true), 13) << pad(cell(upper, line, false), 11)
         << cell(upper, line, true) << "\n";
  }
  return text.str();
}

std::string line_rate_suffix(double load_pps,
                             const std::optional<protocol::LineRateFacts>& line_rate) {
  if (!usable(line_rate)) return "";
  return " = " + fixed(percent(load_pps, *line_rate), 3) + " % of line rate, " +
         fixed(l1_gbps(load_pps, *line_rate), 4) + " Gbit/s L1";
}

}  // namespace trexsearch::cli
