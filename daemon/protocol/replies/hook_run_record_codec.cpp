#include "daemon/protocol/replies/hook_run_record_codec.hpp"

#include "daemon/codec/object_reader.hpp"
#include "daemon/protocol/reply_fields_codec.hpp"

namespace trexsearch::protocol {

Json::Value encode_hook_run_record(const HookRunRecord& run) {
  Json::Value json(Json::objectValue);
  json["hook"] = run.hook;
  json["point"] = run.point;
  json["trial"] = run.trial ? Json::Value(Json::UInt64{*run.trial}) : Json::Value(Json::nullValue);
  json["attempt"] = Json::UInt64{run.attempt};
  json["started_at"] = run.started_at;
  json["duration_s"] = run.duration_s;
  json["end"] = run.end;
  json["status"] = Json::Int64{run.status};
  json["ok"] = run.ok;
  json["text"] = run.text;
  json["output"] = run.output;
  json["output_dropped_bytes"] = Json::UInt64{run.output_dropped_bytes};
  json["failure_action"] = run.failure_action;
  return json;
}

HookRunRecord decode_hook_run_record(const Json::Value& json, const std::string& path) {
  const ReplyFields fields(json, path);
  HookRunRecord run;
  run.hook = fields.text("hook");
  run.point = fields.text("point");
  if (fields.present("trial")) run.trial = fields.count("trial");
  run.attempt = fields.count("attempt");
  run.started_at = fields.number("started_at");
  run.duration_s = fields.number("duration_s");
  run.end = fields.text("end");
  run.status = fields.int64("status");
  run.ok = fields.flag("ok");
  run.text = fields.text("text");
  run.output = fields.text("output");
  run.output_dropped_bytes = fields.count("output_dropped_bytes");
  run.failure_action = fields.text("failure_action");
  return run;
}

std::vector<HookRunRecord> decode_hook_run_records(const Json::Value& json,
                                                   const std::string& path) {
  std::vector<HookRunRecord> runs;
  for (Json::ArrayIndex i = 0; i < json.size(); ++i) {
    runs.push_back(decode_hook_run_record(json[i], path + "[" + std::to_string(i) + "]"));
  }
  return runs;
}

Json::Value encode_hook_run_counts(const HookRunCounts& counts) {
  Json::Value json(Json::objectValue);
  json["runs"] = Json::UInt64{counts.runs};
  json["failed"] = Json::UInt64{counts.failed};
  return json;
}

HookRunCounts decode_hook_run_counts(const Json::Value& json, const std::string& path) {
  const ReplyFields fields(json, path);
  return {fields.count("runs"), fields.count("failed")};
}

}  // namespace trexsearch::protocol
