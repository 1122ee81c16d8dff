#include "daemon/codec/search_result_codec.hpp"

#include <string>

#include "daemon/codec/goal_result_codec.hpp"
#include "daemon/codec/trial_result_codec.hpp"

namespace trexsearch::codec {

Json::Value encode_trial_record(const mlr::TrialRecord& record) {
  Json::Value json = encode_trial_result(record.result);
  json["number"] = Json::UInt64{record.number};
  json["phase"] = std::string(mlr::to_string(record.phase));
  json["started_at"] = record.started_at.count();
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
