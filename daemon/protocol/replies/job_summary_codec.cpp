#include "daemon/protocol/replies/job_summary_codec.hpp"

#include "daemon/protocol/reply_fields_codec.hpp"

namespace trexsearch::protocol {
namespace {

Json::Value optional_text(const std::optional<std::string>& text) {
  return text ? Json::Value(*text) : Json::Value(Json::nullValue);
}

}  // namespace

Json::Value encode_job_summary(const JobSummary& job) {
  Json::Value json(Json::objectValue);
  json["id"] = Json::Int64{job.id};
  json["name"] = job.name;
  json["method"] = job.method;
  json["measurer"] = job.measurer;
  json["state"] = std::string(to_string(job.state));
  json["reason"] = job.reason;
  json["created_at"] = job.created_at;
  json["started_at"] = optional_text(job.started_at);
  json["finished_at"] = optional_text(job.finished_at);
  json["run_count"] = job.run_count;
  json["trial_count"] = Json::UInt64{job.trial_count};
  json["submitted_by"] = job.submitted_by;
  json["profile"] = job.profile;
  json["daemon_version"] = job.daemon_version;
  json["trex_version"] = optional_text(job.trex_version);
  // Only with a testbed: sim and exec jobs and jobs from before testbeds have none.
  if (job.testbed) json["testbed"] = *job.testbed;
  // Only when not frames per second: ASTF jobs (docs/astf.md).
  if (job.load_unit != "pps") json["load_unit"] = job.load_unit;
  return json;
}

JobSummary decode_job_summary(const Json::Value& json, const std::string& path) {
  const ReplyFields fields(json, path);
  JobSummary job;
  job.id = fields.int64("id");
  job.name = fields.text("name");
  job.method = fields.text("method");
  job.measurer = fields.text("measurer");
  job.state = fields.job_state("state");
  job.reason = fields.text("reason");
  job.created_at = fields.text("created_at");
  job.started_at = fields.optional_text("started_at");
  job.finished_at = fields.optional_text("finished_at");
  job.run_count = static_cast<int>(fields.int64("run_count"));
  job.trial_count = fields.count("trial_count");
  job.submitted_by = fields.text("submitted_by");
  job.profile = fields.text("profile");
  job.daemon_version = fields.text("daemon_version");
  job.trex_version = fields.optional_text("trex_version");
  job.testbed = fields.optional_text("testbed");
  job.load_unit = fields.optional_text("load_unit").value_or("pps");
  return job;
}

Json::Value encode_suite_summary(const SuiteSummary& suite) {
  Json::Value json(Json::objectValue);
  json["id"] = Json::Int64{suite.id};
  json["name"] = suite.name;
  json["created_at"] = suite.created_at;
  json["submitted_by"] = suite.submitted_by;
  json["job_count"] = Json::UInt64{suite.job_count};
  return json;
}

SuiteSummary decode_suite_summary(const Json::Value& json, const std::string& path) {
  const ReplyFields fields(json, path);
  return SuiteSummary{fields.int64("id"), fields.text("name"), fields.text("created_at"),
                      fields.text("submitted_by"), fields.count("job_count")};
}

}  // namespace trexsearch::protocol
