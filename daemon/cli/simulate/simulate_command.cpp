// `trex-search simulate`: MLRsearch or PLRsearch on a virtual clock against an
// external measurer process or a built-in simulated SUT.
#include <string>
#include <vector>

#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/command/command_help.hpp"
#include "daemon/cli/command/exit_codes.hpp"
#include "daemon/cli/command/signal_stop_source.hpp"
#include "daemon/cli/simulate/simulate_mlr.hpp"
#include "daemon/cli/simulate/simulate_plr.hpp"
#include "daemon/cli/simulate/simulate_setup.hpp"

namespace trexsearch::cli {
namespace {

int run_simulate_command(const std::vector<std::string>& args, std::ostream& out,
                         std::ostream& err) {
  return run_reporting_errors(
      [&] {
        // First, before any thread exists: every thread must block the signals.
        SignalStopSource signals(err);
        po::variables_map options;
        po::store(po::command_line_parser(args).options(simulate_options()).run(), options);
        po::notify(options);
        if (options.count("help") != 0) {
          out << command_help(kSimulateCommand);
          return static_cast<int>(kExitOk);
        }
        if (options.count("list-suts") != 0) {
          out << sut_list();
          return static_cast<int>(kExitOk);
        }
        check_simulate_options(options);
        SimulationSetup setup(options);
        if (options["method"].as<std::string>() == "plr") {
          return run_plr_simulation(options, setup, signals.token(), out, err);
        }
        return run_mlr_simulation(options, setup, signals.token(), out, err);
      },
      err);
}

}  // namespace

constinit const CommandEntry kSimulateCommand{
    .name = "simulate",
    .summary = "run MLRsearch on virtual time against an external or simulated SUT",
    .usage =
        "trex-search simulate [--method mlr|plr] --spec SPEC.json --measurer-cmd 'CMD'\n"
        "       trex-search simulate [--method mlr|plr] --spec SPEC.json --sut MODEL\n"
        "                            [--sut-option K=V]... [--seed N] [--trial-overhead S]",
    .description =
        "Runs MLRsearch (default) or PLRsearch on a virtual clock (advanced by each\n"
        "trial's effective duration; --real-time for wall time) and prints every\n"
        "trial, the totals and the results as JSON. MLRsearch SPEC is\n"
        "{\"goals\": [...], \"min_load\", \"max_load\", \"search_duration_max\",\n"
        "\"warmup_duration\", \"strategy\": \"fast\" (default) or \"csit\" (CSIT's\n"
        "loads, trial for trial)}; PLRsearch SPEC is {\"target_loss_ratio\", \"min_load\",\n"
        "\"max_load\", \"trial_duration_first\", \"trial_duration_increment\",\n"
        "\"time_budget\", \"samples_per_trial\", \"seed\", ...}. Ctrl-C stops the\n"
        "search and prints the partial result. See docs/cli.md.",
    .options = simulate_options,
    .exit_codes =
        "Exit codes: 0 search completed (goals may still be irregular), 1 runtime\n"
        "failure, 2 bad usage or bad input, 3 search stopped early (time limit,\n"
        "fail-fast, Ctrl-C, measurer failure; the partial result is printed), 5\n"
        "the search completed but its result is not clean: a goal's upper bound (or\n"
        "the PLR estimate) is the tester's, not the SUT's.\n",
    .run = run_simulate_command,
};

}  // namespace trexsearch::cli
