#include "daemon/cli/simulate/simulate_mlr.hpp"

#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "daemon/cli/command/exit_codes.hpp"
#include "daemon/cli/command/input_file.hpp"
#include "daemon/cli/command/json_file_codec.hpp"
#include "daemon/cli/text/goal_table.hpp"
#include "daemon/cli/text/progress_line.hpp"
#include "daemon/codec/controller_config_codec.hpp"
#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/search_result_codec.hpp"
#include "daemon/report/mlr_report.hpp"
#include "measure/errors.hpp"
#include "search/controller.hpp"

namespace trexsearch::cli {
namespace {

/// Where the trials came from, for the report's header.
report::ReportContext report_context(const po::variables_map& options) {
  report::ReportContext context;
  context.title = "MLRsearch (trex-search simulate)";
  context.facts.emplace_back("Spec", options["spec"].as<std::string>());
  if (options.count("measurer-cmd") != 0) {
    context.facts.emplace_back("Measurer",
                               "external process: " + options["measurer-cmd"].as<std::string>());
    context.effective_duration_method =
        "as returned by the measurer process (the intended duration when it returned none)";
    context.rfc2544_deviations = "as documented for the external measurer";
  } else {
    std::string sut = options["sut"].as<std::string>();
    if (options.count("sut-option") != 0) {
      for (const auto& option : options["sut-option"].as<std::vector<std::string>>()) {
        sut += " " + option;
      }
    }
    context.facts.emplace_back("Simulated SUT",
                               sut + " (seed " + options["seed"].as<std::string>() + ")");
    context.effective_duration_method =
        "intended duration plus a fixed overhead of " +
        measure::format_value(options["trial-overhead"].as<double>()) + " s per trial (simulated)";
  }
  context.facts.emplace_back("Clock", options.count("real-time") != 0
                                          ? "real time"
                                          : "virtual: advanced by each trial's effective duration");
  return context;
}

}  // namespace

int run_mlr_simulation(const po::variables_map& options, SimulationSetup& setup,
                       std::stop_token stop, std::ostream& out, std::ostream& err) {
  const mlr::ControllerConfig config =
      decode_json_file(options["spec"].as<std::string>(), codec::decode_controller_config);
  const mlr::Controller controller(config, setup.clock());

  mlr::SearchHooks hooks;
  std::vector<std::string> labels;
  for (std::size_t i = 0; i < config.goals.size(); ++i) labels.push_back(config.goals[i].label(i));
  if (options.count("progress") != 0) {
    hooks.on_trial = [&](const mlr::TrialRecord& trial,
                         std::span<const mlr::GoalProgress> progress) {
      err << format_progress_line(trial, progress, labels) << std::endl;
    };
  }
  const mlr::SearchResult result = controller.search(setup.measurer(), stop, hooks);

  if (options.count("report") != 0) {
    write_text_file(options["report"].as<std::string>(),
                    report::render_mlr_report(report_context(options), config, result));
  }
  if (options.count("table") != 0) {
    out << format_search_summary(result) << format_goal_table(result.goals);
  } else {
    out << codec::to_pretty_json(codec::encode_search_result(result)) << "\n";
  }
  out.flush();
  if (!out) throw std::runtime_error("cannot write the result to stdout");
  if (result.stop_reason != mlr::StopReason::completed) {
    err << "trex-search: search stopped early (" << mlr::to_string(result.stop_reason) << ")"
        << (result.stop_detail.empty() ? "" : ": " + result.stop_detail) << std::endl;
    return static_cast<int>(kExitStoppedEarly);
  }
  // Complete, but a bound that is the tester's must not pass for the SUT's.
  std::string limited;
  for (const mlr::GoalResult& goal : result.goals) {
    if (!goal.tester_limit) continue;
    char reached[64];
    std::snprintf(reached, sizeof reached, "%.1f", goal.tester_limit->reached_pps);
    limited += (limited.empty() ? "" : ", ") + goal.label +
               "'s upper bound is the tester's (it reached " + reached + " pps)";
  }
  if (!limited.empty()) {
    err << "trex-search: not a clean result: " << limited << std::endl;
    return static_cast<int>(kExitNotClean);
  }
  return static_cast<int>(kExitOk);
}

}  // namespace trexsearch::cli
