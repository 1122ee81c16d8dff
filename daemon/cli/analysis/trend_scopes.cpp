#include "daemon/cli/analysis/trend_scopes.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "daemon/cli/analysis/trend_format.hpp"

namespace trexsearch::cli {
namespace {

void oldest_first(std::vector<JobRef>& jobs) {
  std::sort(jobs.begin(), jobs.end(), [](const JobRef& a, const JobRef& b) { return a.id < b.id; });
}

}  // namespace

std::string TrendScope::label() const {
  if (!tester) return !any_testbed && testbed ? " on testbed " + *testbed : "";
  const std::string where = any_testbed ? "any testbed"
                            : testbed   ? "testbed " + *testbed
                                        : "no testbed";
  return " on tester " + *tester + ", " + where;
}

TrendScope daemon_trend_scope(const std::vector<SourcedJob>& named,
                              const std::optional<std::string>& testbed, bool any_testbed) {
  TrendScope scope;
  scope.any_testbed = any_testbed;
  scope.testbed = testbed;
  if (!scope.testbed && !any_testbed && !named.empty()) {
    scope.testbed = std::max_element(named.begin(), named.end(), [](const auto& a, const auto& b) {
                      return a.job.id < b.job.id;
                    })->job.testbed;
  }
  for (const SourcedJob& job : named) {
    if (any_testbed || job.job.testbed == scope.testbed) scope.jobs.push_back(job.ref());
  }
  oldest_first(scope.jobs);
  return scope;
}

std::vector<TrendScope> fleet_trend_scopes(const std::vector<SourcedJob>& named,
                                           const std::optional<std::string>& testbed,
                                           bool any_testbed) {
  // std::map orders the keys as promised: tester, then nullopt before any testbed.
  std::map<std::pair<std::string, std::optional<std::string>>, TrendScope> scopes;
  for (const SourcedJob& job : named) {
    if (!job.tester) continue;
    if (testbed && job.job.testbed != testbed) continue;
    const std::optional<std::string> key = any_testbed ? std::nullopt : job.job.testbed;
    TrendScope& scope = scopes[{*job.tester, key}];
    scope.tester = job.tester;
    scope.testbed = key;
    scope.any_testbed = any_testbed;
    scope.jobs.push_back(job.ref());
  }
  std::vector<TrendScope> ordered;
  for (auto& [key, scope] : scopes) {
    oldest_first(scope.jobs);
    ordered.push_back(std::move(scope));
  }
  return ordered;
}

bool any_regressed(const std::vector<ScopedTrend>& trends) {
  return std::any_of(trends.begin(), trends.end(),
                     [](const ScopedTrend& trend) { return trend_regressed(trend.series); });
}

}  // namespace trexsearch::cli
