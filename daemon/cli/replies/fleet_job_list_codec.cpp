#include "daemon/cli/replies/fleet_job_list_codec.hpp"

#include "daemon/codec/json_writer.hpp"
#include "daemon/protocol/replies/job_summary_codec.hpp"

namespace trexsearch::cli {

std::string fleet_job_list_json(const std::vector<SourcedJob>& jobs) {
  Json::Value listed(Json::arrayValue);
  for (const SourcedJob& job : jobs) {
    Json::Value entry = protocol::encode_job_summary(job.job);
    entry["tester"] = job.tester ? Json::Value(*job.tester) : Json::Value();
    listed.append(entry);
  }
  Json::Value json(Json::objectValue);
  json["jobs"] = listed;
  return codec::to_pretty_json(json) + "\n";
}

}  // namespace trexsearch::cli
