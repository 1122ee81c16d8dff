#include "daemon/protocol/replies/suite_replies_codec.hpp"

#include <string>
#include <utility>

#include "daemon/codec/object_reader.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "daemon/protocol/replies/job_summary_codec.hpp"
#include "daemon/protocol/replies/result_document_codec.hpp"
#include "daemon/protocol/reply_fields_codec.hpp"

namespace trexsearch::protocol {
namespace {

Json::Value encode_entry(const ShowSuiteEntry& entry) {
  Json::Value json(Json::objectValue);
  json["position"] = Json::UInt64{entry.position};
  json["label"] = entry.label;
  json["frame_size"] = entry.frame_size;
  json["repeat"] = entry.repeat;
  json["job"] = encode_job_summary(entry.job);
  json["result"] = entry.result ? json_of(entry.result->stored) : Json::Value(Json::nullValue);
  json["trials_with_notes"] = entry.trials_with_notes
                                  ? Json::Value(Json::UInt64{*entry.trials_with_notes})
                                  : Json::Value(Json::nullValue);
  json["line_rate"] = encode_line_rate_facts(entry.line_rate);
  return json;
}

ShowSuiteEntry decode_entry(const Json::Value& json, const std::string& path) {
  const ReplyFields fields(json, path);
  ShowSuiteEntry entry;
  entry.position = fields.count("position");
  entry.label = fields.text("label");
  entry.frame_size = fields.text("frame_size");
  entry.repeat = static_cast<int>(fields.int64("repeat"));
  entry.job = decode_job_summary(json["job"], fields.path_of("job"));
  if (fields.present("result")) {
    entry.result =
        decode_result_document(json["result"], entry.job.method, fields.path_of("result"));
  }
  if (fields.present("trials_with_notes")) {
    entry.trials_with_notes = fields.count("trials_with_notes");
  }
  entry.line_rate = decode_line_rate_facts(json["line_rate"], fields.path_of("line_rate"));
  return entry;
}

}  // namespace

Document encode_reply(const ShowSuiteReply& reply) {
  Json::Value json(Json::objectValue);
  json["suite"] = encode_suite_summary(reply.suite);
  Json::Value entries(Json::arrayValue);
  for (const ShowSuiteEntry& entry : reply.entries) entries.append(encode_entry(entry));
  json["entries"] = std::move(entries);
  return make_document(std::move(json));
}

void decode_reply(const Document& arguments, ShowSuiteReply& reply) {
  const Json::Value& json = json_of(arguments);
  const ReplyFields fields(json, "arguments");
  reply.suite = decode_suite_summary(json["suite"], fields.path_of("suite"));
  const Json::Value& entries = fields.array("entries");
  for (Json::ArrayIndex i = 0; i < entries.size(); ++i) {
    reply.entries.push_back(
        decode_entry(entries[i], codec::element_path(fields.path_of("entries"), i)));
  }
}

}  // namespace trexsearch::protocol
