#include "daemon/dispatch/suite_reply_codec.hpp"

#include <exception>
#include <optional>
#include <utility>

#include "daemon/codec/strict_json.hpp"
#include "daemon/dispatch/job_summary.hpp"
#include "daemon/model/protocol_records.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/result_document_codec.hpp"
#include "daemon/spec/job_spec_codec.hpp"
#include "daemon/spec/load_units.hpp"

namespace trexsearch::service {
namespace {

std::optional<protocol::LineRateFacts> line_rate_of(const JobRecord& record) {
  try {
    const JobSpec spec = stored_job_spec(record);
    const std::optional<trex::LineRate> line_rate = job_line_rate(spec.measurer);
    if (!line_rate) return std::nullopt;
    return line_rate_facts_of(*line_rate);
  } catch (const std::exception&) {
    // A spec stored by a version this one cannot read: no line rate, the rest stands.
    return std::nullopt;
  }
}

// The result's summary: `show JOB` and `result JOB` list the trials; how many carry
// notes is said here so that none goes unmentioned.
void add_result(const std::string& result_json, protocol::ShowSuiteEntry& entry) {
  Json::Value result = codec::parse_strict_json(result_json, "stored result");
  std::uint64_t noted = 0;
  for (const Json::Value& trial : result["trials"]) noted += trial["notes"].empty() ? 0 : 1;
  entry.trials_with_notes = noted;
  result.removeMember("trials");
  try {
    entry.result = protocol::decode_result_document(result, entry.job.method, "stored result");
  } catch (const std::exception&) {
    // The reply carries the document as stored; one this daemon's views cannot read
    // still goes out whole (its client says what it cannot read), as it always has.
    entry.result = protocol::ResultDocument{protocol::make_document(result), {}};
  }
}

}  // namespace

protocol::ShowSuiteReply show_suite_reply_of(const SuiteDetails& details) {
  protocol::ShowSuiteReply reply;
  reply.suite = suite_summary(details.suite, details.jobs.size());
  for (const SuiteJobDetails& job : details.jobs) {
    protocol::ShowSuiteEntry entry;
    entry.position = job.link.position;
    entry.label = job.link.label;
    entry.frame_size = job.link.frame_size;
    entry.repeat = job.link.repeat;
    entry.job = job_summary(job.record);
    if (job.result_json) add_result(*job.result_json, entry);
    entry.line_rate = line_rate_of(job.record);
    reply.entries.push_back(std::move(entry));
  }
  return reply;
}

}  // namespace trexsearch::service
