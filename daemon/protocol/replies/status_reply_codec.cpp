#include "daemon/protocol/replies/status_reply_codec.hpp"

#include <json/value.h>

#include "daemon/codec/object_reader.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/job_progress_codec.hpp"
#include "daemon/protocol/reply_fields_codec.hpp"

namespace trexsearch::protocol {
namespace {

Json::Value object() { return Json::Value(Json::objectValue); }

// Optional texts are left out when absent, as the daemon has always done.
void put_optional(Json::Value& json, const char* key, const std::optional<std::string>& text) {
  if (text) json[key] = *text;
}

Json::Value encode_daemon(const StatusReply::Daemon& daemon) {
  Json::Value json = object();
  json["version"] = daemon.version;
  json["pid"] = Json::Int64{daemon.pid};
  json["started_at"] = daemon.started_at;
  json["uptime"] = daemon.uptime_s;
  json["socket"] = daemon.socket;
  json["state_dir"] = daemon.state_dir;
  return json;
}

StatusReply::Daemon decode_daemon(const ReplyFields& fields) {
  StatusReply::Daemon daemon;
  daemon.version = fields.text("version");
  daemon.pid = fields.int64("pid");
  daemon.started_at = fields.text("started_at");
  daemon.uptime_s = fields.number("uptime");
  daemon.socket = fields.text("socket");
  daemon.state_dir = fields.text("state_dir");
  return daemon;
}

Json::Value encode_trex(const std::optional<StatusReply::TrexLink>& link) {
  Json::Value json = object();
  if (!link) {
    json["state"] = "not_configured";
    json["connected"] = false;
    return json;
  }
  json["state"] = link->state;
  json["connected"] = link->connected;
  json["endpoint"] = link->endpoint;
  json["since"] = link->since;
  put_optional(json, "trex_version", link->trex_version);
  put_optional(json, "last_contact", link->last_contact);
  put_optional(json, "last_error", link->last_error);
  json["recoveries"] = Json::UInt64{link->recoveries};
  return json;
}

std::optional<StatusReply::TrexLink> decode_trex(const ReplyFields& fields) {
  StatusReply::TrexLink link;
  link.state = fields.text("state");
  link.connected = fields.flag("connected");
  if (link.state == "not_configured") return std::nullopt;
  link.endpoint = fields.text("endpoint");
  link.since = fields.text("since");
  link.trex_version = fields.optional_text("trex_version");
  link.last_contact = fields.optional_text("last_contact");
  link.last_error = fields.optional_text("last_error");
  link.recoveries = fields.count("recoveries");
  return link;
}

Json::Value encode_running(const StatusReply::RunningJob& running) {
  Json::Value json = object();
  json["id"] = Json::Int64{running.id};
  json["name"] = running.name;
  json["method"] = running.method;
  json["measurer"] = running.measurer;
  json["started_at"] = running.started_at;
  json["cancel_requested"] = running.cancel_requested;
  json["progress"] = encode_job_progress(running.progress);
  json["lane"] = running.lane;
  return json;
}

StatusReply::RunningJob decode_running(const ReplyFields& fields) {
  StatusReply::RunningJob running;
  running.id = fields.int64("id");
  running.name = fields.text("name");
  running.method = fields.text("method");
  running.measurer = fields.text("measurer");
  running.started_at = fields.text("started_at");
  running.cancel_requested = fields.flag("cancel_requested");
  running.progress = decode_job_progress(fields.object("progress"), fields.path_of("progress"));
  if (fields.present("lane")) running.lane = fields.text("lane");
  return running;
}

Json::Value encode_queue(const StatusReply::Queue& queue) {
  Json::Value json = object();
  json["running"] = queue.running ? encode_running(*queue.running) : Json::Value(Json::nullValue);
  Json::Value running_jobs(Json::arrayValue);
  for (const StatusReply::RunningJob& running : queue.running_jobs) {
    running_jobs.append(encode_running(running));
  }
  json["running_jobs"] = running_jobs;
  Json::Value queued(Json::arrayValue);
  for (const JobId id : queue.queued) queued.append(Json::Int64{id});
  json["queued"] = queued;
  json["queued_count"] = Json::UInt64{queue.queued.size()};
  json["max_queued"] = Json::UInt64{queue.max_queued};
  return json;
}

StatusReply::Queue decode_queue(const ReplyFields& fields) {
  StatusReply::Queue queue;
  if (fields.present("running")) {
    queue.running =
        decode_running(ReplyFields(fields.object("running"), fields.path_of("running")));
  }
  if (fields.present("running_jobs")) {
    const Json::Value& running_jobs = fields.array("running_jobs");
    for (Json::ArrayIndex i = 0; i < running_jobs.size(); ++i) {
      // ReplyFields refuses an element that is not an object, naming it.
      queue.running_jobs.push_back(decode_running(
          ReplyFields(running_jobs[i], codec::element_path(fields.path_of("running_jobs"), i))));
    }
  }
  const Json::Value& queued = fields.array("queued");
  for (Json::ArrayIndex i = 0; i < queued.size(); ++i) {
    queue.queued.push_back(
        codec::as_int64(queued[i], codec::element_path(fields.path_of("queued"), i)));
  }
  queue.max_queued = fields.count("max_queued");
  return queue;
}

Json::Value encode_replication(const StatusReply::Replication& replication) {
  Json::Value json(Json::objectValue);
  json["target"] = replication.target;
  json["tester"] = replication.tester;
  json["connected"] = replication.connected;
  json["rows_behind"] = Json::UInt64{replication.rows_behind};
  json["jobs_behind"] = Json::UInt64{replication.jobs_behind};
  json["rows_sent"] = Json::UInt64{replication.rows_sent};
  json["errors"] = Json::UInt64{replication.errors};
  put_optional(json, "last_success", replication.last_success);
  put_optional(json, "last_error", replication.last_error);
  put_optional(json, "last_error_at", replication.last_error_at);
  return json;
}

StatusReply::Replication decode_replication(const ReplyFields& fields) {
  StatusReply::Replication replication;
  replication.target = fields.text("target");
  replication.tester = fields.text("tester");
  replication.connected = fields.flag("connected");
  replication.rows_behind = fields.count("rows_behind");
  replication.jobs_behind = fields.count("jobs_behind");
  replication.rows_sent = fields.count("rows_sent");
  replication.errors = fields.count("errors");
  replication.last_success = fields.optional_text("last_success");
  replication.last_error = fields.optional_text("last_error");
  replication.last_error_at = fields.optional_text("last_error_at");
  return replication;
}

Json::Value encode_store(const StatusReply::Store& store) {
  Json::Value json = object();
  json["file"] = store.file;
  json["bytes"] = Json::UInt64{store.bytes};
  json["max_bytes"] = Json::UInt64{store.max_bytes};
  json["writable"] = store.writable;
  json["reserve_bytes"] = Json::UInt64{store.reserve_bytes};
  json["reserve_held"] = store.reserve_held;
  put_optional(json, "last_error", store.last_error);
  put_optional(json, "last_error_at", store.last_error_at);
  return json;
}

StatusReply::Store decode_store(const ReplyFields& fields) {
  StatusReply::Store store;
  store.file = fields.text("file");
  store.bytes = fields.count("bytes");
  store.max_bytes = fields.count("max_bytes");
  store.writable = fields.flag("writable");
  store.reserve_bytes = fields.count("reserve_bytes");
  store.reserve_held = fields.flag("reserve_held");
  store.last_error = fields.optional_text("last_error");
  store.last_error_at = fields.optional_text("last_error_at");
  return store;
}

Json::Value encode_clients(const StatusReply::Clients& clients) {
  Json::Value json = object();
  json["connected"] = Json::UInt64{clients.connected};
  json["max"] = Json::UInt64{clients.max};
  json["max_per_user"] = Json::UInt64{clients.max_per_user};
  json["output_bytes"] = Json::UInt64{clients.output_bytes};
  json["max_output_bytes"] = Json::UInt64{clients.max_output_bytes};
  json["blocked"] = Json::UInt64{clients.blocked};
  return json;
}

StatusReply::Clients decode_clients(const ReplyFields& fields) {
  return StatusReply::Clients{fields.count("connected"),        fields.count("max"),
                              fields.count("max_per_user"),     fields.count("output_bytes"),
                              fields.count("max_output_bytes"), fields.count("blocked")};
}

Json::Value encode_testbeds(const std::vector<StatusReply::Testbed>& testbeds) {
  Json::Value list(Json::arrayValue);
  for (const StatusReply::Testbed& testbed : testbeds) {
    Json::Value json = object();
    json["name"] = testbed.name;
    json["endpoint"] = testbed.endpoint;
    json["ports"] = testbed.ports;
    json["running"] =
        testbed.running ? Json::Value(Json::Int64{*testbed.running}) : Json::Value(Json::nullValue);
    Json::Value queued(Json::arrayValue);
    for (const JobId id : testbed.queued) queued.append(Json::Int64{id});
    json["queued"] = queued;
    list.append(json);
  }
  return list;
}

std::vector<StatusReply::Testbed> decode_testbeds(const ReplyFields& fields) {
  std::vector<StatusReply::Testbed> testbeds;
  const Json::Value& list = fields.array("testbeds");
  for (Json::ArrayIndex i = 0; i < list.size(); ++i) {
    const std::string path = codec::element_path(fields.path_of("testbeds"), i);
    const ReplyFields entry(list[i], path);
    StatusReply::Testbed testbed;
    testbed.name = entry.text("name");
    testbed.endpoint = entry.text("endpoint");
    testbed.ports = entry.text("ports");
    if (entry.present("running")) testbed.running = entry.int64("running");
    const Json::Value& queued = entry.array("queued");
    for (Json::ArrayIndex k = 0; k < queued.size(); ++k) {
      testbed.queued.push_back(
          codec::as_int64(queued[k], codec::element_path(entry.path_of("queued"), k)));
    }
    testbeds.push_back(std::move(testbed));
  }
  return testbeds;
}

// The object at `key` read by `decode`.
template <class Decode>
auto decode_part(const ReplyFields& fields, const char* key, Decode decode) {
  return decode(ReplyFields(fields.object(key), fields.path_of(key)));
}

}  // namespace

Document encode_reply(const StatusReply& reply) {
  Json::Value json = object();
  json["daemon"] = encode_daemon(reply.daemon);
  json["trex"] = encode_trex(reply.trex);
  json["queue"] = encode_queue(reply.queue);
  if (reply.store) json["store"] = encode_store(*reply.store);
  if (reply.replication) json["replication"] = encode_replication(*reply.replication);
  if (reply.clients) json["clients"] = encode_clients(*reply.clients);
  // Only from a daemon with testbed sections (docs/testbeds.md).
  if (!reply.testbeds.empty()) json["testbeds"] = encode_testbeds(reply.testbeds);
  return make_document(std::move(json));
}

void decode_reply(const Document& arguments, StatusReply& reply) {
  const ReplyFields fields(json_of(arguments), "arguments");
  reply.daemon = decode_part(fields, "daemon", decode_daemon);
  reply.trex = decode_part(fields, "trex", decode_trex);
  reply.queue = decode_part(fields, "queue", decode_queue);
  if (fields.present("store")) reply.store = decode_part(fields, "store", decode_store);
  if (fields.present("replication")) {
    reply.replication = decode_part(fields, "replication", decode_replication);
  }
  if (fields.present("clients")) reply.clients = decode_part(fields, "clients", decode_clients);
  if (fields.present("testbeds")) reply.testbeds = decode_testbeds(fields);
}

}  // namespace trexsearch::protocol
