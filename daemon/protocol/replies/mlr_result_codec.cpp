#include "daemon/protocol/replies/mlr_result_codec.hpp"

#include <string>
#include <vector>

#include "daemon/codec/goal_codec.hpp"
#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/codec/trial_detail_codec.hpp"
#include "daemon/protocol/replies/trial_record_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::protocol {
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

mlr::TrialPhase decode_phase(const Json::Value& value, const std::string& path) {
  const std::string text = as_string(value, path);
  for (auto phase : {mlr::TrialPhase::warmup, mlr::TrialPhase::initial, mlr::TrialPhase::main,
                     mlr::TrialPhase::latency}) {
    if (mlr::to_string(phase) == text) return phase;
  }
  throw measure::ConfigError(path, text, "must be one of warmup, initial, main, latency");
}

mlr::StopReason decode_stop_reason(const std::string& text, const std::string& path) {
  using R = mlr::StopReason;
  for (auto reason :
       {R::completed, R::fail_fast, R::search_time_exceeded, R::cancelled, R::measurer_failed}) {
    if (mlr::to_string(reason) == text) return reason;
  }
  throw measure::ConfigError(path, text, "is not a known stop reason");
}

mlr::Irregularity decode_irregularity(const std::string& text, const std::string& path) {
  using I = mlr::Irregularity;
  for (auto irregularity :
       {I::none, I::max_load_is_lower_bound, I::no_upper_bound, I::min_load_is_upper_bound,
        I::no_lower_bound, I::too_wide, I::search_time_exceeded, I::stopped_by_fail_fast,
        I::cancelled, I::measurer_failed}) {
    if (mlr::to_string(irregularity) == text) return irregularity;
  }
  throw measure::ConfigError(path, text, "is not a known irregularity");
}

mlr::LoadClass decode_load_class(const Json::Value& value, const std::string& path) {
  const std::string text = as_string(value, path);
  for (auto load_class :
       {mlr::LoadClass::lower_bound, mlr::LoadClass::upper_bound, mlr::LoadClass::undecided}) {
    if (mlr::to_string(load_class) == text) return load_class;
  }
  throw measure::ConfigError(path, text, "must be one of lower_bound, upper_bound, undecided");
}

// One load of a goal result: its classification and draft-06 Appendix A's sums.
mlr::LoadAnalysis decode_load(const Json::Value& json, const std::string& path) {
  codec::as_object(json, path);
  const auto seconds = [&](const char* key) {
    return measure::Seconds{as_number(json[key], member_path(path, key))};
  };
  mlr::LoadAnalysis load;
  load.load_pps = as_number(json["load"], member_path(path, "load"));
  load.classification =
      decode_load_class(json["classification"], member_path(path, "classification"));
  load.trial_count =
      static_cast<std::size_t>(as_int64(json["trial_count"], member_path(path, "trial_count")));
  load.sums = {seconds("full_length_low_loss"), seconds("full_length_high_loss"),
               seconds("short_low_loss"), seconds("short_high_loss")};
  return load;
}

// A trial of the wire as the search recorded it: with its counts when it has them,
// else from its loss ratio alone (results stored before counts were kept).
measure::TrialResult trial_result_of(const TrialRecord& trial) {
  const measure::Seconds intended{trial.intended_duration_s};
  if (trial.offered_count && trial.loss_count) {
    measure::TrialOutcome outcome;
    outcome.offered_count = *trial.offered_count;
    outcome.loss_count = *trial.loss_count;
    outcome.intended_count = trial.intended_count;
    if (trial.effective_duration_s) {
      outcome.effective_duration = measure::Seconds{*trial.effective_duration_s};
    }
    outcome.notes = trial.notes;
    outcome.directions = trial.directions;
    outcome.tester_limited_pps = trial.tester_limited_pps;
    outcome.counters = trial.counters;
    outcome.latency = trial.latency;
    return measure::TrialResult::from_outcome(trial.load_pps, intended, outcome);
  }
  return measure::TrialResult::from_loss_ratio(
      trial.load_pps, intended,
      measure::Seconds{trial.effective_duration_s.value_or(intended.count())}, trial.loss_ratio);
}

mlr::TrialRecord search_trial_of(const TrialRecord& trial, const std::string& path) {
  return mlr::TrialRecord{static_cast<std::size_t>(trial.number),
                          decode_phase(Json::Value(trial.phase), member_path(path, "phase")),
                          measure::Seconds{trial.started_at_s.value_or(0.0)},
                          trial_result_of(trial)};
}

}  // namespace

mlr::GoalResult decode_goal_result(const Json::Value& json, const std::string& path) {
  codec::as_object(json, path);
  mlr::GoalResult goal;
  goal.label = as_string(json["name"], member_path(path, "name"));
  goal.goal = codec::decode_goal(json["goal"], member_path(path, "goal"));
  goal.relevant_lower_bound_pps = optional_number(json, "relevant_lower_bound", path);
  goal.relevant_upper_bound_pps = optional_number(json, "relevant_upper_bound", path);
  goal.conditional_throughput_pps = optional_number(json, "conditional_throughput", path);
  if (present(json, "tester_limited")) {
    const Json::Value& limit = json["tester_limited"];
    const std::string limit_path = member_path(path, "tester_limited");
    goal.tester_limit = mlr::TesterLimit{
        static_cast<std::size_t>(as_int64(limit["trials"], member_path(limit_path, "trials"))),
        as_number(limit["reached_pps"], member_path(limit_path, "reached_pps"))};
  }
  const bool regular = as_bool(json["regular"], member_path(path, "regular"));
  if (!regular) {
    const std::string reason_path = member_path(path, "irregular_reason");
    goal.irregularity =
        decode_irregularity(as_string(json["irregular_reason"], reason_path), reason_path);
    if (present(json, "irregular_detail")) {
      goal.irregular_reason =
          as_string(json["irregular_detail"], member_path(path, "irregular_detail"));
    }
  }
  if (present(json, "loads")) {
    const std::string loads_path = member_path(path, "loads");
    const Json::Value& loads = as_array(json["loads"], loads_path);
    for (Json::ArrayIndex i = 0; i < loads.size(); ++i) {
      goal.loads.push_back(decode_load(loads[i], element_path(loads_path, i)));
    }
  }
  return goal;
}

mlr::SearchResult decode_mlr_result(const Json::Value& result, const std::string& path) {
  codec::as_object(result, path);
  mlr::SearchResult decoded;
  if (present(result, "trials")) {
    const std::string trials_path = member_path(path, "trials");
    const Json::Value& trials = as_array(result["trials"], trials_path);
    for (Json::ArrayIndex i = 0; i < trials.size(); ++i) {
      const std::string trial_path = element_path(trials_path, i);
      codec::as_object(trials[i], trial_path);
      decoded.trials.push_back(
          search_trial_of(decode_trial_record(trials[i], trial_path), trial_path));
    }
  }
  if (present(result, "goals")) {
    const std::string goals_path = member_path(path, "goals");
    const Json::Value& goals = as_array(result["goals"], goals_path);
    for (Json::ArrayIndex i = 0; i < goals.size(); ++i) {
      decoded.goals.push_back(decode_goal_result(goals[i], element_path(goals_path, i)));
    }
  }
  if (present(result, "stop_reason")) {
    const std::string reason_path = member_path(path, "stop_reason");
    decoded.stop_reason =
        decode_stop_reason(as_string(result["stop_reason"], reason_path), reason_path);
    if (present(result, "stop_detail")) {
      decoded.stop_detail = as_string(result["stop_detail"], member_path(path, "stop_detail"));
    }
  } else {
    decoded.stop_detail = "still running: bounds are those the stored trials support so far";
  }
  if (present(result, "totals") && present(result["totals"], "search_duration")) {
    decoded.search_duration = measure::Seconds{as_number(
        result["totals"]["search_duration"], member_path(path, "totals.search_duration"))};
  } else if (!decoded.trials.empty()) {
    const mlr::TrialRecord& last = decoded.trials.back();
    decoded.search_duration = last.started_at + last.result.effective_duration();
  }
  return decoded;
}

mlr::SearchResult running_mlr_result(const std::vector<TrialRecord>& trials,
                                     std::vector<mlr::GoalResult> goals) {
  mlr::SearchResult result;
  for (std::size_t i = 0; i < trials.size(); ++i) {
    result.trials.push_back(search_trial_of(trials[i], codec::element_path("trials", i)));
  }
  result.goals = std::move(goals);
  result.stop_detail = "still running: bounds are those the stored trials support so far";
  if (!result.trials.empty()) {
    const mlr::TrialRecord& last = result.trials.back();
    result.search_duration = last.started_at + last.result.effective_duration();
  }
  return result;
}

}  // namespace trexsearch::protocol
