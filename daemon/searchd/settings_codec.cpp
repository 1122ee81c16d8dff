#include "daemon/searchd/settings_codec.hpp"

#include <json/value.h>

#include "daemon/codec/json_writer.hpp"

namespace trexsearch::service {

// What a job record keeps of the daemon's settings: the ones that can change how
// a job runs or who could touch it.
std::string encode_settings_column(const DaemonOptions& options) {
  Json::Value json(Json::objectValue);
  json["version"] = TREX_SEARCH_VERSION;
  json["cpus"] = options.cpus;
  json["trex_cpus"] = options.trex_cpus.text();
  json["plr_threads"] = options.plr_threads;
  json["plr_resume"] = std::string(to_string(options.plr_resume));
  json["trex_endpoint"] = options.trex_endpoint;
  if (options.testbeds) {
    Json::Value testbeds(Json::objectValue);
    for (const Testbed& testbed : options.testbeds->all()) {
      testbeds[testbed.name]["endpoint"] = testbed.endpoint;
      testbeds[testbed.name]["ports"] = testbed.ports_text();
    }
    json["testbeds"] = testbeds;
  }
  json["trex_reconnect_grace"] = options.trex_reconnect_grace.count();
  json["allow_exec_measurer"] = options.allow_exec_measurer;
  json["resume_interrupted"] = options.resume_interrupted;
  json["max_trials_per_job"] = Json::UInt64{options.max_trials_per_job};
  json["max_store_mib"] = Json::UInt64{options.max_store_mib};
  return codec::to_compact_json(json);
}

}  // namespace trexsearch::service
