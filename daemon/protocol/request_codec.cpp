#include "daemon/protocol/request_codec.hpp"

#include "daemon/codec/goal_codec.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::protocol {
namespace {

Json::Value object() { return Json::Value(Json::objectValue); }

Document job_arguments(JobId job) {
  Json::Value json = object();
  json["job"] = Json::Int64{job};
  return make_document(std::move(json));
}

void decode_none(const Document& arguments) {
  codec::ObjectReader(json_of(arguments), "arguments").reject_unknown_keys();
}

JobId read_job_id(codec::ObjectReader& reader) {
  const std::int64_t id = reader.int64("job");
  if (id <= 0) {
    throw measure::ConfigError(reader.field_path("job"), std::to_string(id),
                               "must be a job id (>= 1)");
  }
  return id;
}

JobId decode_job_only(const Document& arguments) {
  codec::ObjectReader reader(json_of(arguments), "arguments");
  const JobId job = read_job_id(reader);
  reader.reject_unknown_keys();
  return job;
}

// `limit` of `list` and `list_suites`: 1..kMaxListLimit, default kDefaultListLimit.
std::size_t read_list_limit(codec::ObjectReader& reader) {
  const auto value = reader.optional_int64("limit");
  if (!value) return kDefaultListLimit;
  if (*value < 1 || *value > static_cast<std::int64_t>(kMaxListLimit)) {
    throw measure::ConfigError(reader.field_path("limit"), std::to_string(*value),
                               "must be from 1 to " + std::to_string(kMaxListLimit));
  }
  return static_cast<std::size_t>(*value);
}

}  // namespace

Document encode_arguments(const VersionRequest& /*request*/) { return Document(); }
Document encode_arguments(const StatusRequest& /*request*/) { return Document(); }
Document encode_arguments(const HelpRequest& /*request*/) { return Document(); }
Document encode_arguments(const SubmitRequest& request) { return request.job; }
Document encode_arguments(const SubmitSuiteRequest& request) { return request.suite; }

Document encode_arguments(const ListRequest& request) {
  Json::Value json = object();
  if (request.state) json["state"] = std::string(to_string(*request.state));
  json["limit"] = Json::UInt64{request.limit};
  if (request.testbed) json["testbed"] = *request.testbed;
  return make_document(std::move(json));
}

Document encode_arguments(const ListSuitesRequest& request) {
  Json::Value json = object();
  json["limit"] = Json::UInt64{request.limit};
  return make_document(std::move(json));
}

Document encode_arguments(const ShowRequest& request) {
  Json::Value json = json_of(job_arguments(request.job));
  json["trials"] = request.trials;
  // Only when asked: clients from before hooks existed send the same request.
  if (request.hooks) json["hooks"] = true;
  return make_document(std::move(json));
}

Document encode_arguments(const CancelRequest& request) { return job_arguments(request.job); }
Document encode_arguments(const DeleteRequest& request) { return job_arguments(request.job); }
Document encode_arguments(const ResultRequest& request) { return job_arguments(request.job); }
Document encode_arguments(const WatchRequest& request) { return job_arguments(request.job); }

Document encode_arguments(const AnalyzeRequest& request) {
  Json::Value json = json_of(job_arguments(request.job));
  if (request.goals) {
    Json::Value goals(Json::arrayValue);
    for (const mlr::SearchGoal& goal : *request.goals) goals.append(codec::encode_goal(goal));
    json["goals"] = goals;
  }
  return make_document(std::move(json));
}

Document encode_arguments(const ShowSuiteRequest& request) {
  Json::Value json = object();
  if (request.suite.id) {
    json["suite"] = Json::Int64{*request.suite.id};
  } else {
    json["suite"] = request.suite.name;
  }
  return make_document(std::move(json));
}

void decode_arguments(const Document& arguments, VersionRequest& /*request*/) {
  decode_none(arguments);
}
void decode_arguments(const Document& arguments, StatusRequest& /*request*/) {
  decode_none(arguments);
}
void decode_arguments(const Document& arguments, HelpRequest& /*request*/) {
  decode_none(arguments);
}
void decode_arguments(const Document& arguments, SubmitRequest& request) {
  request.job = arguments;
}
void decode_arguments(const Document& arguments, SubmitSuiteRequest& request) {
  request.suite = arguments;
}

void decode_arguments(const Document& arguments, ListRequest& request) {
  codec::ObjectReader reader(json_of(arguments), "arguments");
  if (const auto text = reader.optional_string("state")) {
    request.state = job_state_from_string(*text);
    if (!request.state) {
      throw measure::ConfigError(
          reader.field_path("state"), "\"" + *text + "\"",
          "must be queued, running, interrupted, finished, failed or cancelled");
    }
  }
  request.limit = read_list_limit(reader);
  request.testbed = reader.optional_string("testbed");
  reader.reject_unknown_keys();
}

void decode_arguments(const Document& arguments, ListSuitesRequest& request) {
  codec::ObjectReader reader(json_of(arguments), "arguments");
  request.limit = read_list_limit(reader);
  reader.reject_unknown_keys();
}

void decode_arguments(const Document& arguments, ShowRequest& request) {
  codec::ObjectReader reader(json_of(arguments), "arguments");
  request.job = read_job_id(reader);
  request.trials = reader.optional_bool("trials").value_or(true);
  request.hooks = reader.optional_bool("hooks").value_or(false);
  reader.reject_unknown_keys();
}

void decode_arguments(const Document& arguments, CancelRequest& request) {
  request.job = decode_job_only(arguments);
}
void decode_arguments(const Document& arguments, DeleteRequest& request) {
  request.job = decode_job_only(arguments);
}
void decode_arguments(const Document& arguments, ResultRequest& request) {
  request.job = decode_job_only(arguments);
}
void decode_arguments(const Document& arguments, WatchRequest& request) {
  request.job = decode_job_only(arguments);
}

void decode_arguments(const Document& arguments, AnalyzeRequest& request) {
  codec::ObjectReader reader(json_of(arguments), "arguments");
  request.job = read_job_id(reader);
  if (reader.has("goals")) {
    request.goals = codec::decode_goals(reader.array("goals"), reader.field_path("goals"));
  }
  reader.reject_unknown_keys();
}

void decode_arguments(const Document& arguments, ShowSuiteRequest& request) {
  codec::ObjectReader reader(json_of(arguments), "arguments");
  const Json::Value* suite = reader.optional_value("suite");
  if (suite == nullptr) {
    throw measure::ConfigError(reader.field_path("suite"), "(missing)",
                               "is required: a suite id or name");
  }
  if (suite->isString()) {
    request.suite.name = suite->asString();
    if (request.suite.name.empty()) {
      throw measure::ConfigError(reader.field_path("suite"), "\"\"", "must not be empty");
    }
  } else {
    const std::int64_t id = codec::as_int64(*suite, reader.field_path("suite"));
    if (id <= 0) {
      throw measure::ConfigError(reader.field_path("suite"), std::to_string(id),
                                 "must be a suite id (>= 1)");
    }
    request.suite.id = id;
  }
  reader.reject_unknown_keys();
}

const std::vector<CommandArguments>& command_arguments() {
  static const std::vector<CommandArguments> table{
      {VersionRequest::kCommand, {}},
      {StatusRequest::kCommand, {}},
      {SubmitRequest::kCommand, {}, true},
      {ListRequest::kCommand, {"state", "limit", "testbed"}},
      {ShowRequest::kCommand, {"job", "trials", "hooks"}},
      {CancelRequest::kCommand, {"job"}},
      {DeleteRequest::kCommand, {"job"}},
      {ResultRequest::kCommand, {"job"}},
      {WatchRequest::kCommand, {"job"}},
      {AnalyzeRequest::kCommand, {"job", "goals"}},
      {SubmitSuiteRequest::kCommand, {}, true},
      {ShowSuiteRequest::kCommand, {"suite"}},
      {ListSuitesRequest::kCommand, {"limit"}},
      {HelpRequest::kCommand, {}},
  };
  return table;
}

}  // namespace trexsearch::protocol
