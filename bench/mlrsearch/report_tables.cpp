#include "bench/mlrsearch/report_tables.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>

#include "bench/mlrsearch/table_text.hpp"

namespace trexsearch::bench {
namespace {

/// Models in first-appearance order, each with its runs.
std::vector<std::vector<const CaseRuns*>> by_model(const std::vector<CaseRuns>& runs) {
  std::vector<std::vector<const CaseRuns*>> groups;
  for (const CaseRuns& run : runs) {
    auto group = std::find_if(groups.begin(), groups.end(),
                              [&](const auto& g) { return g.front()->model == run.model; });
    if (group == groups.end()) {
      groups.push_back({&run});
    } else {
      group->push_back(&run);
    }
  }
  return groups;
}

/// Accumulates relative errors of one search result across seeds.
struct Accuracy {
  std::size_t runs = 0;
  std::size_t regular = 0;
  std::size_t with_truth = 0;
  std::size_t within_width = 0;
  std::size_t with_error = 0;
  double error_sum = 0.0;
  double worst_error = 0.0;

  void add(bool is_regular, const std::optional<double>& found, const std::optional<double>& truth,
           double width) {
    ++runs;
    regular += is_regular ? 1 : 0;
    with_truth += truth ? 1 : 0;
    const auto error = relative_error(found, truth);
    if (!error) return;
    ++with_error;
    error_sum += *error;
    if (std::fabs(*error) > std::fabs(worst_error)) worst_error = *error;
    within_width += std::fabs(*error) <= width ? 1 : 0;
  }
};

void print_accuracy_row(std::ostream& out, const std::string& model, const std::string& search,
                        const std::string& goal, const Accuracy& a) {
  out << "| " << model << " | " << search << " | " << goal << " | " << a.regular << "/" << a.runs
      << " | ";
  if (a.with_truth == 0) {
    out << "n/a | n/a | n/a |\n";
    return;
  }
  out << a.within_width << "/" << a.with_truth << " | "
      << percent_text(a.with_error != 0
                          ? std::optional(a.error_sum / static_cast<double>(a.with_error))
                          : std::nullopt)
      << " | " << percent_text(a.with_error != 0 ? std::optional(a.worst_error) : std::nullopt)
      << " |\n";
}

void print_mlr_detail(std::ostream& out, const CaseRuns& run, const std::string& search,
                      const MlrRun& mlr) {
  for (const GoalOutcome& goal : mlr.goals) {
    out << "| " << run.model << " | " << run.seed << " | " << search << " | " << goal.label << " | "
        << load_text(goal.lower_bound_pps) << " | " << load_text(goal.upper_bound_pps) << " | "
        << load_text(goal.conditional_throughput_pps) << " | " << load_text(goal.truth_pps) << " | "
        << percent_text(relative_error(goal.conditional_throughput_pps, goal.truth_pps)) << " | "
        << (goal.regular ? "yes" : goal.irregularity) << " | " << mlr.trials << " | "
        << format("%.1f", mlr.trial_duration_sum.count()) << " |\n";
  }
}

}  // namespace

void print_details(std::ostream& out, const std::vector<CaseRuns>& runs) {
  out << "| model | seed | search | goal | RLB / lower | RUB / upper | CT | truth | CT error "
         "| regular | trials | trial s |\n"
      << "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
  for (const CaseRuns& run : runs) {
    print_mlr_detail(out, run, "MLR NDR+PDR", run.ndr_pdr);
    print_mlr_detail(out, run, "MLR RFC2544", run.rfc2544);
    const BinarySearchResult& binary = run.binary;
    out << "| " << run.model << " | " << run.seed << " | binary 60 s | RFC2544 | "
        << load_text(binary.lower_bound_pps) << (binary.lower_bound_measured ? "" : " (unverified)")
        << " | " << load_text(binary.upper_bound_pps) << " | - | "
        << load_text(run.rfc2544_truth_pps) << " | "
        << percent_text(relative_error(binary.lower_bound_pps, run.rfc2544_truth_pps)) << " | - | "
        << binary.trials << " | " << format("%.1f", binary.trial_duration_sum.count()) << " |\n";
  }
}

void print_cost_summary(std::ostream& out, const std::vector<CaseRuns>& runs) {
  out << "| model | runs | (a) MLR NDR+PDR trials | (a) trial s | (b) MLR RFC2544 trials "
         "| (b) trial s | (c) binary trials | (c) trial s | (b)/(c) time, mean | (b)/(c) worst |\n"
      << "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
  for (const auto& group : by_model(runs)) {
    const double n = static_cast<double>(group.size());
    // Mean and its standard error over the seeds, so that two tables (or this one
    // and the reference implementation's figures) can be compared.
    const auto mean = [&](const std::function<double(const CaseRuns&)>& value,
                          const char* pattern = "%.1f") {
      double sum = 0.0;
      double sum_squares = 0.0;
      for (const CaseRuns* run : group) {
        sum += value(*run);
        sum_squares += value(*run) * value(*run);
      }
      const double average = sum / n;
      const double variance = std::max(0.0, sum_squares / n - average * average);
      const double error = group.size() > 1 ? std::sqrt(variance / (n - 1.0)) : 0.0;
      return format(pattern, average) +
             (error > 0.0 ? " ± " + format(pattern, error) : std::string());
    };
    double worst_ratio = 0.0;
    for (const CaseRuns* run : group) {
      worst_ratio = std::max(worst_ratio, run->rfc2544.trial_duration_sum.count() /
                                              run->binary.trial_duration_sum.count());
    }
    out << "| " << group.front()->model << " | " << group.size() << " | "
        << mean([](const CaseRuns& r) { return double(r.ndr_pdr.trials); }) << " | "
        << mean([](const CaseRuns& r) { return r.ndr_pdr.trial_duration_sum.count(); }) << " | "
        << mean([](const CaseRuns& r) { return double(r.rfc2544.trials); }) << " | "
        << mean([](const CaseRuns& r) { return r.rfc2544.trial_duration_sum.count(); }) << " | "
        << mean([](const CaseRuns& r) { return double(r.binary.trials); }) << " | "
        << mean([](const CaseRuns& r) { return r.binary.trial_duration_sum.count(); }) << " | "
        << mean(
               [](const CaseRuns& r) {
                 return r.rfc2544.trial_duration_sum.count() / r.binary.trial_duration_sum.count();
               },
               "%.3f")
        << " | " << format("%.3f", worst_ratio) << " |\n";
  }
}

void print_accuracy_summary(std::ostream& out, const std::vector<CaseRuns>& runs) {
  out << "| model | search | goal | regular | CT within 1 width of truth | mean error "
         "| worst error |\n"
      << "| --- | --- | --- | --- | --- | --- | --- |\n";
  for (const auto& group : by_model(runs)) {
    const std::string& model = group.front()->model;
    const auto mlr_rows = [&](const std::string& search, const MlrRun CaseRuns::*member) {
      const MlrRun& first = (*group.front()).*member;
      for (std::size_t g = 0; g < first.goals.size(); ++g) {
        Accuracy accuracy;
        for (const CaseRuns* run : group) {
          const GoalOutcome& goal = ((*run).*member).goals.at(g);
          accuracy.add(goal.regular, goal.conditional_throughput_pps, goal.truth_pps,
                       goal.relative_width);
        }
        print_accuracy_row(out, model, search, first.goals[g].label, accuracy);
      }
    };
    mlr_rows("MLR NDR+PDR", &CaseRuns::ndr_pdr);
    mlr_rows("MLR RFC2544", &CaseRuns::rfc2544);
    Accuracy binary;
    for (const CaseRuns* run : group) {
      binary.add(run->binary.lower_bound_measured && run->binary.upper_bound_pps.has_value(),
                 run->binary.lower_bound_pps, run->rfc2544_truth_pps, 0.005);
    }
    print_accuracy_row(out, model, "binary 60 s", "RFC2544 (lower bound)", binary);
  }
}

}  // namespace trexsearch::bench
