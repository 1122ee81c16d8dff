// `trex-search submit`: queue an MLRsearch, PLRsearch, MRR or soak job (or a suite).
#include <json/value.h>

#include <charconv>
#include <ostream>

#include "daemon/cli/client_connection.hpp"
#include "daemon/cli/command_entries.hpp"
#include "daemon/cli/command_errors.hpp"
#include "daemon/cli/input_file.hpp"
#include "daemon/cli/profile_file.hpp"
#include "daemon/cli/watch_job.hpp"
#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/protocol/document_codec.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description submit_options() {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
      ("job-file", po::value<std::string>()->value_name("FILE"),
       "the whole submit arguments as JSON (- for stdin), see docs/socket-api.md")
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

Json::Value parse_sut_options(const std::vector<std::string>& items) {
  Json::Value options(Json::objectValue);
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

Json::Value measurer_from(const po::variables_map& options) {
  const bool sut = options.count("sut") != 0;
  const bool command = options.count("measurer-cmd") != 0;
  if (sut == command)
    throw UsageError("submit needs exactly one of --sut MODEL and --measurer-cmd CMD");
  Json::Value measurer(Json::objectValue);
  for (const char* name : {"sut-option", "seed", "trial-overhead"}) {
    if (command && options.count(name) != 0) {
      throw UsageError(std::string("--") + name + " only applies to --sut");
    }
  }
  if (sut && options.count("measurer-timeout-margin") != 0) {
    throw UsageError("--measurer-timeout-margin only applies to --measurer-cmd");
  }
  if (sut) {
    measurer["kind"] = "sim";
    measurer["model"] = options["sut"].as<std::string>();
    if (options.count("sut-option") != 0) {
      measurer["options"] = parse_sut_options(options["sut-option"].as<std::vector<std::string>>());
    }
    if (options.count("seed") != 0)
      measurer["seed"] = Json::UInt64{options["seed"].as<std::uint64_t>()};
    if (options.count("trial-overhead") != 0) {
      measurer["trial_overhead"] = options["trial-overhead"].as<double>();
    }
  } else {
    measurer["kind"] = "exec";
    measurer["command"] = options["measurer-cmd"].as<std::string>();
    if (options.count("measurer-timeout-margin") != 0) {
      measurer["reply_timeout_margin"] = options["measurer-timeout-margin"].as<double>();
    }
  }
  if (options.count("time") != 0) measurer["time"] = options["time"].as<std::string>();
  return measurer;
}

// The daemon never opens a file a client names: profile paths in a suite (its
// job's and each of its `profiles`) go as contents, as for --job-file.
Json::Value suite_arguments_from(const po::variables_map& options) {
  for (const char* name :
       {"job-file", "spec", "sut", "measurer-cmd", "name", "profile", "time", "watch"}) {
    if (options.count(name) != 0) {
      throw UsageError(
          std::string("--") + name + " cannot be combined with --suite" +
          (std::string(name) == "watch" ? " (follow it with trex-search show SUITE)" : ""));
    }
  }
  if (!options["method"].defaulted()) throw UsageError("--method cannot be combined with --suite");
  const std::string path = options["suite"].as<std::string>();
  Json::Value suite = codec::parse_strict_json(read_input_file(path), input_name(path));
  if (!suite.isObject()) throw UsageError(input_name(path) + ": a suite must be a JSON object");
  if (suite["job"].isObject()) inline_trex_profile(suite["job"]);
  if (suite["profiles"].isArray()) {
    for (Json::Value& entry : suite["profiles"]) {
      if (!entry.isObject() || !entry["profile"].isString()) continue;  // the daemon judges it
      const std::string profile = entry["profile"].asString();
      entry["profile"] = read_profile_file(profile);
      entry["profile_source"] = profile_source_of(profile);
    }
  }
  return suite;
}

Json::Value submit_arguments(const po::variables_map& options) {
  if (options.count("job-file") != 0) {
    for (const char* name : {"spec", "sut", "measurer-cmd", "name", "profile", "time"}) {
      if (options.count(name) != 0) {
        throw UsageError(std::string("--") + name + " cannot be combined with --job-file");
      }
    }
    const std::string path = options["job-file"].as<std::string>();
    Json::Value arguments = codec::parse_strict_json(read_input_file(path), input_name(path));
    // The daemon never opens a file a client names: the profile goes as contents.
    inline_trex_profile(arguments);
    return arguments;
  }
  if (options.count("spec") == 0) throw UsageError("submit needs --spec FILE (or --job-file FILE)");
  Json::Value arguments(Json::objectValue);
  const std::string spec = options["spec"].as<std::string>();
  arguments["spec"] = codec::parse_strict_json(read_input_file(spec), input_name(spec));
  arguments["measurer"] = measurer_from(options);
  arguments["method"] = options["method"].as<std::string>();
  if (options.count("name") != 0) arguments["name"] = options["name"].as<std::string>();
  if (options.count("profile") != 0) arguments["profile"] = options["profile"].as<std::string>();
  return arguments;
}

}  // namespace

namespace {

int submit_body(const ClientCall& call) {
  const po::variables_map& options = call.options;
  const ClientSettings& settings = call.settings;
  std::ostream& out = call.out;
  if (options.count("suite") != 0) {
    const Json::Value suite = suite_arguments_from(options);
    ControlConnection connection(settings.socket, settings.timeout);
    const auto reply =
        connection.call(protocol::SubmitSuiteRequest{protocol::make_document(suite)});
    out << (settings.json ? codec::to_compact_json(reply.arguments) : reply.text) << std::endl;
    return 0;
  }
  const Json::Value arguments = submit_arguments(options);
  ControlConnection connection(settings.socket, settings.timeout);
  const auto reply = connection.call(protocol::SubmitRequest{protocol::make_document(arguments)});
  const bool watch = options.count("watch") != 0;
  if (settings.json && watch) {
    // One stream of one shape: the submission, then the watch's lines.
    write_watch_json_line(out, "job.submitted", reply.arguments["job"].asInt64(), reply.arguments);
  } else if (settings.json) {
    out << codec::to_compact_json(reply.arguments) << std::endl;
  } else {
    out << reply.text << std::endl;
  }
  if (!watch) return 0;
  return watch_job(connection, reply.arguments["job"].asInt64(), settings.json, out);
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
