#include "daemon/dispatch/command_reply_codec.hpp"

#include "daemon/codec/strict_json.hpp"
#include "daemon/dispatch/job_summary.hpp"
#include "daemon/dispatch/reply_codec.hpp"
#include "daemon/model/protocol_records.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "daemon/protocol/replies/result_document_codec.hpp"
#include "daemon/spec/fixed_load_codec.hpp"
#include "daemon/spec/load_units.hpp"
#include "daemon/spec/load_units_codec.hpp"

namespace trexsearch::service {
namespace {

using protocol::Document;
using protocol::make_document;

Json::Value object() { return Json::Value(Json::objectValue); }

// MRR and soaks in `show`: the result's numbers without what `show` lists itself.
Json::Value encode_fixed_load_summary(const FixedLoadResult& result) {
  Json::Value summary = encode_fixed_load_result(result);
  for (const char* key : {"trials", "stop_reason", "stop_detail"}) summary.removeMember(key);
  return summary;
}

}  // namespace

Document encode_reply(const ShowReply& reply) {
  const JobDetails& details = reply.details;
  protocol::ShowReply show;
  show.job = job_summary(details.record);
  show.spec = make_document(codec::parse_strict_json(details.record.spec_json, "stored spec"));
  if (details.queue_position) show.queue_position = *details.queue_position;
  if (details.progress) show.progress = progress_of(*details.progress);
  if (reply.bounds) show.bounds = goal_bounds_of(*reply.bounds);
  show.estimate = reply.estimate;
  if (reply.tester_limit) {
    show.tester_limit = *reply.tester_limit;
    show.tester_limited = reply.tester_limit->limited();
  }
  if (reply.fixed_load) {
    const Json::Value summary = encode_fixed_load_summary(*reply.fixed_load);
    show.fixed_load = protocol::ResultDocument{
        make_document(summary), protocol::decode_fixed_load_view(summary, "fixed_load")};
  }
  if (reply.line_rate) {
    show.line_rate =
        *reply.line_rate ? std::optional(line_rate_facts_of(**reply.line_rate)) : std::nullopt;
  }
  if (reply.with_trials) {
    show.trials.emplace();
    for (const StoredTrial& trial : details.trials) show.trials->push_back(trial_record_of(trial));
  }
  return protocol::encode_reply(show);
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
  protocol::WatchReply watch;
  watch.job = job_summary(reply.start.record);
  if (reply.start.progress) watch.progress = progress_of(*reply.start.progress);
  watch.ended = reply.start.ended;
  return protocol::encode_reply(watch);
}

}  // namespace trexsearch::service
