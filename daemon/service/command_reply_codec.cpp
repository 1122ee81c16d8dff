#include "daemon/service/command_reply_codec.hpp"

#include "daemon/codec/goal_result_codec.hpp"
#include "daemon/codec/plr_result_codec.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/service/fixed_load_codec.hpp"
#include "daemon/service/load_units.hpp"
#include "daemon/service/load_units_codec.hpp"
#include "daemon/service/reply_codec.hpp"
#include "daemon/service/suite_reply_codec.hpp"

namespace trexsearch::service {
namespace {

using protocol::Document;
using protocol::make_document;

Json::Value object() { return Json::Value(Json::objectValue); }

template <class T, class Encode>
Json::Value or_null(const std::optional<T>& value, Encode encode) {
  return value ? Json::Value(encode(*value)) : Json::Value(Json::nullValue);
}

// MRR and soaks in `show`: the result's numbers without what `show` lists itself.
Json::Value encode_fixed_load_summary(const FixedLoadResult& result) {
  Json::Value summary = encode_fixed_load_result(result);
  for (const char* key : {"trials", "stop_reason", "stop_detail"}) summary.removeMember(key);
  return summary;
}

void encode_plr_parts(const ShowReply& reply, Json::Value& json) {
  if (reply.estimate) {
    json["estimate"] = or_null(*reply.estimate, codec::encode_plr_estimate);
  }
  if (reply.tester_limit) {
    json["tester_limited"] = reply.tester_limit->limited();
    json["tester_limit"] = codec::encode_plr_tester_limit(*reply.tester_limit);
  }
}

}  // namespace

Document encode_reply(const ShowSuiteReply& reply) {
  return make_document(encode_suite_details(reply.details));
}

Document encode_reply(const ShowReply& reply) {
  const JobDetails& details = reply.details;
  Json::Value json = object();
  json["job"] = encode_job_record(details.record);
  json["spec"] = codec::parse_strict_json(details.record.spec_json, "stored spec");
  json["queue_position"] =
      or_null(details.queue_position, [](std::size_t at) { return Json::UInt64{at}; });
  json["progress"] = or_null(details.progress, encode_progress);
  json["bounds"] = or_null(reply.bounds, encode_bounds);
  encode_plr_parts(reply, json);
  if (reply.fixed_load) json["fixed_load"] = encode_fixed_load_summary(*reply.fixed_load);
  if (reply.line_rate) json["line_rate"] = encode_line_rate(*reply.line_rate);
  if (reply.with_trials) {
    Json::Value trials(Json::arrayValue);
    for (const StoredTrial& trial : details.trials) trials.append(encode_stored_trial(trial));
    json["trials"] = trials;
  }
  return make_document(std::move(json));
}

Document encode_reply(const ResultReply& reply) {
  Json::Value json = object();
  json["job"] = encode_job_record(reply.job);
  json["result"] = codec::parse_strict_json(reply.result_json, "stored result");
  // What the loads mean in % of line rate and Gbit/s (docs/loads.md).
  json["line_rate"] = encode_line_rate(reply.line_rate);
  return make_document(std::move(json));
}

Document encode_reply(const WatchReply& reply) {
  Json::Value json = object();
  json["job"] = encode_job_record(reply.start.record);
  json["progress"] = or_null(reply.start.progress, encode_progress);
  json["ended"] = reply.start.ended;
  return make_document(std::move(json));
}

Document encode_reply(const AnalyzeReply& reply) {
  Json::Value json = object();
  json["job"] = Json::Int64{reply.job};
  json["trial_count"] = Json::UInt64{reply.trial_count};
  json["goals"] = codec::encode_goal_results(reply.goals);
  return make_document(std::move(json));
}

}  // namespace trexsearch::service
