// `trex-search submit`: queue an MLRsearch, PLRsearch, MRR or soak job (or a suite).
#include <charconv>
#include <map>
#include <optional>
#include <ostream>
#include <vector>

#include "daemon/cli/client/submit_document_codec.hpp"
#include "daemon/cli/client/watch_job.hpp"
#include "daemon/cli/client/watch_line_codec.hpp"
#include "daemon/cli/command/client_connection.hpp"
#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/command/input_file.hpp"
#include "daemon/cli/input/capture_packets_codec.hpp"
#include "daemon/cli/input/profile_file.hpp"
#include "daemon/protocol/replies/reply_codec.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description submit_options() {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
      ("job-file", po::value<std::string>()->value_name("FILE"),
       "the whole submit arguments as JSON (- for stdin), see docs/socket-api.md")
      ("testbed", po::value<std::string>()->value_name("NAME"),
       "with --job-file: run the trex job on this testbed of the daemon's\n"
       "(its [testbed.NAME] section, docs/testbeds.md)")
      ("suite", po::value<std::string>()->value_name("FILE"),
       "a suite: several jobs queued together (frame sizes, profiles, methods,\n"
       "repeats), see docs/suites.md; then trex-search show SUITE")
      ("spec", po::value<std::string>()->value_name("FILE"),
       "MLRsearch spec: goals and controller inputs (JSON; - for stdin)")
      ("sut", po::value<std::string>()->value_name("MODEL"),
       "measure on a built-in simulated SUT (see trex-search simulate --list-suts)")
      ("sut-option", po::value<std::vector<std::string>>()->value_name("KEY=VALUE")->composing(),
       "with --sut: a model option (repeatable), e.g. capacity_pps=1e6")
      ("seed", po::value<std::uint64_t>()->value_name("N"), "with --sut: the model's seed")
      ("trial-overhead", po::value<double>()->value_name("S"),
       "with --sut: seconds added to each trial's effective duration")
      ("measurer-cmd", po::value<std::string>()->value_name("CMD"),
       "measure through this external measurer (/bin/sh -c CMD, run by the daemon)")
      ("measurer-timeout-margin", po::value<double>()->value_name("S"),
       "with --measurer-cmd: reply timeout = trial duration + S seconds")
      ("time", po::value<std::string>()->value_name("MODE"),
       "virtual (compressed; default for --sut) or real (default for --measurer-cmd)")
      ("name", po::value<std::string>()->value_name("NAME"), "a label for lists and logs")
      ("profile", po::value<std::string>()->value_name("PROFILE"),
       "traffic profile to keep with the job")
      ("method", po::value<std::string>()->value_name("METHOD")->default_value("mlr"),
       "mlr (MLRsearch), plr (PLRsearch soak: --spec holds a PLR spec, docs/plrsearch.md),\n"
       "mrr (CSIT's maximum receive rate) or soak (a fixed-rate soak); docs/mrr.md")
      ("watch", "then follow the job until it ends (as trex-search watch)");
  // clang-format on
  return options;
}

std::map<std::string, double> parse_sut_options(const std::vector<std::string>& items) {
  std::map<std::string, double> options;
  for (const std::string& item : items) {
    const auto equals = item.find('=');
    if (equals == std::string::npos || equals == 0) {
      throw UsageError("--sut-option '" + item + "': expected KEY=VALUE");
    }
    const std::string text = item.substr(equals + 1);
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || text.empty()) {
      throw UsageError("--sut-option '" + item + "': value must be a number");
    }
    options[item.substr(0, equals)] = value;
  }
  return options;
}

template <class T>
std::optional<T> optional_value(const po::variables_map& options, const char* name) {
  return options.count(name) != 0 ? std::optional(options[name].as<T>()) : std::nullopt;
}

MeasurerOptions measurer_from(const po::variables_map& options) {
  const bool sut = options.count("sut") != 0;
  const bool command = options.count("measurer-cmd") != 0;
  if (sut == command)
    throw UsageError("submit needs exactly one of --sut MODEL and --measurer-cmd CMD");
  for (const char* name : {"sut-option", "seed", "trial-overhead"}) {
    if (command && options.count(name) != 0) {
      throw UsageError(std::string("--") + name + " only applies to --sut");
    }
  }
  if (sut && options.count("measurer-timeout-margin") != 0) {
    throw UsageError("--measurer-timeout-margin only applies to --measurer-cmd");
  }
  MeasurerOptions measurer;
  if (sut) {
    measurer.kind = "sim";
    measurer.model = options["sut"].as<std::string>();
    if (options.count("sut-option") != 0) {
      measurer.sut_options =
          parse_sut_options(options["sut-option"].as<std::vector<std::string>>());
    }
    measurer.seed = optional_value<std::uint64_t>(options, "seed");
    measurer.trial_overhead = optional_value<double>(options, "trial-overhead");
  } else {
    measurer.kind = "exec";
    measurer.command = options["measurer-cmd"].as<std::string>();
    measurer.reply_timeout_margin = optional_value<double>(options, "measurer-timeout-margin");
  }
  measurer.time = optional_value<std::string>(options, "time");
  return measurer;
}

ProfileFile read_profile(const std::string& path) {
  return {inline_capture_packets(read_profile_file(path), path), profile_source_of(path)};
}

// A JSON file the user named (- for stdin); a syntax error names it.
protocol::Document input_document(const std::string& path) {
  return protocol::parse_document(read_input_file(path), input_name(path));
}

// The daemon never opens a file a client names: profile paths in a suite (its
// job's and each of its `profiles`) go as contents, as for --job-file.
protocol::Document suite_arguments_from(const po::variables_map& options) {
  for (const char* name :
       {"job-file", "spec", "sut", "measurer-cmd", "name", "profile", "time", "watch", "testbed"}) {
    if (options.count(name) != 0) {
      throw UsageError(
          std::string("--") + name + " cannot be combined with --suite" +
          (std::string(name) == "watch" ? " (follow it with trex-search show SUITE)" : ""));
    }
  }
  if (!options["method"].defaulted()) throw UsageError("--method cannot be combined with --suite");
  const std::string path = options["suite"].as<std::string>();
  return inline_suite_profiles(input_document(path), input_name(path), read_profile);
}

protocol::Document submit_arguments(const po::variables_map& options) {
  if (options.count("job-file") != 0) {
    for (const char* name : {"spec", "sut", "measurer-cmd", "name", "profile", "time"}) {
      if (options.count(name) != 0) {
        throw UsageError(std::string("--") + name + " cannot be combined with --job-file");
      }
    }
    // The daemon never opens a file a client names: the profile goes as contents.
    const protocol::Document job =
        inline_trex_profile(input_document(options["job-file"].as<std::string>()), read_profile);
    return options.count("testbed") != 0 ? with_testbed(job, options["testbed"].as<std::string>())
                                         : job;
  }
  if (options.count("testbed") != 0) {
    throw UsageError("--testbed applies to trex jobs, given with --job-file");
  }
  if (options.count("spec") == 0) throw UsageError("submit needs --spec FILE (or --job-file FILE)");
  JobOptions job;
  job.spec = input_document(options["spec"].as<std::string>());
  job.measurer = measurer_from(options);
  job.method = options["method"].as<std::string>();
  job.name = optional_value<std::string>(options, "name");
  job.profile = optional_value<std::string>(options, "profile");
  return encode_submit_arguments(job);
}

int submit_body(const ClientCall& call) {
  const po::variables_map& options = call.options;
  const ClientSettings& settings = call.settings;
  std::ostream& out = call.out;
  if (options.count("suite") != 0) {
    const protocol::Document suite = suite_arguments_from(options);
    ControlConnection connection(settings.socket, settings.timeout);
    const protocol::Response reply = connection.send(protocol::SubmitSuiteRequest{suite});
    out << (settings.json ? protocol::to_compact_text(reply.arguments) : reply.text) << std::endl;
    return 0;
  }
  const protocol::Document arguments = submit_arguments(options);
  ControlConnection connection(settings.socket, settings.timeout);
  const protocol::Response reply = connection.send(protocol::SubmitRequest{arguments});
  const protocol::JobId job = protocol::decode_reply<protocol::SubmitReply>(reply.arguments).job;
  const bool watch = options.count("watch") != 0;
  if (settings.json && watch) {
    // One stream of one shape: the submission, then the watch's lines.
    out << encode_watch_line("job.submitted", job, reply.arguments) << std::endl;
  } else if (settings.json) {
    out << protocol::to_compact_text(reply.arguments) << std::endl;
  } else {
    out << reply.text << std::endl;
  }
  if (!watch) return 0;
  // The job may run, or end, before the watch begins: its trials so far come from
  // `show`, on a connection of their own (this one streams the watch).
  return watch_job(connection, job, settings.json, out,
                   stored_trials_of(settings.socket, settings.timeout, job));
}

}  // namespace

constinit const CommandEntry kSubmitCommand{
    .name = "submit",
    .summary = "queue a search job on trex-searchd",
    .usage =
        "trex-search submit --spec SPEC.json (--sut MODEL [--sut-option K=V]... |\n"
        "                          --measurer-cmd CMD) [--time virtual|real] [--name N] [--watch]\n"
        "       trex-search submit --job-file JOB.json [--watch]\n"
        "       trex-search submit --suite SUITE.json",
    .description =
        "Queues an MLRsearch (or, with --method plr, a PLRsearch; mrr and soak: a fixed\n"
        "load, docs/mrr.md) job on trex-searchd and\n"
        "prints its id. A trex job (TRex or its emulator) is given whole with --job-file\n"
        "(docs/socket-api.md). SPEC is the same file as for `trex-search simulate`.\n"
        "The daemon validates everything and names\n"
        "the offending field (e.g. spec.goals[0].loss_ratio) when something is wrong.\n"
        "Submitting needs root, the daemon's user or its control group.",
    .options = submit_options,
    .client = {.body = submit_body},
};

}  // namespace trexsearch::cli
