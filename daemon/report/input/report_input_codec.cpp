#include "daemon/report/input/report_input_codec.hpp"

#include <array>
#include <string>
#include <vector>

#include "daemon/codec/controller_config_codec.hpp"
#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/job_state.hpp"
#include "measure/errors.hpp"
#include "plr/plr_config.hpp"

namespace trexsearch::report {
namespace {

using codec::present;

void add_job_facts(const protocol::JobSummary& job, ReportContext& context) {
  const std::array<std::pair<const char*, std::string>, 10> rows{{
      {"Job", std::to_string(job.id)},
      {"Name", job.name},
      {"State", std::string(protocol::to_string(job.state))},
      {"Reason", job.reason},
      {"Profile", job.profile.empty() ? "none recorded" : job.profile},
      {"TRex version",
       job.trex_version.value_or("").empty() ? "no TRex involved" : *job.trex_version},
      {"trex-searchd version", job.daemon_version},
      {"Submitted by", job.submitted_by},
      {"Started", job.started_at.value_or("")},
      {"Ended", job.finished_at.value_or("")},
  }};
  for (const auto& [name, value] : rows) {
    if (!value.empty()) context.facts.emplace_back(name, value);
  }
  context.facts.emplace_back("Submitted", job.created_at);
  if (job.run_count > 1) {
    context.facts.emplace_back("Runs",
                               std::to_string(job.run_count) + " (resumed after an interruption)");
  }
}

std::string report_title(const protocol::JobSummary& job) {
  const std::string& method = job.method;
  const std::string kind = method == "plr"    ? "PLRsearch report"
                           : method == "mrr"  ? "MRR report"
                           : method == "soak" ? "Soak report"
                                              : "MLRsearch report";
  return kind + ": job " + std::to_string(job.id) + " (" + job.name + ")";
}

/// The trex measurer's profile (stored inline) gives the directions and the frame
/// size, so the report can add aggregate frames/s and bits/s on the wire.
void add_profile_facts(const Json::Value& measurer, ReportContext& context) {
  const Json::Value& profile = measurer["profile"];
  if (profile["port_pairs"].isArray()) {
    int directions = 0;
    for (const Json::Value& pair : profile["port_pairs"]) {
      directions +=
          pair.isObject() && pair["bidirectional"].isBool() && !pair["bidirectional"].asBool() ? 1
                                                                                               : 2;
    }
    if (directions > 0) context.directions = directions;
  }
  // Preamble and start delimiter (8 bytes) and the inter-frame gap (12 bytes)
  // occupy the wire too; fixed-size profiles only (IMIX has no single size).
  if (profile["frame_size"].isNumeric()) {
    context.frame_bits = (profile["frame_size"].asDouble() + 20.0) * 8.0;
  }
  if (measurer["port_speed_gbps"].isNumeric()) {
    context.port_bps = measurer["port_speed_gbps"].asDouble() * 1e9;
  }
}

/// draft-06 requires the report to state how the effective duration was computed
/// and every deviation from RFC 2544 section 23; both depend on the measurer.
void add_measurer_method(const std::string& kind, ReportContext& context) {
  if (kind == "trex") {
    context.effective_duration_method =
        "the trial's wall time on the measurer's clock: baseline read, start, traffic, TX-end "
        "detection, settling and final read (docs/trex-client.md); TX still running after the "
        "duration plus a small slack is stopped, and a trial whose frames were not all sent "
        "by then is tester-limited (counted as full loss, noted)";
    context.rfc2544_deviations =
        "after TX ends the measurer waits until the counters settle (settle_min, default 0 s) "
        "instead of RFC 2544's fixed 2 s; no learning phase between trials unless a warmup "
        "is configured; unsent frames count as loss";
  } else if (kind == "exec") {
    context.effective_duration_method = "as reported by the external measurer process";
    context.rfc2544_deviations = "whatever the external measurer does; see its own documentation";
  } else if (kind == "sim") {
    context.effective_duration_method =
        "equal to the intended trial duration plus any configured overhead (simulated SUT)";
    context.rfc2544_deviations =
        "none applicable: simulated trials have no traffic set-up or wait times";
  }
}

}  // namespace

ReportContext report_context(const protocol::JobSummary& job,
                             const protocol::Document& spec_document) {
  const Json::Value& spec = protocol::json_of(spec_document);
  ReportContext context;
  context.load_unit = job.load_unit;
  context.title = report_title(job);
  add_job_facts(job, context);
  if (spec.isObject()) {
    // The job spec carries the measurer too; its search part is shown on its own.
    const bool whole_job = present(spec, "spec");
    context.raw.emplace_back("Search config",
                             codec::to_pretty_json(whole_job ? spec["spec"] : spec));
    if (whole_job && present(spec, "measurer")) {
      context.raw.emplace_back("Measurer config", codec::to_pretty_json(spec["measurer"]));
    }
  }
  if (present(spec, "measurer") && present(spec["measurer"], "profile") &&
      spec["measurer"]["profile"].isObject()) {
    add_profile_facts(spec["measurer"], context);
  }
  // The job record names the measurer (the daemon always writes it).
  add_measurer_method(job.measurer, context);
  return context;
}

double plr_target_loss_ratio(const protocol::Document& spec) {
  const Json::Value& search = search_spec(protocol::json_of(spec));
  if (present(search, "target_loss_ratio") && search["target_loss_ratio"].isNumeric()) {
    return search["target_loss_ratio"].asDouble();
  }
  return plr::PlrConfig{}.target_loss_ratio;
}

const Json::Value& search_spec(const Json::Value& spec) {
  return present(spec, "spec") ? spec["spec"] : spec;
}

mlr::ControllerConfig search_config(const protocol::Document& spec) {
  try {
    return codec::decode_controller_config(search_spec(protocol::json_of(spec)));
  } catch (const measure::ConfigError&) {
    // The header shows the spec verbatim anyway; only the limits line is lost.
    return {};
  }
}

mlr::SearchResult decode_stored_mlr_result(const protocol::Document& stored) {
  return decode_mlr_result(protocol::json_of(stored), "result");
}

}  // namespace trexsearch::report
