#include "daemon/codec/search_result_codec.hpp"

#include <string>

#include "daemon/codec/goal_result_codec.hpp"

namespace trexsearch::codec {

Json::Value encode_trial_record(const mlr::TrialRecord& record) {
  const TrialResult& trial = record.result;
  Json::Value json(Json::objectValue);
  json["number"] = Json::UInt64{record.number};
  json["phase"] = std::string(mlr::to_string(record.phase));
  json["started_at"] = record.started_at.count();
  json["load"] = trial.intended_load_pps();
  json["intended_duration"] = trial.intended_duration().count();
  json["effective_duration"] = trial.effective_duration().count();
  if (const auto& counts = trial.counts()) {
    json["offered_count"] = Json::Int64{counts->offered};
    json["loss_count"] = Json::Int64{counts->loss};
    json["intended_count"] = Json::Int64{counts->intended};
  } else {
    json["offered_count"] = Json::nullValue;
    json["loss_count"] = Json::nullValue;
    json["intended_count"] = Json::nullValue;
  }
  json["loss_ratio"] = trial.loss_ratio();
  Json::Value notes(Json::arrayValue);
  for (const auto& note : trial.notes()) notes.append(note);
  json["notes"] = notes;
  return json;
}

Json::Value encode_search_result(const mlr::SearchResult& result) {
  Json::Value json(Json::objectValue);
  Json::Value trials(Json::arrayValue);
  for (const auto& record : result.trials) trials.append(encode_trial_record(record));
  json["trials"] = trials;
  Json::Value totals(Json::objectValue);
  totals["trial_count"] = Json::UInt64{result.trials.size()};
  totals["effective_duration_sum"] = result.trial_duration_sum().count();
  totals["search_duration"] = result.search_duration.count();
  json["totals"] = totals;
  json["stop_reason"] = std::string(mlr::to_string(result.stop_reason));
  json["stop_detail"] = result.stop_detail;
  json["goals"] = encode_goal_results(result.goals);
  return json;
}

}  // namespace trexsearch::codec
