#include "daemon/service/suite_reply_codec.hpp"

#include "daemon/protocol/job_summary_codec.hpp"
#include "daemon/service/job_summary.hpp"

#include "daemon/codec/object_reader.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/service/job_spec_codec.hpp"
#include "daemon/service/load_units.hpp"
#include "daemon/service/load_units_codec.hpp"
#include "daemon/service/reply_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

Json::Value encode_suite_head(const SuiteRecord& suite, std::size_t job_count) {
  return protocol::encode_suite_summary(suite_summary(suite, job_count));
}

Json::Value line_rate_of(const JobRecord& record) {
  try {
    const JobSpec spec = decode_job_spec(codec::parse_strict_json(record.spec_json, "stored spec"));
    return encode_line_rate(job_line_rate(spec.measurer));
  } catch (const std::exception&) {
    // A spec stored by a version this one cannot read: no line rate, the rest stands.
    return Json::Value(Json::nullValue);
  }
}

}  // namespace

Json::Value encode_suite_receipt(const SuiteReceipt& receipt) {
  Json::Value json(Json::objectValue);
  json["suite"] = Json::Int64{receipt.suite.id};
  json["name"] = receipt.suite.name;
  Json::Value jobs(Json::arrayValue);
  for (const SuiteJobLink& link : receipt.suite.jobs) jobs.append(Json::Int64{link.job});
  json["jobs"] = jobs;
  json["queue_position"] = Json::UInt64{receipt.queue_position};
  return json;
}

Json::Value encode_suite_details(const SuiteDetails& details) {
  Json::Value json(Json::objectValue);
  json["suite"] = encode_suite_head(details.suite, details.jobs.size());
  Json::Value entries(Json::arrayValue);
  for (const SuiteJobDetails& job : details.jobs) {
    Json::Value entry(Json::objectValue);
    entry["position"] = Json::UInt64{job.link.position};
    entry["label"] = job.link.label;
    entry["frame_size"] = job.link.frame_size;
    entry["repeat"] = job.link.repeat;
    entry["job"] = encode_job_record(job.record);
    entry["result"] = Json::nullValue;
    entry["trials_with_notes"] = Json::nullValue;
    if (job.result_json) {
      Json::Value result = codec::parse_strict_json(*job.result_json, "stored result");
      // The summary only: `show JOB` and `result JOB` list the trials; how many
      // carry notes is said here so that none goes unmentioned.
      std::uint64_t noted = 0;
      for (const Json::Value& trial : result["trials"]) noted += trial["notes"].empty() ? 0 : 1;
      entry["trials_with_notes"] = Json::UInt64{noted};
      result.removeMember("trials");
      entry["result"] = std::move(result);
    }
    entry["line_rate"] = line_rate_of(job.record);
    entries.append(std::move(entry));
  }
  json["entries"] = entries;
  return json;
}

Json::Value encode_suite_list(const std::vector<SuiteRecord>& suites) {
  Json::Value json(Json::arrayValue);
  for (const SuiteRecord& suite : suites) json.append(encode_suite_head(suite, suite.jobs.size()));
  return json;
}

}  // namespace trexsearch::service
