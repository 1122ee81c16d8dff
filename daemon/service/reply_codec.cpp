#include "daemon/service/reply_codec.hpp"

#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/job_summary_codec.hpp"
#include "daemon/service/job_summary.hpp"

#include "daemon/codec/latency_codec.hpp"
#include "daemon/codec/plr_result_codec.hpp"
#include "daemon/codec/trial_detail_codec.hpp"

namespace trexsearch::service {
namespace {

Json::Value optional_number(const std::optional<double>& value) {
  return value ? Json::Value(*value) : Json::Value(Json::nullValue);
}

Json::Value encode_goal_progress(const std::vector<GoalProgressView>& goals) {
  Json::Value json(Json::arrayValue);
  for (const GoalProgressView& goal : goals) {
    Json::Value entry(Json::objectValue);
    entry["label"] = goal.label;
    entry["lower_bound"] = optional_number(goal.lower_bound_pps);
    entry["upper_bound"] = optional_number(goal.upper_bound_pps);
    entry["target_depth"] = goal.target_depth;
    entry["done"] = goal.done;
    json.append(entry);
  }
  return json;
}

Json::Value string_array(const std::vector<std::string>& items) {
  Json::Value json(Json::arrayValue);
  for (const auto& item : items) json.append(item);
  return json;
}

// What a trial said besides its loss ratio, in the keys `result` uses for trials:
// a watcher must see a tester-limited or repeated trial as such when it happens.
void add_trial_remarks(const TrialSummary& trial, Json::Value& json) {
  json["measured_loss_ratio"] = trial.measured_loss_ratio;
  json["notes"] = string_array(trial.notes);
  Json::Value directions(Json::arrayValue);
  for (const measure::DirectionCounts& direction : trial.directions) {
    directions.append(codec::encode_direction(direction));
  }
  json["directions"] = directions;
  if (trial.tester_limited_pps) json["tester_limited_pps"] = *trial.tester_limited_pps;
  if (!trial.counters.empty()) json["counters"] = trial.counters;
  if (!trial.latency.empty()) {
    json["latency"] =
        codec::encode_latency_list(trial.latency, codec::LatencyHistograms::leave_out);
  }
}

Json::Value encode_tester_limit(const std::optional<mlr::TesterLimit>& limit) {
  if (!limit) return Json::Value(Json::nullValue);
  Json::Value json(Json::objectValue);
  json["trials"] = Json::UInt64{limit->trials};
  json["reached_pps"] = limit->reached_pps;
  return json;
}

// The ratio the stored counts give (what `result` calls measured_loss_ratio);
// null when they cannot form a trial, which the store never holds.
Json::Value measured_loss_ratio(const StoredTrial& stored) {
  try {
    return measure::TrialResult::from_outcome(stored.trial.intended_load_pps,
                                              stored.trial.intended_duration, stored.trial.outcome)
        .measured_loss_ratio();
  } catch (const std::exception&) {
    return Json::Value(Json::nullValue);
  }
}

Json::Value encode_trial_summary(const TrialSummary& trial) {
  Json::Value json(Json::objectValue);
  json["number"] = Json::UInt64{trial.number};
  json["phase"] = std::string(mlr::to_string(trial.phase));
  json["load"] = trial.load_pps;
  json["intended_duration"] = trial.intended_duration.count();
  json["effective_duration"] = trial.effective_duration.count();
  json["loss_ratio"] = trial.loss_ratio;
  json["started_at"] = trial.started_at.count();
  add_trial_remarks(trial, json);
  return json;
}

}  // namespace

Json::Value encode_job_record(const JobRecord& record) {
  return protocol::encode_job_summary(job_summary(record));
}

Json::Value encode_progress(const JobProgress& progress) {
  Json::Value json(Json::objectValue);
  json["trial_count"] = Json::UInt64{progress.trial_count};
  json["last_trial"] = progress.last_trial ? encode_trial_summary(*progress.last_trial)
                                           : Json::Value(Json::nullValue);
  json["goals"] = encode_goal_progress(progress.goals);
  if (progress.estimate) json["estimate"] = codec::encode_plr_estimate(*progress.estimate);
  if (progress.search_time_limit) json["search_time_limit"] = progress.search_time_limit->count();
  return json;
}

protocol::Document progress_document(const JobProgress& progress) {
  return protocol::make_document(encode_progress(progress));
}

Json::Value encode_stored_trial(const StoredTrial& stored) {
  const measure::TrialOutcome& outcome = stored.trial.outcome;
  Json::Value json(Json::objectValue);
  json["number"] = Json::UInt64{stored.number};
  json["phase"] = std::string(mlr::to_string(stored.phase));
  json["load"] = stored.trial.intended_load_pps;
  json["intended_duration"] = stored.trial.intended_duration.count();
  json["effective_duration"] = outcome.effective_duration
                                   ? Json::Value(outcome.effective_duration->count())
                                   : Json::Value(Json::nullValue);
  json["offered_count"] = Json::Int64{outcome.offered_count};
  json["loss_count"] = Json::Int64{outcome.loss_count};
  json["intended_count"] = outcome.intended_count
                               ? Json::Value(Json::Int64{*outcome.intended_count})
                               : Json::Value(Json::nullValue);
  json["loss_ratio"] = stored.loss_ratio;
  json["measured_loss_ratio"] = measured_loss_ratio(stored);
  json["notes"] = string_array(outcome.notes);
  // directions, tester_limited_pps, counters: as `result` shows them.
  const Json::Value detail = codec::encode_trial_detail(outcome);
  for (const std::string& key : detail.getMemberNames()) json[key] = detail[key];
  json["started_at"] = stored.started_at.count();
  json["recorded_at"] = format_utc(stored.recorded_at);
  if (stored.plr) {
    json["estimate"] = stored.plr->estimate ? codec::encode_plr_estimate(*stored.plr->estimate)
                                            : Json::Value(Json::nullValue);
  }
  return json;
}

Json::Value encode_trial_event(JobId job, const JobProgress& progress) {
  Json::Value json(Json::objectValue);
  json["job"] = Json::Int64{job};
  json["trial_count"] = Json::UInt64{progress.trial_count};
  if (progress.last_trial) {
    const TrialSummary& trial = *progress.last_trial;
    json["trial"] = Json::UInt64{trial.number};
    json["phase"] = std::string(mlr::to_string(trial.phase));
    json["load"] = trial.load_pps;
    json["duration"] = trial.intended_duration.count();
    json["loss_ratio"] = trial.loss_ratio;
    json["search_time"] = trial.started_at.count() + trial.effective_duration.count();
    add_trial_remarks(trial, json);
  }
  json["goals"] = encode_goal_progress(progress.goals);
  if (progress.estimate) json["estimate"] = codec::encode_plr_estimate(*progress.estimate);
  if (progress.search_time_limit) json["search_time_limit"] = progress.search_time_limit->count();
  return json;
}

Json::Value encode_bounds(const std::vector<mlr::GoalResult>& goals) {
  Json::Value json(Json::arrayValue);
  for (const mlr::GoalResult& goal : goals) {
    Json::Value entry(Json::objectValue);
    entry["label"] = goal.label;
    entry["lower_bound"] = optional_number(goal.relevant_lower_bound_pps);
    entry["upper_bound"] = optional_number(goal.relevant_upper_bound_pps);
    entry["regular"] = goal.regular();
    entry["irregular_reason"] = goal.irregular_reason;
    // The tester, not the SUT, may have set the upper bound.
    entry["tester_limited"] = encode_tester_limit(goal.tester_limit);
    entry["clean"] = goal.clean();
    json.append(entry);
  }
  return json;
}

}  // namespace trexsearch::service
