#include "daemon/cli/simulate/simulate_setup.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "daemon/cli/command/command_errors.hpp"
#include "daemon/measurers/exec_measurer.hpp"
#include "daemon/measurers/real_time_measurer.hpp"
#include "daemon/measurers/virtual_time_measurer.hpp"
#include "measure/errors.hpp"
#include "sim/sut_measurer.hpp"
#include "sim/sut_options.hpp"

namespace trexsearch::cli {
namespace {

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

std::unique_ptr<measure::Measurer> make_base_measurer(const po::variables_map& options) {
  if (options.count("measurer-cmd") != 0) {
    const double margin = options["measurer-timeout-margin"].as<double>();
    if (!std::isfinite(margin) || margin < 0.0) {
      throw UsageError("--measurer-timeout-margin " + measure::format_value(margin) +
                       ": must be a non-negative number of seconds");
    }
    ExecMeasurerOptions exec;
    exec.command = options["measurer-cmd"].as<std::string>();
    exec.reply_timeout_margin = measure::Seconds{margin};
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
  } catch (const measure::ConfigError& error) {
    throw BadInputError(std::string("--sut/--sut-option: ") + error.what());
  }
  try {
    return std::make_unique<sim::SutMeasurer>(
        std::move(sut), measure::Seconds{options["trial-overhead"].as<double>()});
  } catch (const measure::ConfigError& error) {
    throw BadInputError(std::string("--trial-overhead: ") + error.what());
  }
}

}  // namespace

po::options_description simulate_options() {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
      ("spec", po::value<std::string>()->value_name("FILE"),
       "the search spec (JSON; - for stdin): MLRsearch goals and controller inputs, "
       "or with --method plr the PLRsearch config")
      ("method", po::value<std::string>()->value_name("mlr|plr")->default_value("mlr"),
       "MLRsearch (NDR/PDR-style goals) or PLRsearch (soak, critical load)")
      ("real-time", "trials last their duration in wall time (with --sut: the simulated "
       "traffic waits), so PLR integration runs concurrently for real; default: virtual time")
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
      ("table", "print a summary and a table of the results for humans instead of JSON")
      ("report", po::value<std::string>()->value_name("FILE.html"),
       "also write a self-contained HTML report (chart, tables, every trial; MLRsearch)")
      ("list-suts", "list the built-in SUT models and their options, then exit")
      ("help,h", "print this help");
  // clang-format on
  return options;
}

std::string sut_list() {
  std::ostringstream text;
  for (const auto& [name, description] : sim::sut_model_catalogue()) {
    text << name << ": " << description << "\n";
    for (const sim::SutOptionSpec& option : sim::sut_model_options(name)) {
      text << "  " << option.name << " = " << measure::format_value(option.default_value) << " ["
           << option.unit << "], " << option.range_text() << ": " << option.description << "\n";
    }
  }
  return text.str();
}

void check_simulate_options(const po::variables_map& options) {
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
  const std::string method = options["method"].as<std::string>();
  if (method != "mlr" && method != "plr") {
    throw UsageError("--method '" + method + "': must be mlr or plr");
  }
  if (method == "plr" && options.count("report") != 0) {
    throw UsageError("--report is for MLRsearch; PLRsearch reports come with the daemon");
  }
}

SimulationSetup::SimulationSetup(const po::variables_map& options)
    : base_(make_base_measurer(options)) {
  if (options.count("sut") != 0) {
    sut_model_ = &dynamic_cast<const sim::SutMeasurer&>(*base_).model();
  }
  if (options.count("real-time") == 0) {
    // Virtual time: the clock moves by each trial's effective duration.
    timed_ = std::make_unique<VirtualTimeMeasurer>(*base_, manual_clock_);
    clock_ = &manual_clock_;
    return;
  }
  clock_ = &steady_clock_;
  // A simulated SUT answers at once; make it take the trial's time. An external
  // process takes its own time.
  if (sut_model_ != nullptr) timed_ = std::make_unique<RealTimeMeasurer>(*base_);
}

measure::Measurer& SimulationSetup::measurer() { return timed_ ? *timed_ : *base_; }

void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << text;
  file.close();
  if (!file) throw std::runtime_error("cannot write " + path);
}

}  // namespace trexsearch::cli
