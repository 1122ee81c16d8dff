#include "daemon/cli/text/fixed_load_text.hpp"

#include <sstream>

#include "daemon/cli/text/line_rate_text.hpp"
#include "daemon/cli/text/number_text.hpp"
#include "daemon/cli/text/terminal_text.hpp"

namespace trexsearch::cli {
namespace {

// "3203296.2 pps +- 1523.4 (min 3200000.0, max 3206000.0)".
std::string stats_text(const protocol::RateStats& stats, std::string_view unit) {
  return fixed(stats.mean, 1) + " " + std::string(unit) + " +- " + fixed(stats.stdev, 1) +
         " (min " + fixed(stats.min, 1) + ", max " + fixed(stats.max, 1) + ")";
}

// The soak's threshold verdict, one line.
std::string threshold_text(const protocol::SoakThresholdView& threshold) {
  std::ostringstream text;
  const auto over = threshold.intervals_over;
  text << "threshold: loss ratio above " << fixed(threshold.loss_ratio * 100.0, 6) << " % "
       << (threshold.action == "stop" ? "stops" : "flags") << " the soak: ";
  if (over == 0) {
    text << "no interval exceeded it\n";
  } else {
    text << over << " interval" << (over == 1 ? "" : "s") << " exceeded it, first interval "
         << threshold.first_over.value_or(0) << "\n";
  }
  return text.str();
}

}  // namespace

std::string format_fixed_load_summary(const protocol::FixedLoadView& summary,
                                      const std::optional<protocol::LineRateFacts>& line_rate,
                                      std::string_view unit) {
  // An ASTF job counts connections (transactions), not frames (docs/astf.md).
  const char* counted = unit == kFramesPerSecond ? "frames" : "transactions";
  std::ostringstream text;
  text << summary.trial_count << " of " << summary.trials_planned << " trials of "
       << fixed(summary.trial_duration_s, 1) << " s at " << fixed(summary.load_pps, 1) << " "
       << unit << " per direction" << line_rate_suffix(summary.load_pps, line_rate) << "\n";
  if (!summary.receive_rate) {
    text << "no receive rate (no trial completed)\n";
  } else {
    text << "receive rate: " << stats_text(*summary.receive_rate, unit) << ", all directions\n";
    for (const protocol::FixedLoadView::Direction& direction : summary.directions) {
      text << "  " << pad(terminal_safe(direction.direction), 8)
           << stats_text(direction.receive_rate, unit) << "\n";
    }
    text << "  (" << summary.rate_basis << ")\n";
  }
  text << counted << " lost by the SUT: " << fixed(summary.sut_loss_ratio * 100.0, 6)
       << " % of those sent\n";
  if (summary.threshold) text << threshold_text(*summary.threshold);
  const std::string notice = fixed_load_not_clean_notice(summary, unit);
  if (!notice.empty()) text << notice << "\n";
  return text.str();
}

std::string fixed_load_not_clean_notice(const protocol::FixedLoadView& summary,
                                        std::string_view unit) {
  if (!summary.tester_limited) return "";
  const auto trials = summary.tester_limited_trials;
  return "not a clean result: " + std::to_string(trials) + " of " +
         std::to_string(summary.trial_count) + " trial" + (trials == 1 ? " was" : "s were") +
         " tester-limited (the tester reached at most " +
         fixed(summary.tester_reached_pps.value_or(0.0), 1) + " " + std::string(unit) +
         " per direction): their receive rate is the tester's, not the SUT's";
}

}  // namespace trexsearch::cli
