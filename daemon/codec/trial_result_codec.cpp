#include "daemon/codec/trial_result_codec.hpp"

#include "daemon/codec/trial_detail_codec.hpp"

namespace trexsearch::codec {

Json::Value encode_trial_result(const measure::TrialResult& trial) {
  Json::Value json(Json::objectValue);
  json["load"] = trial.intended_load_pps();
  json["intended_duration"] = trial.intended_duration().count();
  json["effective_duration"] = trial.effective_duration().count();
  const auto& counts = trial.counts();
  json["offered_count"] = counts ? Json::Value(Json::Int64{counts->offered}) : Json::Value();
  json["loss_count"] = counts ? Json::Value(Json::Int64{counts->loss}) : Json::Value();
  json["intended_count"] = counts ? Json::Value(Json::Int64{counts->intended}) : Json::Value();
  json["loss_ratio"] = trial.loss_ratio();
  // What the counts say; loss_ratio above is 1 for a tester-limited trial.
  json["measured_loss_ratio"] = trial.measured_loss_ratio();
  const Json::Value detail = encode_trial_detail(trial);
  for (const std::string& key : detail.getMemberNames()) json[key] = detail[key];
  json["notes"] = encode_notes(trial.notes());
  return json;
}

}  // namespace trexsearch::codec
