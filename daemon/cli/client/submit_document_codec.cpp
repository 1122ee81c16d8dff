#include "daemon/cli/client/submit_document_codec.hpp"

#include <json/value.h>

#include "daemon/cli/command/command_errors.hpp"
#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/protocol/document_codec.hpp"

namespace trexsearch::cli {
namespace {

// The profile file's JSON into `object["profile"]` and its source beside it; a
// syntax error names the file.
void inline_profile(Json::Value& object, const ProfileReader& read) {
  const std::string path = object["profile"].asString();
  const ProfileFile file = read(path);
  try {
    object["profile"] = codec::parse_strict_json(file.text, path);
  } catch (const std::exception& error) {
    throw BadInputError(std::string("traffic profile ") + error.what());
  }
  object["profile_source"] = file.source;
}

void inline_profile_in(Json::Value& job, const ProfileReader& read) {
  if (!job.isObject() || !job.isMember("measurer")) return;
  Json::Value& measurer = job["measurer"];
  if (!measurer.isObject() || measurer.get("kind", "").asString() != "trex") return;
  if (measurer.get("profile", Json::Value()).isString()) inline_profile(measurer, read);
  // An ASTF job's TRex profile (astf-sim --json output) named by path: the same
  // (docs/astf.md "Jobs"); the daemon never opens files clients name.
  Json::Value& astf = measurer["astf"];
  if (astf.isObject() && astf.get("profile", Json::Value()).isString()) {
    inline_profile(astf, read);
  } else if (astf.isNull()) {
    measurer.removeMember("astf");
  }
}

Json::Value encode_measurer(const MeasurerOptions& options) {
  Json::Value measurer(Json::objectValue);
  measurer["kind"] = options.kind;
  if (options.kind == "sim") {
    measurer["model"] = options.model;
    if (!options.sut_options.empty()) {
      Json::Value sut(Json::objectValue);
      for (const auto& option : options.sut_options) sut[option.first] = option.second;
      measurer["options"] = sut;
    }
    if (options.seed) measurer["seed"] = Json::UInt64{*options.seed};
    if (options.trial_overhead) measurer["trial_overhead"] = *options.trial_overhead;
  } else {
    measurer["command"] = options.command;
    if (options.reply_timeout_margin) {
      measurer["reply_timeout_margin"] = *options.reply_timeout_margin;
    }
  }
  if (options.time) measurer["time"] = *options.time;
  return measurer;
}

}  // namespace

protocol::Document inline_trex_profile(const protocol::Document& job, const ProfileReader& read) {
  Json::Value json = protocol::json_of(job);
  inline_profile_in(json, read);
  return protocol::make_document(std::move(json));
}

protocol::Document with_testbed(const protocol::Document& job, const std::string& testbed) {
  Json::Value json = protocol::json_of(job);
  if (!json.isObject()) throw UsageError("--testbed: the job file must be a JSON object");
  json["testbed"] = testbed;
  return protocol::make_document(std::move(json));
}

protocol::Document inline_suite_profiles(const protocol::Document& suite, const std::string& name,
                                         const ProfileReader& read) {
  Json::Value json = protocol::json_of(suite);
  if (!json.isObject()) throw UsageError(name + ": a suite must be a JSON object");
  if (json["job"].isObject()) inline_profile_in(json["job"], read);
  if (json["profiles"].isArray()) {
    for (Json::Value& entry : json["profiles"]) {
      if (!entry.isObject() || !entry["profile"].isString()) continue;  // the daemon judges it
      inline_profile(entry, read);
    }
  }
  return protocol::make_document(std::move(json));
}

protocol::Document encode_submit_arguments(const JobOptions& job) {
  Json::Value arguments(Json::objectValue);
  arguments["spec"] = protocol::json_of(job.spec);
  arguments["measurer"] = encode_measurer(job.measurer);
  arguments["method"] = job.method;
  if (job.name) arguments["name"] = *job.name;
  if (job.profile) arguments["profile"] = *job.profile;
  return protocol::make_document(std::move(arguments));
}

}  // namespace trexsearch::cli
