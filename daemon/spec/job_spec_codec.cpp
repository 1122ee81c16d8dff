#include "daemon/spec/job_spec_codec.hpp"

#include <utility>

#include "daemon/codec/controller_config_codec.hpp"
#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/codec/plr_config_codec.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/spec/astf_job_codec.hpp"
#include "daemon/spec/fixed_load_codec.hpp"
#include "daemon/spec/job_hooks_codec.hpp"
#include "daemon/spec/job_spec_bounds.hpp"
#include "daemon/spec/latency_spec_codec.hpp"
#include "daemon/spec/load_units.hpp"
#include "daemon/spec/load_units_codec.hpp"
#include "daemon/spec/measurer_spec_codec.hpp"
#include "measure/errors.hpp"
#include "trex_client/codec/profile_codec.hpp"

namespace trexsearch::service {
namespace {

[[noreturn]] void bad(const std::string& path, const Json::Value& value,
                      const std::string& reason) {
  throw measure::ConfigError(path, codec::quote_json(value), reason);
}

// Codec errors name paths relative to the object they decoded; the submitter
// needs them relative to the request ("spec.goals[1].exceed_ratio").
template <typename Decode>
auto with_path_prefix(const std::string& prefix, Decode decode) {
  try {
    return decode();
  } catch (const measure::ConfigError& error) {
    throw RequestError(ResultCode::bad_request, prefix + "." + error.what());
  }
}

// Loads in % or bit rates need a line rate in frames: refused where there is none.
void check_line_rate_known(const MeasurerSpec& measurer) {
  if (is_astf_job(measurer)) {
    throw RequestError(ResultCode::bad_request,
                       "an ASTF job's loads are connections (transactions) per second: % of "
                       "line rate and bit rates do not apply; give numbers or cps, kcps, mcps");
  }
  const auto* trex_spec = std::get_if<TrexMeasurerSpec>(&measurer);
  if (trex_spec != nullptr && !trex::mean_frame_bytes(trex_spec->profile)) {
    throw RequestError(ResultCode::bad_request,
                       "the loads are in % or bit rates, which need the profile's mean frame "
                       "size, and a field engine in its trex_streams varies the frame size "
                       "(trim_pkt_size); give the profile's \"mean_frame_size\" or loads in pps");
  }
}

// The spec with min_load/max_load in pps (docs/loads.md). A trex measurer without a
// stated port speed asks TRex (probe) at submission: needed for users' units, and
// worth it anyway so that a max_load above line rate is refused now, not when the
// job reaches the front of the queue. A TRex that cannot answer only matters when a
// load needs the port speed.
Json::Value loads_in_pps(const Json::Value& search, MeasurerSpec& measurer,
                         const PortSpeedProbe& probe) {
  std::vector<std::pair<std::string, LoadValue>> loads;
  bool needs_line_rate = false;
  for (const char* key : {"min_load", "max_load", "load"}) {
    if (!search.isMember(key) || search[key].isNull()) continue;
    LoadValue load = parse_load(search[key], codec::member_path("spec", key));
    needs_line_rate = needs_line_rate || load.needs_line_rate();
    loads.emplace_back(key, std::move(load));
  }
  auto* trex_spec = std::get_if<TrexMeasurerSpec>(&measurer);
  if (needs_line_rate) check_line_rate_known(measurer);
  if (trex_spec != nullptr && !trex_spec->astf && !trex_spec->port_speed_gbps && probe) {
    const std::variant<double, std::string> answer = probe(*trex_spec);
    if (const double* speed = std::get_if<double>(&answer)) {
      trex_spec->port_speed_gbps = *speed;
    } else if (needs_line_rate) {
      throw RequestError(ResultCode::bad_request,
                         "the loads are in % or bit rates, which need the port speed, and " +
                             std::get<std::string>(answer) +
                             "; give the measurer's \"port_speed_gbps\" or submit when TRex "
                             "answers");
    }
  }
  const std::optional<trex::LineRate> line =
      trex_spec != nullptr ? job_line_rate(*trex_spec) : std::nullopt;
  Json::Value converted = search;
  for (const auto& [key, load] : loads) {
    converted[key] = to_pps(load, line, codec::member_path("spec", key), is_astf_job(measurer));
  }
  return converted;
}

void check_line_rate(const TrexMeasurerSpec& spec) {
  const std::optional<trex::LineRate> line = job_line_rate(spec);
  if (!line || !spec.max_load_pps) return;
  if (const auto problem = trex::max_load_above_line_rate(*spec.max_load_pps, *line)) {
    throw RequestError(ResultCode::bad_request, "spec." + *problem);
  }
}

SearchMethod decode_method(codec::ObjectReader& reader) {
  const std::string method = reader.optional_string("method").value_or("mlr");
  if (method == "mlr") return SearchMethod::mlr;
  if (method == "plr") return SearchMethod::plr;
  if (method == "mrr") return SearchMethod::mrr;
  if (method == "soak") return SearchMethod::soak;
  bad("method", Json::Value(method), "must be \"mlr\", \"plr\", \"mrr\" or \"soak\"");
}

void decode_testbed(codec::ObjectReader& reader, JobSpec& spec) {
  const auto testbed = reader.optional_string("testbed");
  if (!testbed) return;
  auto* trex_spec = std::get_if<TrexMeasurerSpec>(&spec.measurer);
  if (trex_spec == nullptr) {
    bad("testbed", Json::Value(*testbed),
        "is for trex jobs: sim and exec jobs use no TRex testbed");
  }
  if (testbed->empty() || testbed->size() > 64) {
    bad("testbed", Json::Value(*testbed), "must be a testbed's name, 1 to 64 bytes");
  }
  trex_spec->testbed = *testbed;
}

// "spec": the search's own spec, decoded for the job's method, its loads in pps.
void decode_search_spec(const Json::Value* search, const PortSpeedProbe& probe, JobSpec& spec) {
  if (search == nullptr) {
    bad("spec", Json::Value(),
        spec.method == SearchMethod::plr ? "is required: the PLRsearch spec (PLR.json)"
        : spec.method == SearchMethod::mrr
            ? "is required: {\"load\", \"trial_duration\", \"trials\"}"
        : spec.method == SearchMethod::soak ? "is required: {\"load\", \"interval\", \"duration\", "
                                              "\"loss_ratio_threshold\", \"on_threshold\"}"
                                            : "is required: the MLRsearch spec");
  }
  if (!search->isObject()) bad("spec", *search, "must be an object");
  const Json::Value search_pps = loads_in_pps(*search, spec.measurer, probe);
  if (spec.method == SearchMethod::plr) {
    spec.plr = with_path_prefix("spec", [&] { return codec::decode_plr_config(search_pps); });
  } else if (spec.method == SearchMethod::mrr) {
    spec.mrr = with_path_prefix("spec", [&] { return decode_mrr_spec(search_pps); });
  } else if (spec.method == SearchMethod::soak) {
    spec.soak = with_path_prefix("spec", [&] { return decode_soak_spec(search_pps); });
  } else {
    spec.mlr =
        with_path_prefix("spec", [&] { return codec::decode_controller_config(search_pps); });
  }
  // An ASTF job's loads are connections per second; its searches' texts say so.
  if (is_astf_job(spec.measurer)) {
    spec.mlr.load_unit = "cps";
    spec.plr.load_unit = "cps";
  }
  if (auto* trex_spec = std::get_if<TrexMeasurerSpec>(&spec.measurer)) {
    trex_spec->max_load_pps = spec.method == SearchMethod::plr ? spec.plr.max_load_pps
                              : is_fixed_load(spec.method)     ? fixed_load_plan(spec).load_pps
                                                               : spec.mlr.max_load_pps;
    check_line_rate(*trex_spec);
  }
}

void decode_plr_resume(codec::ObjectReader& reader, JobSpec& spec) {
  const auto resume = reader.optional_string("plr_resume");
  if (!resume) return;
  if (spec.method != SearchMethod::plr) {
    bad("plr_resume", Json::Value(*resume), "applies to method \"plr\" only");
  }
  if (*resume == "deadline") {
    spec.plr_resume = PlrResume::deadline;
  } else if (*resume == "remaining") {
    spec.plr_resume = PlrResume::remaining;
  } else {
    bad("plr_resume", Json::Value(*resume), "must be \"deadline\" or \"remaining\"");
  }
}

}  // namespace

JobSpec decode_job_spec(const Json::Value& json, const PortSpeedProbe& probe) {
  try {
    codec::ObjectReader reader(json, "");
    JobSpec spec;
    spec.name = reader.optional_string("name").value_or("");
    spec.method = decode_method(reader);
    // The measurer first: loads in users' units need its profile and port speed.
    const Json::Value* measurer = reader.optional_value("measurer");
    if (measurer == nullptr) {
      bad("measurer", Json::Value(), "is required: {\"kind\": \"sim\" | \"exec\" | \"trex\", ...}");
    }
    spec.measurer = decode_measurer(*measurer);
    decode_testbed(reader, spec);
    decode_search_spec(reader.optional_value("spec"), probe, spec);
    decode_plr_resume(reader, spec);
    // After the search spec: latency.goals names its goals.
    decode_latency_spec(reader.optional_value("latency"), spec);
    spec.hooks = decode_job_hooks(reader.optional_value("hooks"));
    spec.profile = reader.optional_string("profile").value_or("");
    if (const auto* trex_spec = std::get_if<TrexMeasurerSpec>(&spec.measurer);
        trex_spec != nullptr && spec.profile.empty()) {
      spec.profile = trex_spec->profile_source;
    }
    reader.reject_unknown_keys();
    check_job_spec_bounds(spec);
    return spec;
  } catch (const measure::ConfigError& error) {
    throw RequestError(ResultCode::bad_request, error.what());
  }
}

Json::Value encode_job_spec(const JobSpec& spec) {
  Json::Value json(Json::objectValue);
  json["name"] = spec.name;
  json["method"] = std::string(to_string(spec.method));
  if (spec.method == SearchMethod::plr) {
    json["spec"] = codec::encode_plr_config(spec.plr);
    if (spec.plr_resume) json["plr_resume"] = std::string(to_string(*spec.plr_resume));
  } else if (spec.method == SearchMethod::mrr) {
    json["spec"] = encode_mrr_spec(spec.mrr);
  } else if (spec.method == SearchMethod::soak) {
    json["spec"] = encode_soak_spec(spec.soak);
  } else {
    json["spec"] = codec::encode_controller_config(spec.mlr);
  }
  json["measurer"] = encode_measurer(spec.measurer);
  if (const auto* trex_spec = std::get_if<TrexMeasurerSpec>(&spec.measurer);
      trex_spec != nullptr && !trex_spec->testbed.empty()) {
    json["testbed"] = trex_spec->testbed;
  }
  encode_latency_spec(spec, json);
  json["profile"] = spec.profile;
  // Only when there are: job records stored before hooks existed read back equal.
  if (!spec.hooks.empty()) json["hooks"] = encode_job_hooks(spec.hooks);
  return json;
}

JobSpec decode_job_spec(const protocol::Document& job, const PortSpeedProbe& probe) {
  return decode_job_spec(protocol::json_of(job), probe);
}

protocol::Document stored_spec_document(const JobRecord& record) {
  Json::Value json = codec::parse_strict_json(record.spec_json, "stored spec");
  // Records stored before the spec had a "strategy" key (bc531a3) were searched
  // with csit, the only load selection then. Read as csit whatever the default
  // is (it was fast for a morning, 180e304), a resumed job goes on as it began
  // and its report says how it ran.
  const bool is_mlr = !json.isMember("method") || json["method"] == "mlr";
  if (is_mlr && json.isMember("spec") && json["spec"].isObject() &&
      !json["spec"].isMember("strategy")) {
    json["spec"]["strategy"] = "csit";
  }
  return protocol::make_document(std::move(json));
}

JobSpec stored_job_spec(const JobRecord& record) {
  return decode_job_spec(stored_spec_document(record));
}

}  // namespace trexsearch::service
