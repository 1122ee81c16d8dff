#include "daemon/cli/simulate_command.hpp"

#include <boost/program_options.hpp>
#include <charconv>
#include <cmath>
#include <fstream>
#include <memory>
#include <ostream>
#include <sstream>

#include "daemon/cli/command_errors.hpp"
#include "daemon/cli/exit_codes.hpp"
#include "daemon/cli/input_file.hpp"
#include "daemon/cli/goal_table.hpp"
#include "daemon/cli/progress_line.hpp"
#include "daemon/cli/signal_stop_source.hpp"
#include "daemon/codec/controller_config_codec.hpp"
#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/search_result_codec.hpp"
#include "daemon/measurers/exec_measurer.hpp"
#include "daemon/measurers/virtual_time_measurer.hpp"
#include "daemon/report/mlr_report.hpp"
#include "search/clock.hpp"
#include "search/controller.hpp"
#include "search/errors.hpp"
#include "search/sim/sut_measurer.hpp"
#include "search/sim/sut_model.hpp"
#include "search/sim/sut_options.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description visible_options() {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
      ("spec", po::value<std::string>()->value_name("FILE"),
       "MLRsearch spec: goals and controller inputs (JSON; - for stdin)")
      ("measurer-cmd", po::value<std::string>()->value_name("CMD"),
       "run each trial through this external measurer (/bin/sh -c CMD), "
       "see docs/external-measurer.md")
      ("measurer-timeout-margin", po::value<double>()->value_name("S")->default_value(60.0, "60"),
       "with --measurer-cmd: reply timeout = trial duration + S seconds")
      ("sut", po::value<std::string>()->value_name("MODEL"),
       "run each trial on a built-in simulated SUT (see --list-suts)")
      ("sut-option", po::value<std::vector<std::string>>()->value_name("KEY=VALUE")->composing(),
       "with --sut: set a model option (repeatable), e.g. capacity_pps=1e6")
      ("seed", po::value<std::string>()->value_name("N")->default_value("1"),
       "with --sut: seed of the model's random generator")
      ("trial-overhead", po::value<double>()->value_name("S")->default_value(0.0, "0"),
       "with --sut: seconds added to each trial's effective duration")
      ("progress", "print one line per trial to stderr")
      ("table", "print a summary and a table of goal results for humans instead of JSON")
      ("report", po::value<std::string>()->value_name("FILE.html"),
       "also write a self-contained HTML report (chart, tables, every trial)")
      ("list-suts", "list the built-in SUT models and their options, then exit")
      ("help,h", "print this help");
  // clang-format on
  return options;
}

std::uint64_t parse_seed(const std::string& text) {
  std::uint64_t seed = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (ec != std::errc{} || end != text.data() + text.size() || text.empty()) {
    throw UsageError("--seed '" + text + "': must be a whole number from 0 to 2^64-1");
  }
  return seed;
}

sim::SutOptions parse_sut_options(const std::vector<std::string>& items) {
  sim::SutOptions options;
  for (const std::string& item : items) {
    const auto equals = item.find('=');
    if (equals == std::string::npos || equals == 0) {
      throw UsageError("--sut-option '" + item + "': expected KEY=VALUE");
    }
    const std::string key = item.substr(0, equals);
    const std::string text = item.substr(equals + 1);
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || text.empty()) {
      throw UsageError("--sut-option '" + item + "': value must be a number");
    }
    if (!options.emplace(key, value).second) {
      throw UsageError("--sut-option '" + item + "': " + key + " is given twice");
    }
  }
  return options;
}

std::string sut_list() {
  std::ostringstream text;
  for (const auto& [name, description] : sim::sut_model_catalogue()) {
    text << name << ": " << description << "\n";
    for (const sim::SutOptionSpec& option : sim::sut_model_options(name)) {
      text << "  " << option.name << " = " << format_value(option.default_value) << " ["
           << option.unit << "], " << option.range_text() << ": " << option.description << "\n";
    }
  }
  return text.str();
}

void check_option_combination(const po::variables_map& options) {
  if (options.count("spec") == 0) throw UsageError("simulate needs --spec FILE");
  const bool external = options.count("measurer-cmd") != 0;
  const bool built_in = options.count("sut") != 0;
  if (external == built_in) {
    throw UsageError("simulate needs exactly one of --measurer-cmd CMD and --sut MODEL");
  }
  const char* const sut_only[] = {"sut-option", "seed", "trial-overhead"};
  for (const char* name : sut_only) {
    if (external && !options[name].defaulted() && options.count(name) != 0) {
      throw UsageError(std::string("--") + name + " only applies to --sut");
    }
  }
  if (built_in && !options["measurer-timeout-margin"].defaulted()) {
    throw UsageError("--measurer-timeout-margin only applies to --measurer-cmd");
  }
}

std::unique_ptr<Measurer> make_measurer(const po::variables_map& options) {
  if (options.count("measurer-cmd") != 0) {
    const double margin = options["measurer-timeout-margin"].as<double>();
    if (!std::isfinite(margin) || margin < 0.0) {
      throw UsageError("--measurer-timeout-margin " + format_value(margin) +
                       ": must be a non-negative number of seconds");
    }
    ExecMeasurerOptions exec;
    exec.command = options["measurer-cmd"].as<std::string>();
    exec.reply_timeout_margin = Seconds{margin};
    return std::make_unique<ExecMeasurer>(std::move(exec));
  }
  const std::string model = options["sut"].as<std::string>();
  const sim::SutOptions sut_options = parse_sut_options(
      options.count("sut-option") != 0 ? options["sut-option"].as<std::vector<std::string>>()
                                       : std::vector<std::string>{});
  const std::uint64_t seed = parse_seed(options["seed"].as<std::string>());
  std::unique_ptr<sim::SutModel> sut;
  try {
    sut = sim::make_sut(model, sut_options, seed);
  } catch (const ConfigError& error) {
    throw BadInputError(std::string("--sut/--sut-option: ") + error.what());
  }
  try {
    return std::make_unique<sim::SutMeasurer>(std::move(sut),
                                              Seconds{options["trial-overhead"].as<double>()});
  } catch (const ConfigError& error) {
    throw BadInputError(std::string("--trial-overhead: ") + error.what());
  }
}

/// Where the trials came from, for the report's header.
report::ReportContext report_context(const po::variables_map& options) {
  report::ReportContext context;
  context.title = "MLRsearch (trex-search simulate)";
  context.facts.emplace_back("Spec", options["spec"].as<std::string>());
  if (options.count("measurer-cmd") != 0) {
    context.facts.emplace_back("Measurer", "external process: " +
                                               options["measurer-cmd"].as<std::string>());
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
    context.facts.emplace_back("Simulated SUT", sut + " (seed " +
                                                    options["seed"].as<std::string>() + ")");
    context.effective_duration_method =
        "intended duration plus a fixed overhead of " +
        format_value(options["trial-overhead"].as<double>()) + " s per trial (simulated)";
  }
  context.facts.emplace_back("Clock", "virtual: advanced by each trial's effective duration");
  return context;
}

void write_report(const std::string& path, const std::string& html) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << html;
  file.close();
  if (!file) throw std::runtime_error("cannot write the report to " + path);
}

}  // namespace

std::string simulate_command_help() {
  std::ostringstream text;
  text << "Usage: trex-search simulate --spec SPEC.json --measurer-cmd 'CMD ARGS'\n"
          "       trex-search simulate --spec SPEC.json --sut MODEL [--sut-option K=V]...\n"
          "                            [--seed N] [--trial-overhead S]\n"
          "\n"
          "Runs the MLRsearch controller on a virtual clock (advanced by each trial's\n"
          "effective duration) and prints every trial, the totals and the per-goal\n"
          "results as JSON. SPEC is {\"goals\": [...], \"min_load\", \"max_load\",\n"
          "\"search_duration_max\", \"warmup_duration\"}. Ctrl-C stops the search and\n"
          "prints the partial result. See docs/cli.md and docs/external-measurer.md.\n"
          "\n"
       << visible_options()
       << "\nExit codes: 0 search completed (goals may still be irregular), 1 runtime\n"
          "failure, 2 bad usage or bad input, 3 search stopped early (time limit,\n"
          "fail-fast, Ctrl-C, measurer failure; the partial result is printed).\n";
  return text.str();
}

int run_simulate_command(const std::vector<std::string>& args, std::ostream& out,
                         std::ostream& err) {
  return run_reporting_errors(
      [&] {
        // First, before any thread exists: every thread must block the signals.
        SignalStopSource signals(err);
        po::variables_map options;
        po::store(po::command_line_parser(args).options(visible_options()).run(), options);
        po::notify(options);
        if (options.count("help") != 0) {
          out << simulate_command_help();
          return static_cast<int>(kExitOk);
        }
        if (options.count("list-suts") != 0) {
          out << sut_list();
          return static_cast<int>(kExitOk);
        }
        check_option_combination(options);

        const mlr::ControllerConfig config =
            decode_json_file(options["spec"].as<std::string>(), codec::decode_controller_config);
        const std::unique_ptr<Measurer> measurer = make_measurer(options);
        ManualClock clock;
        VirtualTimeMeasurer timed(*measurer, clock);
        const mlr::Controller controller(config, clock);

        mlr::SearchHooks hooks;
        std::vector<std::string> labels;
        for (std::size_t i = 0; i < config.goals.size(); ++i) {
          labels.push_back(config.goals[i].label(i));
        }
        if (options.count("progress") != 0) {
          hooks.on_trial = [&](const mlr::TrialRecord& trial,
                               std::span<const mlr::GoalProgress> progress) {
            err << format_progress_line(trial, progress, labels) << std::endl;
          };
        }
        const mlr::SearchResult result = controller.search(timed, signals.token(), hooks);

        if (options.count("report") != 0) {
          write_report(options["report"].as<std::string>(),
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
        return static_cast<int>(kExitOk);
      },
      err);
}

}  // namespace trexsearch::cli
