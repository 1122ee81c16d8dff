#include "daemon/report/input/report_input_codec.hpp"

#include <array>
#include <string>
#include <vector>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/latency_codec.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/codec/trial_detail_codec.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "measure/errors.hpp"
#include "plr/plr_config.hpp"

namespace trexsearch::report {
namespace {

using codec::as_array;
using codec::as_bool;
using codec::as_int64;
using codec::as_number;
using codec::as_string;
using codec::element_path;
using codec::member_path;
using codec::optional_number;
using codec::present;

std::string fact(const Json::Value& object, const char* key) {
  if (!present(object, key)) return "";
  const Json::Value& value = object[key];
  return value.isString() ? value.asString() : codec::to_compact_json(value);
}

std::string measurer_kind(const Json::Value& job, const Json::Value& spec) {
  for (const Json::Value* source : {&job, &spec}) {
    if (!present(*source, "measurer")) continue;
    const Json::Value& measurer = (*source)["measurer"];
    if (measurer.isString()) return measurer.asString();
    if (measurer.isObject() && measurer["kind"].isString()) return measurer["kind"].asString();
  }
  return "";
}

PlrEstimatePoint decode_estimate(const Json::Value& json, const std::string& path) {
  codec::as_object(json, path);
  return {as_number(json["average"], member_path(path, "average")),
          as_number(json["stdev"], member_path(path, "stdev"))};
}

std::optional<double> fit_average(const Json::Value& trial, const char* fit,
                                  const std::string& path) {
  if (!present(trial, "fits") || !present(trial["fits"], fit)) return std::nullopt;
  return optional_number(trial["fits"][fit], "average",
                         member_path(member_path(path, "fits"), fit));
}

}  // namespace

ReportContext report_context(const Json::Value& job, const Json::Value& spec) {
  ReportContext context;
  const std::string method = fact(job, "method");
  context.title = method == "plr"    ? "PLRsearch report"
                  : method == "mrr"  ? "MRR report"
                  : method == "soak" ? "Soak report"
                                     : "MLRsearch report";
  if (present(job, "id")) context.title += ": job " + fact(job, "id");
  if (present(job, "name")) context.title += " (" + fact(job, "name") + ")";
  const std::array<std::pair<const char*, const char*>, 10> rows{{
      {"Job", "id"},
      {"Name", "name"},
      {"State", "state"},
      {"Reason", "reason"},
      {"Profile", "profile"},
      {"TRex version", "trex_version"},
      {"trex-searchd version", "daemon_version"},
      {"Submitted by", "submitted_by"},
      {"Started", "started_at"},
      {"Ended", "finished_at"},
  }};
  for (const auto& [name, key] : rows) {
    std::string value = fact(job, key);
    if (value.empty() && std::string(key) == "profile") value = "none recorded";
    if (value.empty() && std::string(key) == "trex_version") value = "no TRex involved";
    if (!value.empty()) context.facts.emplace_back(name, value);
  }
  if (present(job, "created_at")) context.facts.emplace_back("Submitted", fact(job, "created_at"));
  if (present(job, "run_count") && job["run_count"].isIntegral() && job["run_count"].asInt() > 1) {
    context.facts.emplace_back("Runs", fact(job, "run_count") + " (resumed after an interruption)");
  }
  const std::string kind = measurer_kind(job, spec);
  if (spec.isObject()) {
    // The job spec carries the measurer too; its search part is shown on its own.
    const bool whole_job = present(spec, "spec");
    context.raw.emplace_back("Search config",
                             codec::to_pretty_json(whole_job ? spec["spec"] : spec));
    if (whole_job && present(spec, "measurer")) {
      context.raw.emplace_back("Measurer config", codec::to_pretty_json(spec["measurer"]));
    }
  }
  // The trex measurer's profile (stored inline) gives the directions and the frame
  // size, so the report can add aggregate frames/s and bits/s on the wire.
  if (present(spec, "measurer") && present(spec["measurer"], "profile") &&
      spec["measurer"]["profile"].isObject()) {
    const Json::Value& profile = spec["measurer"]["profile"];
    if (profile["port_pairs"].isArray()) {
      int directions = 0;
      for (const Json::Value& pair : profile["port_pairs"]) {
        directions +=
            pair.isObject() && pair["bidirectional"].isBool() && !pair["bidirectional"].asBool()
                ? 1
                : 2;
      }
      if (directions > 0) context.directions = directions;
    }
    // Preamble and start delimiter (8 bytes) and the inter-frame gap (12 bytes)
    // occupy the wire too; fixed-size profiles only (IMIX has no single size).
    if (profile["frame_size"].isNumeric()) {
      context.frame_bits = (profile["frame_size"].asDouble() + 20.0) * 8.0;
    }
    if (spec["measurer"]["port_speed_gbps"].isNumeric()) {
      context.port_bps = spec["measurer"]["port_speed_gbps"].asDouble() * 1e9;
    }
  }
  // draft-06 requires the report to state how the effective duration was computed
  // and every deviation from RFC 2544 section 23; both depend on the measurer.
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
  return context;
}

PlrReportData decode_plr_result(const Json::Value& result, const std::string& path) {
  codec::as_object(result, path);
  PlrReportData data;
  if (present(result, "trials")) {
    const std::string trials_path = member_path(path, "trials");
    const Json::Value& trials = as_array(result["trials"], trials_path);
    for (Json::ArrayIndex i = 0; i < trials.size(); ++i) {
      const std::string trial_path = element_path(trials_path, i);
      const Json::Value& trial = codec::as_object(trials[i], trial_path);
      PlrReportTrial decoded;
      decoded.number =
          static_cast<std::size_t>(as_int64(trial["number"], member_path(trial_path, "number")));
      decoded.load_pps = as_number(trial["load"], member_path(trial_path, "load"));
      const auto effective = optional_number(trial, "effective_duration", trial_path);
      decoded.duration_s = effective.value_or(
          as_number(trial["intended_duration"], member_path(trial_path, "intended_duration")));
      const auto started = optional_number(trial, "started_at", trial_path).value_or(0.0);
      decoded.finished_at_s =
          optional_number(trial, "finished_at", trial_path).value_or(started + decoded.duration_s);
      if (present(trial, "loss_count")) {
        decoded.loss_count = as_int64(trial["loss_count"], member_path(trial_path, "loss_count"));
      }
      decoded.loss_ratio = as_number(trial["loss_ratio"], member_path(trial_path, "loss_ratio"));
      if (present(trial, "estimate")) {
        decoded.estimate = decode_estimate(trial["estimate"], member_path(trial_path, "estimate"));
      }
      decoded.stretch_average_pps = fit_average(trial, "stretch", trial_path);
      decoded.erf_average_pps = fit_average(trial, "erf", trial_path);
      decoded.measured_loss_ratio = optional_number(trial, "measured_loss_ratio", trial_path);
      decoded.notes = codec::optional_strings(trial, "notes", trial_path);
      measure::TrialOutcome detail;
      codec::decode_trial_detail(trial, detail, trial_path);
      decoded.directions = std::move(detail.directions);
      decoded.tester_limited_pps = detail.tester_limited_pps;
      decoded.counters = std::move(detail.counters);
      decoded.latency = std::move(detail.latency);
      data.trials.push_back(std::move(decoded));
    }
  }
  if (present(result, "estimate")) {
    data.estimate = decode_estimate(result["estimate"], member_path(path, "estimate"));
  }
  if (present(result, "trend")) {
    const std::string trend_path = member_path(path, "trend");
    const Json::Value& trend = codec::as_object(result["trend"], trend_path);
    PlrReportTrend decoded;
    decoded.slope_per_hour =
        as_number(trend["slope_per_hour"], member_path(trend_path, "slope_per_hour"));
    decoded.slope_stderr_per_hour =
        as_number(trend["slope_stderr_per_hour"], member_path(trend_path, "slope_stderr_per_hour"));
    decoded.significant = as_bool(trend["significant"], member_path(trend_path, "significant"));
    decoded.points =
        static_cast<std::size_t>(as_int64(trend["points"], member_path(trend_path, "points")));
    decoded.window_start_s =
        as_number(trend["window_start"], member_path(trend_path, "window_start"));
    decoded.window_end_s = as_number(trend["window_end"], member_path(trend_path, "window_end"));
    data.trend = decoded;
  }
  if (present(result, "tester_limit")) {
    data.tester_limit = protocol::decode_plr_tester_limit(result["tester_limit"],
                                                          member_path(path, "tester_limit"));
  }
  if (present(result, "latency_trend")) {
    data.latency_trend =
        codec::decode_latency_trend(result["latency_trend"], member_path(path, "latency_trend"));
  }
  if (present(result, "stop_reason")) {
    data.stop_reason = as_string(result["stop_reason"], member_path(path, "stop_reason"));
  }
  if (present(result, "stop_detail")) {
    data.stop_detail = as_string(result["stop_detail"], member_path(path, "stop_detail"));
  }
  if (present(result, "totals") && present(result["totals"], "run_duration")) {
    data.run_duration_s =
        as_number(result["totals"]["run_duration"], member_path(path, "totals.run_duration"));
  } else if (!data.trials.empty()) {
    data.run_duration_s = data.trials.back().finished_at_s;
  }
  return data;
}

double plr_target_loss_ratio(const Json::Value& spec) {
  const Json::Value& search = search_spec(spec);
  if (present(search, "target_loss_ratio") && search["target_loss_ratio"].isNumeric()) {
    return search["target_loss_ratio"].asDouble();
  }
  return plr::PlrConfig{}.target_loss_ratio;
}

const Json::Value& search_spec(const Json::Value& spec) {
  return present(spec, "spec") ? spec["spec"] : spec;
}

}  // namespace trexsearch::report
