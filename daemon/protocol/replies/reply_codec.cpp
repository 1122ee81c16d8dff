#include "daemon/protocol/replies/reply_codec.hpp"

#include "daemon/codec/object_reader.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/job_summary_codec.hpp"
#include "daemon/protocol/reply_fields_codec.hpp"

namespace trexsearch::protocol {
namespace {

Json::Value object() { return Json::Value(Json::objectValue); }

ReplyFields fields_of(const Document& arguments) {
  return ReplyFields(json_of(arguments), "arguments");
}

}  // namespace

Document encode_reply(const VersionReply& reply) {
  Json::Value json = object();
  json["daemon"] = reply.daemon;
  json["version"] = reply.version;
  json["protocol"] = reply.protocol;
  return make_document(std::move(json));
}

void decode_reply(const Document& arguments, VersionReply& reply) {
  const ReplyFields fields = fields_of(arguments);
  reply.daemon = fields.text("daemon");
  reply.version = fields.text("version");
  reply.protocol = static_cast<int>(fields.int64("protocol"));
}

Document encode_reply(const SubmitReply& reply) {
  Json::Value json = object();
  json["job"] = Json::Int64{reply.job};
  json["state"] = "queued";
  json["queue_position"] = Json::UInt64{reply.queue_position};
  return make_document(std::move(json));
}

void decode_reply(const Document& arguments, SubmitReply& reply) {
  const ReplyFields fields = fields_of(arguments);
  reply.job = fields.int64("job");
  reply.queue_position = fields.count("queue_position");
}

Document encode_reply(const CancelReply& reply) {
  Json::Value json = object();
  json["job"] = Json::Int64{reply.job};
  json["state"] = std::string(to_string(reply.state));
  return make_document(std::move(json));
}

void decode_reply(const Document& arguments, CancelReply& reply) {
  const ReplyFields fields = fields_of(arguments);
  reply.job = fields.int64("job");
  reply.state = fields.job_state("state");
}

Document encode_reply(const DeleteReply& reply) {
  Json::Value json = object();
  json["job"] = Json::Int64{reply.job};
  json["trials"] = Json::UInt64{reply.trials};
  return make_document(std::move(json));
}

void decode_reply(const Document& arguments, DeleteReply& reply) {
  const ReplyFields fields = fields_of(arguments);
  reply.job = fields.int64("job");
  reply.trials = fields.count("trials");
}

Document encode_reply(const ListReply& reply) {
  Json::Value jobs(Json::arrayValue);
  for (const JobSummary& job : reply.jobs) jobs.append(encode_job_summary(job));
  Json::Value json = object();
  json["jobs"] = std::move(jobs);
  return make_document(std::move(json));
}

void decode_reply(const Document& arguments, ListReply& reply) {
  const ReplyFields fields = fields_of(arguments);
  const Json::Value& jobs = fields.array("jobs");
  for (Json::ArrayIndex i = 0; i < jobs.size(); ++i) {
    reply.jobs.push_back(
        decode_job_summary(jobs[i], codec::element_path(fields.path_of("jobs"), i)));
  }
}

Document encode_reply(const ListSuitesReply& reply) {
  Json::Value suites(Json::arrayValue);
  for (const SuiteSummary& suite : reply.suites) suites.append(encode_suite_summary(suite));
  Json::Value json = object();
  json["suites"] = std::move(suites);
  return make_document(std::move(json));
}

void decode_reply(const Document& arguments, ListSuitesReply& reply) {
  const ReplyFields fields = fields_of(arguments);
  const Json::Value& suites = fields.array("suites");
  for (Json::ArrayIndex i = 0; i < suites.size(); ++i) {
    reply.suites.push_back(
        decode_suite_summary(suites[i], codec::element_path(fields.path_of("suites"), i)));
  }
}

Document encode_reply(const SubmitSuiteReply& reply) {
  Json::Value json = object();
  json["suite"] = Json::Int64{reply.suite};
  json["name"] = reply.name;
  Json::Value jobs(Json::arrayValue);
  for (const JobId job : reply.jobs) jobs.append(Json::Int64{job});
  json["jobs"] = jobs;
  json["queue_position"] = Json::UInt64{reply.queue_position};
  return make_document(std::move(json));
}

void decode_reply(const Document& arguments, SubmitSuiteReply& reply) {
  const ReplyFields fields = fields_of(arguments);
  reply.suite = fields.int64("suite");
  reply.name = fields.text("name");
  const Json::Value& jobs = fields.array("jobs");
  for (Json::ArrayIndex i = 0; i < jobs.size(); ++i) {
    reply.jobs.push_back(codec::as_int64(jobs[i], codec::element_path(fields.path_of("jobs"), i)));
  }
  reply.queue_position = fields.count("queue_position");
}

Document encode_reply(const HelpReply& reply) {
  Json::Value commands(Json::arrayValue);
  for (const HelpReply::Command& command : reply.commands) {
    Json::Value entry = object();
    entry["command"] = command.name;
    entry["summary"] = command.summary;
    entry["privileged"] = command.privileged;
    commands.append(entry);
  }
  Json::Value json = object();
  json["commands"] = commands;
  return make_document(std::move(json));
}

void decode_reply(const Document& arguments, HelpReply& reply) {
  const ReplyFields fields = fields_of(arguments);
  const Json::Value& commands = fields.array("commands");
  for (Json::ArrayIndex i = 0; i < commands.size(); ++i) {
    const ReplyFields command(commands[i], codec::element_path(fields.path_of("commands"), i));
    reply.commands.push_back(
        {command.text("command"), command.text("summary"), command.flag("privileged")});
  }
}

}  // namespace trexsearch::protocol
