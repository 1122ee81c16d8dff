#include "daemon/protocol/replies/job_replies_codec.hpp"

#include "daemon/codec/goal_result_codec.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/codec/plr_result_codec.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/hook_run_record_codec.hpp"
#include "daemon/protocol/replies/job_progress_codec.hpp"
#include "daemon/protocol/replies/job_summary_codec.hpp"
#include "daemon/protocol/replies/mlr_result_codec.hpp"
#include "daemon/protocol/replies/result_document_codec.hpp"
#include "daemon/protocol/replies/trial_record_codec.hpp"
#include "daemon/protocol/reply_fields_codec.hpp"

namespace trexsearch::protocol {
namespace {

using codec::optional_number;
using codec::present;

Json::Value number_or_null(const std::optional<double>& value) {
  return value ? Json::Value(*value) : Json::Value(Json::nullValue);
}

double number(const Json::Value& json, const char* key, const std::string& path) {
  return codec::as_number(json[key], codec::member_path(path, key));
}

void encode_plr_parts(const ShowReply& reply, Json::Value& json) {
  if (reply.estimate) {
    json["estimate"] =
        *reply.estimate ? encode_estimate(**reply.estimate) : Json::Value(Json::nullValue);
  }
  if (reply.tester_limit) {
    json["tester_limited"] = reply.tester_limited;
    json["tester_limit"] = encode_plr_tester_limit(*reply.tester_limit);
  }
}

void decode_plr_parts(const Json::Value& json, const ReplyFields& fields, ShowReply& reply) {
  if (json.isMember("estimate")) {
    reply.estimate = present(json, "estimate")
                         ? std::optional(decode_estimate(json["estimate"], "arguments.estimate"))
                         : std::nullopt;
  }
  if (present(json, "tester_limit")) {
    reply.tester_limit = decode_plr_tester_limit(json["tester_limit"], "arguments.tester_limit");
    reply.tester_limited = fields.flag("tester_limited");
  }
}

}  // namespace

Json::Value encode_tester_limited(const std::optional<mlr::TesterLimit>& limit) {
  if (!limit) return Json::Value(Json::nullValue);
  Json::Value json(Json::objectValue);
  json["trials"] = Json::UInt64{limit->trials};
  json["reached_pps"] = limit->reached_pps;
  return json;
}

std::optional<mlr::TesterLimit> decode_tester_limited(const Json::Value& json,
                                                      const std::string& path) {
  if (json.isNull()) return std::nullopt;
  const ReplyFields fields(json, path);
  return mlr::TesterLimit{static_cast<std::size_t>(fields.count("trials")),
                          number(json, "reached_pps", path)};
}

Json::Value encode_goal_bounds(const std::vector<GoalBounds>& goals) {
  Json::Value json(Json::arrayValue);
  for (const GoalBounds& goal : goals) {
    Json::Value entry(Json::objectValue);
    entry["label"] = goal.label;
    entry["lower_bound"] = number_or_null(goal.lower_bound_pps);
    entry["upper_bound"] = number_or_null(goal.upper_bound_pps);
    entry["regular"] = goal.regular;
    entry["irregular_reason"] = goal.irregular_reason;
    entry["tester_limited"] = encode_tester_limited(goal.tester_limited);
    entry["clean"] = goal.clean;
    json.append(entry);
  }
  return json;
}

std::vector<GoalBounds> decode_goal_bounds(const Json::Value& json, const std::string& path) {
  std::vector<GoalBounds> goals;
  const Json::Value& array = codec::as_array(json, path);
  for (Json::ArrayIndex i = 0; i < array.size(); ++i) {
    const std::string goal_path = codec::element_path(path, i);
    const Json::Value& entry = array[i];
    const ReplyFields fields(entry, goal_path);
    GoalBounds goal;
    goal.label = fields.text("label");
    goal.lower_bound_pps = optional_number(entry, "lower_bound", goal_path);
    goal.upper_bound_pps = optional_number(entry, "upper_bound", goal_path);
    goal.regular = fields.flag("regular");
    goal.irregular_reason = fields.optional_text("irregular_reason").value_or("");
    goal.tester_limited =
        decode_tester_limited(entry["tester_limited"], fields.path_of("tester_limited"));
    goal.clean = fields.flag("clean");
    goals.push_back(goal);
  }
  return goals;
}

Json::Value encode_plr_tester_limit(const plr::PlrTesterLimit& limit) {
  return codec::encode_plr_tester_limit(limit);
}

plr::PlrTesterLimit decode_plr_tester_limit(const Json::Value& json, const std::string& path) {
  const ReplyFields fields(json, path);
  const auto count = [&](const char* key) {
    return present(json, key) ? static_cast<std::size_t>(fields.count(key)) : std::size_t{0};
  };
  plr::PlrTesterLimit limit;
  limit.trials = count("trials");
  limit.reached_pps = optional_number(json, "reached_pps", path);
  limit.trials_near_estimate = count("trials_near_estimate");
  limit.estimate_upper_end_pps = optional_number(json, "estimate_upper_end", path);
  limit.trials_below_sut_loss = count("trials_below_sut_loss");
  limit.lowest_sut_lossy_pps = optional_number(json, "lowest_sut_lossy_load", path);
  return limit;
}

Json::Value encode_line_rate_facts(const std::optional<LineRateFacts>& line_rate) {
  if (!line_rate) return Json::Value(Json::nullValue);
  Json::Value json(Json::objectValue);
  json["port_speed_gbps"] = line_rate->port_speed_gbps;
  json["frame_bytes"] = line_rate->frame_bytes;
  json["line_rate_pps"] = line_rate->line_rate_pps;
  return json;
}

std::optional<LineRateFacts> decode_line_rate_facts(const Json::Value& json,
                                                    const std::string& path) {
  if (json.isNull()) return std::nullopt;
  (void)ReplyFields(json, path);
  return LineRateFacts{number(json, "port_speed_gbps", path), number(json, "frame_bytes", path),
                       number(json, "line_rate_pps", path)};
}

Document encode_reply(const ShowReply& reply) {
  Json::Value json(Json::objectValue);
  json["job"] = encode_job_summary(reply.job);
  json["spec"] = json_of(reply.spec);
  json["queue_position"] = reply.queue_position ? Json::Value(Json::UInt64{*reply.queue_position})
                                                : Json::Value(Json::nullValue);
  json["progress"] =
      reply.progress ? encode_job_progress(*reply.progress) : Json::Value(Json::nullValue);
  json["bounds"] = reply.bounds ? encode_goal_bounds(*reply.bounds) : Json::Value(Json::nullValue);
  encode_plr_parts(reply, json);
  if (reply.fixed_load) json["fixed_load"] = encode_fixed_load_summary(*reply.fixed_load);
  if (reply.line_rate) json["line_rate"] = encode_line_rate_facts(*reply.line_rate);
  if (reply.trials) {
    Json::Value trials(Json::arrayValue);
    for (const TrialRecord& trial : *reply.trials) trials.append(encode_trial_record(trial));
    json["trials"] = trials;
  }
  if (reply.hooks) json["hooks"] = encode_hook_run_counts(*reply.hooks);
  if (reply.hook_runs) {
    Json::Value runs(Json::arrayValue);
    for (const HookRunRecord& run : *reply.hook_runs) runs.append(encode_hook_run_record(run));
    json["hook_runs"] = runs;
    if (reply.hook_output_omitted > 0) {
      json["hook_output_omitted"] = Json::UInt64{reply.hook_output_omitted};
    }
  }
  return make_document(std::move(json));
}

void decode_reply(const Document& arguments, ShowReply& reply) {
  const Json::Value& json = json_of(arguments);
  const ReplyFields fields(json, "arguments");
  reply.job = decode_job_summary(json["job"], fields.path_of("job"));
  reply.spec = make_document(json["spec"]);
  if (present(json, "queue_position")) reply.queue_position = fields.count("queue_position");
  if (present(json, "progress")) {
    reply.progress = decode_job_progress(json["progress"], fields.path_of("progress"));
  }
  if (present(json, "bounds")) {
    reply.bounds = decode_goal_bounds(json["bounds"], fields.path_of("bounds"));
  }
  decode_plr_parts(json, fields, reply);
  if (present(json, "fixed_load")) {
    reply.fixed_load = decode_fixed_load_view(json["fixed_load"], fields.path_of("fixed_load"));
  }
  if (json.isMember("line_rate")) {
    reply.line_rate = decode_line_rate_facts(json["line_rate"], fields.path_of("line_rate"));
  }
  if (json.isMember("trials")) {
    reply.trials = decode_trial_records(fields.array("trials"), fields.path_of("trials"));
  }
  if (present(json, "hooks")) {
    reply.hooks = decode_hook_run_counts(fields.object("hooks"), fields.path_of("hooks"));
  }
  if (json.isMember("hook_runs")) {
    reply.hook_runs =
        decode_hook_run_records(fields.array("hook_runs"), fields.path_of("hook_runs"));
  }
  if (present(json, "hook_output_omitted")) {
    reply.hook_output_omitted = fields.count("hook_output_omitted");
  }
}

Document encode_reply(const WatchReply& reply) {
  Json::Value json(Json::objectValue);
  json["job"] = encode_job_summary(reply.job);
  json["progress"] =
      reply.progress ? encode_job_progress(*reply.progress) : Json::Value(Json::nullValue);
  json["ended"] = reply.ended;
  return make_document(std::move(json));
}

void decode_reply(const Document& arguments, WatchReply& reply) {
  const Json::Value& json = json_of(arguments);
  const ReplyFields fields(json, "arguments");
  reply.job = decode_job_summary(json["job"], fields.path_of("job"));
  if (present(json, "progress")) {
    reply.progress = decode_job_progress(json["progress"], fields.path_of("progress"));
  }
  reply.ended = fields.flag("ended");
}

Document encode_reply(const ResultReply& reply) {
  Json::Value json(Json::objectValue);
  json["job"] = encode_job_summary(reply.job);
  json["result"] = json_of(reply.result.stored);
  // What the loads mean in % of line rate and Gbit/s (docs/loads.md).
  json["line_rate"] = encode_line_rate_facts(reply.line_rate);
  return make_document(std::move(json));
}

void decode_reply(const Document& arguments, ResultReply& reply) {
  const Json::Value& json = json_of(arguments);
  const ReplyFields fields(json, "arguments");
  reply.job = decode_job_summary(json["job"], fields.path_of("job"));
  // "result", as the CLI has always named the document in what it could not read.
  reply.result = decode_result_document(json["result"], reply.job.method, "result");
  reply.line_rate = decode_line_rate_facts(json["line_rate"], fields.path_of("line_rate"));
}

Document encode_reply(const AnalyzeReply& reply) {
  Json::Value json(Json::objectValue);
  json["job"] = Json::Int64{reply.job};
  json["trial_count"] = Json::UInt64{reply.trial_count};
  json["goals"] = codec::encode_goal_results(reply.goals);
  return make_document(std::move(json));
}

void decode_reply(const Document& arguments, AnalyzeReply& reply) {
  const Json::Value& json = json_of(arguments);
  const ReplyFields fields(json, "arguments");
  reply.job = fields.int64("job");
  reply.trial_count = fields.count("trial_count");
  const Json::Value& goals = fields.array("goals");
  for (Json::ArrayIndex i = 0; i < goals.size(); ++i) {
    reply.goals.push_back(
        decode_goal_result(goals[i], codec::element_path(fields.path_of("goals"), i)));
  }
}

}  // namespace trexsearch::protocol
