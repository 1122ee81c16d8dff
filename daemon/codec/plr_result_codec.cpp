#include "daemon/codec/plr_result_codec.hpp"

#include <string>

#include "daemon/codec/latency_codec.hpp"
#include "daemon/codec/trial_result_codec.hpp"
#include "daemon/latency/latency_trend.hpp"

namespace trexsearch::codec {
namespace {

Json::Value optional_number(const std::optional<double>& value) {
  return value ? Json::Value(*value) : Json::Value(Json::nullValue);
}

Json::Value encode_fit(const plr::FitEstimate& fit) {
  Json::Value json(Json::objectValue);
  json["average"] = optional_number(fit.average_pps());
  json["log_average"] = optional_number(fit.log_average);
  json["log_variance"] = fit.log_variance;
  json["samples"] = Json::UInt64{fit.samples};
  return json;
}

}  // namespace

Json::Value encode_plr_estimate(const plr::PlrEstimate& estimate) {
  Json::Value json(Json::objectValue);
  json["average"] = estimate.average_pps;
  json["stdev"] = estimate.stdev_pps;
  json["lower"] = estimate.lower_pps;
  json["upper"] = estimate.upper_pps;
  json["relative_stdev"] = estimate.relative_stdev();
  json["log_center"] = estimate.log_center;
  json["log_stdev"] = estimate.log_stdev;
  return json;
}

Json::Value encode_plr_trial(const plr::PlrTrial& trial) {
  Json::Value json = encode_trial_result(trial.result);
  json["number"] = Json::UInt64{trial.number};
  json["started_at"] = trial.started_at.count();
  json["finished_at"] = trial.finished_at.count();
  json["lossy"] = trial.lossy;
  json["estimate"] = trial.estimate ? encode_plr_estimate(*trial.estimate) : Json::Value();
  Json::Value fits(Json::objectValue);
  fits["stretch"] = encode_fit(trial.fits[0]);
  fits["erf"] = encode_fit(trial.fits[1]);
  json["fits"] = fits;
  return json;
}

Json::Value encode_plr_tester_limit(const plr::PlrTesterLimit& limit) {
  Json::Value json(Json::objectValue);
  json["trials"] = Json::UInt64{limit.trials};
  json["reached_pps"] = optional_number(limit.reached_pps);
  json["trials_near_estimate"] = Json::UInt64{limit.trials_near_estimate};
  json["estimate_upper_end"] = optional_number(limit.estimate_upper_end_pps);
  json["lowest_sut_lossy_load"] = optional_number(limit.lowest_sut_lossy_pps);
  json["trials_below_sut_loss"] = Json::UInt64{limit.trials_below_sut_loss};
  return json;
}

Json::Value encode_trend(const plr::Trend& trend) {
  Json::Value json(Json::objectValue);
  json["slope_per_hour"] = trend.slope_per_hour;
  json["slope_stderr_per_hour"] = trend.slope_stderr_per_hour;
  json["regression_stderr_per_hour"] = trend.regression_stderr_per_hour;
  json["estimate_stderr_per_hour"] = trend.estimate_stderr_per_hour;
  json["significant"] = trend.significant();
  json["points"] = Json::UInt64{trend.points};
  json["window_start"] = trend.window_start.count();
  json["window_end"] = trend.window_end.count();
  return json;
}

Json::Value encode_plr_result(const plr::PlrResult& result) {
  Json::Value json(Json::objectValue);
  Json::Value trials(Json::arrayValue);
  double effective_sum = 0.0;
  for (const plr::PlrTrial& trial : result.trials) {
    trials.append(encode_plr_trial(trial));
    effective_sum += trial.result.effective_duration().count();
  }
  json["trials"] = trials;
  Json::Value totals(Json::objectValue);
  totals["trial_count"] = Json::UInt64{result.trials.size()};
  totals["effective_duration_sum"] = effective_sum;
  totals["run_duration"] = result.run_duration.count();
  json["totals"] = totals;
  json["estimate"] = result.estimate ? encode_plr_estimate(*result.estimate) : Json::Value();
  json["trend"] = result.trend ? encode_trend(*result.trend) : Json::Value();
  // Tester-limited trials near the estimate, or below every load the SUT itself lost
  // at, may have made it the tester's, not the SUT's: the result says so, as an MLR
  // goal result does.
  const plr::PlrTesterLimit limit = plr::tester_limit_of(result.trials, result.estimate);
  json["tester_limited"] = limit.limited();
  json["tester_limit"] = encode_plr_tester_limit(limit);
  json["stop_reason"] = std::string(plr::to_string(result.stop_reason));
  json["stop_detail"] = result.stop_detail;
  // A soak whose trials carried latency: did P99 grow over it (docs/latency.md)?
  std::vector<latency::LatencyAtTime> series;
  for (const plr::PlrTrial& trial : result.trials) {
    if (!trial.result.latency().empty()) {
      series.push_back({trial.finished_at.count(), trial.result.latency()});
    }
  }
  if (!series.empty()) json["latency_trend"] = encode_latency_trend(latency::latency_trend(series));
  return json;
}

}  // namespace trexsearch::codec
