#include "daemon/cli/fixed_load_text.hpp"

#include <sstream>

#include "daemon/cli/line_rate_text.hpp"
#include "daemon/cli/number_text.hpp"
#include "daemon/cli/terminal_text.hpp"

namespace trexsearch::cli {
namespace {

// "3203296.2 pps +- 1523.4 (min 3200000.0, max 3206000.0)".
std::string stats_text(const Json::Value& stats) {
  return fixed(stats["mean"].asDouble(), 1) + " pps +- " + fixed(stats["stdev"].asDouble(), 1) +
         " (min " + fixed(stats["min"].asDouble(), 1) + ", max " +
         fixed(stats["max"].asDouble(), 1) + ")";
}

}  // namespace

std::string format_fixed_load_summary(const Json::Value& summary, const Json::Value& line_rate) {
  std::ostringstream text;
  const auto trials = summary["totals"]["trial_count"].asUInt64();
  text << trials << " of " << summary["trials_planned"].asUInt64() << " trials of "
       << fixed(summary["trial_duration"].asDouble(), 1) << " s at "
       << fixed(summary["load"].asDouble(), 1) << " pps per direction"
       << line_rate_suffix(summary["load"].asDouble(), line_rate) << "\n";
  if (!summary["receive_rate"].isObject()) {
    text << "no receive rate (no trial completed)\n";
  } else {
    text << "receive rate: " << stats_text(summary["receive_rate"]) << ", all directions\n";
    for (const Json::Value& direction : summary["directions"]) {
      text << "  " << pad(terminal_safe(direction["direction"].asString()), 8)
           << stats_text(direction) << "\n";
    }
    text << "  (" << summary["rate_basis"].asString() << ")\n";
  }
  text << "frames lost by the SUT: " << fixed(summary["sut_loss_ratio"].asDouble() * 100.0, 6)
       << " % of those sent\n";
  const Json::Value& threshold = summary["threshold"];
  if (threshold.isObject()) {
    const auto over = threshold["intervals_over"].asUInt64();
    text << "threshold: loss ratio above " << fixed(threshold["loss_ratio"].asDouble() * 100.0, 6)
         << " % " << (threshold["action"].asString() == "stop" ? "stops" : "flags")
         << " the soak: ";
    if (over == 0) {
      text << "no interval exceeded it\n";
    } else {
      text << over << " interval" << (over == 1 ? "" : "s") << " exceeded it, first interval "
           << threshold["first_over"].asUInt64() << "\n";
    }
  }
  const std::string notice = fixed_load_not_clean_notice(summary);
  if (!notice.empty()) text << notice << "\n";
  return text.str();
}

std::string fixed_load_not_clean_notice(const Json::Value& summary) {
  if (!summary["tester_limited"].asBool()) return "";
  const Json::Value& limit = summary["tester_limit"];
  const auto trials = limit["trials"].asUInt64();
  return "not a clean result: " + std::to_string(trials) + " of " +
         std::to_string(summary["totals"]["trial_count"].asUInt64()) + " trial" +
         (trials == 1 ? " was" : "s were") + " tester-limited (the tester reached at most " +
         fixed(limit["reached_pps"].asDouble(), 1) +
         " pps per direction): their receive rate is the tester's, not the SUT's";
}

}  // namespace trexsearch::cli
