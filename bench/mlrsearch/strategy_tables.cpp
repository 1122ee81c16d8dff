#include "bench/mlrsearch/strategy_tables.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <optional>

#include "bench/mlrsearch/table_text.hpp"

namespace trexsearch::bench {
namespace {

/// (model, goal set) groups in first-appearance order.
std::vector<std::vector<const StrategyCase*>> by_group(const std::vector<StrategyCase>& cases) {
  std::vector<std::vector<const StrategyCase*>> groups;
  for (const StrategyCase& run : cases) {
    auto group = std::find_if(groups.begin(), groups.end(), [&](const auto& g) {
      return g.front()->model == run.model && g.front()->goals == run.goals;
    });
    if (group == groups.end()) {
      groups.push_back({&run});
    } else {
      group->push_back(&run);
    }
  }
  return groups;
}

/// "mean ± standard error" of a value over a group's runs.
std::string mean_text(const std::vector<const StrategyCase*>& group,
                      const std::function<double(const StrategyCase&)>& value,
                      const char* pattern) {
  const double n = static_cast<double>(group.size());
  double sum = 0.0;
  double sum_squares = 0.0;
  for (const StrategyCase* run : group) {
    sum += value(*run);
    sum_squares += value(*run) * value(*run);
  }
  const double average = sum / n;
  const double variance = std::max(0.0, sum_squares / n - average * average);
  const double error = group.size() > 1 ? std::sqrt(variance / (n - 1.0)) : 0.0;
  return format(pattern, average) + (error > 0.0 ? " ± " + format(pattern, error) : "");
}

double worst(const std::vector<const StrategyCase*>& group,
             const std::function<double(const StrategyCase&)>& value) {
  double result = 0.0;
  for (const StrategyCase* run : group) result = std::max(result, value(*run));
  return result;
}

/// Whether a goal's CT is within one goal width of the truth (false without either).
bool ct_within_width(const GoalOutcome& goal) {
  const auto error = relative_error(goal.conditional_throughput_pps, goal.truth_pps);
  return error && std::fabs(*error) <= goal.relative_width;
}

/// Relative errors of one goal's CT across seeds.
struct Accuracy {
  std::size_t runs = 0;
  std::size_t regular = 0;
  std::size_t with_error = 0;
  std::size_t within_width = 0;
  double error_sum = 0.0;
  double absolute_error_sum = 0.0;
  double worst_error = 0.0;

  void add(const GoalOutcome& goal) {
    ++runs;
    regular += goal.regular ? 1 : 0;
    const auto error = relative_error(goal.conditional_throughput_pps, goal.truth_pps);
    if (!error) return;
    ++with_error;
    error_sum += *error;
    absolute_error_sum += std::fabs(*error);
    if (std::fabs(*error) > std::fabs(worst_error)) worst_error = *error;
    within_width += ct_within_width(goal) ? 1 : 0;
  }
};

void print_accuracy_row(std::ostream& out, const StrategyCase& first, const std::string& goal,
                        const char* strategy, const Accuracy& a) {
  out << "| " << first.model << " | " << first.goals << " | " << goal << " | " << strategy << " | "
      << a.regular << "/" << a.runs << " | ";
  if (a.with_error == 0) {
    out << "n/a | n/a | n/a | n/a |\n";
    return;
  }
  const double n = static_cast<double>(a.with_error);
  out << a.within_width << "/" << a.with_error << " | " << percent_text(a.error_sum / n) << " | "
      << format("%.3f %%", 100.0 * a.absolute_error_sum / n) << " | " << percent_text(a.worst_error)
      << " |\n";
}

void print_detail(std::ostream& out, const StrategyCase& run, const char* strategy,
                  const MlrRun& mlr) {
  for (const GoalOutcome& goal : mlr.goals) {
    out << "| " << run.model << " | " << run.seed << " | " << strategy << " | " << goal.label
        << " | " << load_text(goal.lower_bound_pps) << " | " << load_text(goal.upper_bound_pps)
        << " | " << load_text(goal.conditional_throughput_pps) << " | " << load_text(goal.truth_pps)
        << " | " << percent_text(relative_error(goal.conditional_throughput_pps, goal.truth_pps))
        << " | " << (goal.regular ? "yes" : goal.irregularity) << " | " << mlr.trials << " | "
        << format("%.1f", mlr.trial_duration_sum.count()) << " |\n";
  }
}

}  // namespace

void print_strategy_cost(std::ostream& out, const std::vector<StrategyCase>& cases) {
  out << "| model | goals | runs | csit trial s | csit worst | fast trial s | fast worst "
         "| fast/csit of means | oracle floor | fast/csit per run | fast/csit worst "
         "| csit trials | fast trials |\n"
      << "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
  const auto csit_s = [](const StrategyCase& r) { return r.csit.trial_duration_sum.count(); };
  const auto fast_s = [](const StrategyCase& r) { return r.fast.trial_duration_sum.count(); };
  const auto ratio = [](const StrategyCase& r) {
    return r.fast.trial_duration_sum.count() / r.csit.trial_duration_sum.count();
  };
  for (const auto& group : by_group(cases)) {
    // The bar (#19): mean fast trial seconds over mean csit trial seconds.
    double csit_sum = 0.0;
    double fast_sum = 0.0;
    std::optional<double> oracle_sum = 0.0;
    for (const StrategyCase* run : group) {
      csit_sum += csit_s(*run);
      fast_sum += fast_s(*run);
      if (oracle_sum && run->oracle) {
        *oracle_sum += run->oracle->count();
      } else {
        oracle_sum.reset();
      }
    }
    // Beside the ratio it bounds: the oracle's mean trial seconds over csit's.
    const std::string floor = oracle_sum ? format("%.3f", *oracle_sum / csit_sum) : "n/a";
    out << "| " << group.front()->model << " | " << group.front()->goals << " | " << group.size()
        << " | " << mean_text(group, csit_s, "%.1f") << " | "
        << format("%.1f", worst(group, csit_s)) << " | " << mean_text(group, fast_s, "%.1f")
        << " | " << format("%.1f", worst(group, fast_s)) << " | "
        << format("%.3f", fast_sum / csit_sum) << " | " << floor << " | "
        << mean_text(group, ratio, "%.3f") << " | " << format("%.3f", worst(group, ratio)) << " | "
        << mean_text(
               group, [](const StrategyCase& r) { return double(r.csit.trials); }, "%.1f")
        << " | "
        << mean_text(
               group, [](const StrategyCase& r) { return double(r.fast.trials); }, "%.1f")
        << " |\n";
  }
}

void print_strategy_accuracy(std::ostream& out, const std::vector<StrategyCase>& cases) {
  out << "| model | goals | goal | strategy | regular | CT within 1 width of truth "
         "| mean error | mean abs error | worst error |\n"
      << "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
  for (const auto& group : by_group(cases)) {
    const StrategyCase& first = *group.front();
    for (std::size_t g = 0; g < first.csit.goals.size(); ++g) {
      Accuracy csit;
      Accuracy fast;
      for (const StrategyCase* run : group) {
        csit.add(run->csit.goals.at(g));
        fast.add(run->fast.goals.at(g));
      }
      print_accuracy_row(out, first, first.csit.goals[g].label, "csit", csit);
      print_accuracy_row(out, first, first.csit.goals[g].label, "fast", fast);
    }
  }
}

void print_strategy_pairs(std::ostream& out, const std::vector<StrategyCase>& cases) {
  out << "| model | goals | goal | runs | only fast within 1 width | only csit within 1 width "
         "| fast - csit | standard error | in standard errors |\n"
      << "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
  for (const auto& group : by_group(cases)) {
    const StrategyCase& first = *group.front();
    for (std::size_t g = 0; g < first.csit.goals.size(); ++g) {
      double only_fast = 0.0;
      double only_csit = 0.0;
      for (const StrategyCase* run : group) {
        const bool fast = ct_within_width(run->fast.goals.at(g));
        const bool csit = ct_within_width(run->csit.goals.at(g));
        only_fast += fast && !csit ? 1.0 : 0.0;
        only_csit += csit && !fast ? 1.0 : 0.0;
      }
      const double n = static_cast<double>(group.size());
      const double difference = only_fast - only_csit;
      const double error =
          std::sqrt(std::max(0.0, only_fast + only_csit - difference * difference / n));
      out << "| " << first.model << " | " << first.goals << " | " << first.csit.goals[g].label
          << " | " << group.size() << " | " << format("%.0f", only_fast) << " | "
          << format("%.0f", only_csit) << " | " << format("%+.0f", difference) << " | "
          << format("%.1f", error) << " | "
          << (error > 0.0 ? format("%+.1f", difference / error) : std::string("n/a")) << " |\n";
    }
  }
}

void print_strategy_details(std::ostream& out, const std::vector<StrategyCase>& cases) {
  out << "| model | seed | strategy | goal | RLB | RUB | CT | truth | CT error | regular "
         "| trials | trial s |\n"
      << "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
  for (const StrategyCase& run : cases) {
    print_detail(out, run, "csit", run.csit);
    print_detail(out, run, "fast", run.fast);
  }
}

}  // namespace trexsearch::bench
