#include "daemon/service/reply_codec.hpp"

#include "daemon/protocol/job_progress_codec.hpp"
#include "daemon/protocol/job_summary_codec.hpp"
#include "daemon/service/job_summary.hpp"
#include "daemon/service/protocol_records.hpp"

namespace trexsearch::service {

Json::Value encode_job_record(const JobRecord& record) {
  return protocol::encode_job_summary(job_summary(record));
}

Json::Value encode_progress(const JobProgress& progress) {
  return protocol::encode_job_progress(progress_of(progress));
}

Json::Value encode_queue_status(const QueueStatus& status) {
  Json::Value json(Json::objectValue);
  if (status.running) {
    const RunningJobStatus& running = *status.running;
    Json::Value job(Json::objectValue);
    job["id"] = Json::Int64{running.id};
    job["name"] = running.name;
    job["method"] = running.method;
    job["measurer"] = running.measurer_kind;
    job["started_at"] = format_utc(running.started_at);
    job["cancel_requested"] = running.cancel_requested;
    job["progress"] = encode_progress(running.progress);
    json["running"] = job;
  } else {
    json["running"] = Json::nullValue;
  }
  Json::Value queued(Json::arrayValue);
  for (const JobId id : status.queued) queued.append(Json::Int64{id});
  json["queued"] = queued;
  json["queued_count"] = Json::UInt64{status.queued.size()};
  json["max_queued"] = Json::UInt64{status.max_queued};
  return json;
}

Json::Value encode_trex_link(const TrexLinkSnapshot& link) {
  Json::Value trex(Json::objectValue);
  trex["state"] = std::string(to_string(link.state));
  trex["connected"] = link.state == TrexLinkState::connected;
  trex["endpoint"] = link.endpoint;
  trex["since"] = format_utc(link.since);
  if (!link.trex_version.empty()) trex["trex_version"] = link.trex_version;
  if (link.last_contact) trex["last_contact"] = format_utc(*link.last_contact);
  if (!link.last_error.empty()) trex["last_error"] = link.last_error;
  trex["recoveries"] = Json::UInt64{link.recoveries};
  return trex;
}

Json::Value encode_trex_not_configured() {
  Json::Value trex(Json::objectValue);
  trex["state"] = "not_configured";
  trex["connected"] = false;
  return trex;
}

Json::Value encode_store_health(const StoreHealth& store) {
  Json::Value json(Json::objectValue);
  json["file"] = store.file;
  json["bytes"] = Json::UInt64{store.bytes};
  json["max_bytes"] = Json::UInt64{store.max_bytes};
  json["writable"] = store.writable;
  json["reserve_bytes"] = Json::UInt64{store.reserve_bytes};
  json["reserve_held"] = store.reserve_held;
  if (!store.last_error.empty()) json["last_error"] = store.last_error;
  if (store.last_error_at) json["last_error_at"] = format_utc(*store.last_error_at);
  return json;
}

}  // namespace trexsearch::service
