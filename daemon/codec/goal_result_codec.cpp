#include "daemon/codec/goal_result_codec.hpp"

#include <optional>
#include <string>

#include "daemon/codec/goal_codec.hpp"

namespace trexsearch::codec {
namespace {

Json::Value optional_load(const std::optional<double>& load_pps) {
  return load_pps ? Json::Value(*load_pps) : Json::Value(Json::nullValue);
}

Json::Value encode_load(const mlr::LoadAnalysis& load) {
  Json::Value json(Json::objectValue);
  json["load"] = load.load_pps;
  json["classification"] = std::string(mlr::to_string(load.classification));
  json["trial_count"] = Json::UInt64{load.trial_count};
  // draft-06 Appendix A's four sums, under draft-15's names.
  json["full_length_low_loss"] = load.sums.full_length_low_loss.count();
  json["full_length_high_loss"] = load.sums.full_length_high_loss.count();
  json["short_low_loss"] = load.sums.short_low_loss.count();
  json["short_high_loss"] = load.sums.short_high_loss.count();
  return json;
}

}  // namespace

Json::Value encode_goal_result(const mlr::GoalResult& result) {
  Json::Value json(Json::objectValue);
  json["name"] = result.label;
  json["goal"] = encode_goal(result.goal);
  json["relevant_lower_bound"] = optional_load(result.relevant_lower_bound_pps);
  json["relevant_upper_bound"] = optional_load(result.relevant_upper_bound_pps);
  json["conditional_throughput"] = optional_load(result.conditional_throughput_pps);
  json["regular"] = result.regular();
  // draft-15 requires irregular results to be told apart: a stable machine name
  // and a sentence for humans.
  if (!result.regular()) {
    json["irregular_reason"] = std::string(mlr::to_string(result.irregularity));
    json["irregular_detail"] = result.irregular_reason;
  }
  // The tester, not the SUT, may have set the upper bound (docs/trials.md): then
  // the result is not a clean one, whatever `regular` says.
  if (result.tester_limit) {
    Json::Value limit(Json::objectValue);
    limit["trials"] = Json::UInt64{result.tester_limit->trials};
    limit["reached_pps"] = result.tester_limit->reached_pps;
    json["tester_limited"] = limit;
  } else {
    json["tester_limited"] = Json::Value(Json::nullValue);
  }
  json["clean"] = result.clean();
  Json::Value loads(Json::arrayValue);
  for (const auto& load : result.loads) loads.append(encode_load(load));
  json["loads"] = loads;
  return json;
}

Json::Value encode_goal_results(const std::vector<mlr::GoalResult>& results) {
  Json::Value json(Json::arrayValue);
  for (const auto& result : results) json.append(encode_goal_result(result));
  return json;
}

}  // namespace trexsearch::codec
