#include "daemon/store/plr_trial_state_codec.hpp"

#include <json/value.h>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/codec/strict_json.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

Json::Value encode_fit(const plr::FitEstimate& fit) {
  Json::Value json(Json::objectValue);
  json["log_average"] = fit.log_average ? Json::Value(*fit.log_average) : Json::Value();
  json["log_variance"] = fit.log_variance;
  json["samples"] = Json::UInt64{fit.samples};
  Json::Value focus(Json::arrayValue);
  focus.append(fit.focus.mean[0]);
  focus.append(fit.focus.mean[1]);
  for (const double element : fit.focus.covariance) focus.append(element);
  json["focus"] = focus;
  return json;
}

plr::FitEstimate decode_fit(const Json::Value& json, const std::string& path) {
  codec::ObjectReader reader(json, path);
  plr::FitEstimate fit;
  fit.log_average = reader.optional_number("log_average");
  fit.log_variance = reader.number("log_variance");
  const std::int64_t samples = reader.int64("samples");
  if (samples < 0) {
    throw measure::ConfigError(reader.field_path("samples"), std::to_string(samples),
                               "must be >= 0");
  }
  fit.samples = static_cast<std::uint64_t>(samples);
  const Json::Value& focus = reader.array("focus");
  if (focus.size() != 5) {
    throw measure::ConfigError(reader.field_path("focus"), codec::quote_json(focus),
                               "must hold 5 numbers (mean x, y; covariance xx, xy, yy)");
  }
  const std::string focus_path = reader.field_path("focus");
  fit.focus.mean[0] = codec::as_number(focus[0], codec::element_path(focus_path, 0));
  fit.focus.mean[1] = codec::as_number(focus[1], codec::element_path(focus_path, 1));
  for (Json::ArrayIndex i = 0; i < 3; ++i) {
    fit.focus.covariance[i] =
        codec::as_number(focus[i + 2], codec::element_path(focus_path, i + 2));
  }
  reader.reject_unknown_keys();
  return fit;
}

}  // namespace

std::string encode_plr_trial_state(const plr::PlrTrial& trial) {
  Json::Value json(Json::objectValue);
  json["started_at"] = trial.started_at.count();
  json["finished_at"] = trial.finished_at.count();
  json["model_loss_count"] = Json::Int64{trial.model_loss_count};
  json["lossy"] = trial.lossy;
  Json::Value fits(Json::arrayValue);
  for (const plr::FitEstimate& fit : trial.fits) fits.append(encode_fit(fit));
  json["fits"] = fits;
  if (trial.estimate) {
    const plr::PlrEstimate& estimate = *trial.estimate;
    Json::Value value(Json::objectValue);
    value["log_center"] = estimate.log_center;
    value["log_stdev"] = estimate.log_stdev;
    value["average"] = estimate.average_pps;
    value["stdev"] = estimate.stdev_pps;
    value["lower"] = estimate.lower_pps;
    value["upper"] = estimate.upper_pps;
    json["estimate"] = value;
  } else {
    json["estimate"] = Json::Value();
  }
  return codec::to_compact_json(json);
}

void decode_plr_trial_state(const std::string& text, plr::PlrTrial& trial) {
  const Json::Value json = codec::parse_strict_json(text, "stored PLR trial state");
  codec::ObjectReader reader(json, "plr");
  trial.started_at = measure::Seconds{reader.number("started_at")};
  trial.finished_at = measure::Seconds{reader.number("finished_at")};
  trial.model_loss_count = reader.int64("model_loss_count");
  trial.lossy = reader.optional_bool("lossy").value_or(false);
  const Json::Value& fits = reader.array("fits");
  if (fits.size() != trial.fits.size()) {
    throw measure::ConfigError(reader.field_path("fits"), codec::quote_json(fits),
                               "must hold 2 fits (stretch, erf)");
  }
  for (Json::ArrayIndex i = 0; i < fits.size(); ++i) {
    trial.fits[i] = decode_fit(fits[i], codec::element_path(reader.field_path("fits"), i));
  }
  trial.estimate.reset();
  if (const Json::Value* estimate = reader.optional_value("estimate")) {
    codec::ObjectReader value(*estimate, reader.field_path("estimate"));
    plr::PlrEstimate decoded;
    decoded.log_center = value.number("log_center");
    decoded.log_stdev = value.number("log_stdev");
    decoded.average_pps = value.number("average");
    decoded.stdev_pps = value.number("stdev");
    decoded.lower_pps = value.number("lower");
    decoded.upper_pps = value.number("upper");
    value.reject_unknown_keys();
    trial.estimate = decoded;
  }
  reader.reject_unknown_keys();
}

}  // namespace trexsearch::service
