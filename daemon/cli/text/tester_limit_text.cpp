#include "daemon/cli/text/tester_limit_text.hpp"

#include "daemon/cli/text/number_text.hpp"

namespace trexsearch::cli {

std::string goal_verdict(const std::optional<mlr::TesterLimit>& tester_limited, bool regular,
                         const std::string& irregular_reason, std::string_view unit) {
  std::string verdict;
  if (tester_limited) verdict = tester_limited_verdict(tester_limited->reached_pps, unit);
  if (regular) return verdict.empty() ? "regular" : verdict;
  return (verdict.empty() ? "" : verdict + ", ") + "irregular: " + irregular_reason;
}

std::string tester_limited_verdict(double reached_pps, std::string_view unit) {
  return "TESTER-LIMITED (tester reached " + load_text(reached_pps) + " " + std::string(unit) + ")";
}

std::string tester_limited_sentence(const std::string& label,
                                    const std::optional<double>& upper_bound_pps,
                                    std::size_t trials, double reached_pps, std::string_view unit) {
  const std::string per_second = " " + std::string(unit);
  // The lower bound passed with those trials counted as full loss, so it still
  // holds; the upper bound was never a load the SUT was offered.
  return label + ": the upper bound" +
         (upper_bound_pps ? " " + load_text(*upper_bound_pps) + per_second : std::string()) +
         " comes from " + std::to_string(trials) + (trials == 1 ? " trial" : " trials") +
         " in which the tester could not offer the intended load (it reached at most " +
         load_text(reached_pps) + per_second +
         "): the bound describes the tester, not the SUT, whose own upper bound is "
         "unknown; the lower bound still holds.";
}

}  // namespace trexsearch::cli
