// What `watch` events and `show` bounds say about a trial or a goal beyond the
// numbers: notes, per-direction counts, the tester limit.

#include <doctest/doctest.h>

#include "daemon/model/protocol_records.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/events/event_codec.hpp"
#include "daemon/protocol/replies/job_progress_codec.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"

namespace trexsearch::service {
namespace {

measure::TrialResult tester_limited_trial() {
  measure::TrialOutcome outcome;
  outcome.offered_count = 1500000;
  outcome.loss_count = 1000;
  outcome.intended_count = 2000000;
  outcome.directions = {{"0->1", 1000000, 500000, 499000}, {"1->0", 1000000, 1000000, 1000000}};
  outcome.tester_limited_pps = 500000.0;
  outcome.counters = "flow_stats";
  outcome.notes =
      measure::parse_notes({"tester_limited: direction 0->1 sent 500000 of 1000000 intended frames",
                            "repeated: measured again (attempt 2) after TRex restarted"});
  return measure::TrialResult::from_outcome(1e6, measure::Seconds{1.0}, outcome);
}

}  // namespace

TEST_CASE("a watch trial event carries the trial's notes, directions and tester limit") {
  JobProgress progress;
  progress.trial_count = 7;
  progress.last_trial =
      summarize_trial(7, mlr::TrialPhase::main, measure::Seconds{6.0}, tester_limited_trial());
  const Json::Value event =
      protocol::json_of(protocol::encode_event_arguments(trial_event_of(3, progress)));
  CHECK(event["trial"].asUInt64() == 7);
  CHECK(event["loss_ratio"].asDouble() == 1.0);
  CHECK(event["measured_loss_ratio"].asDouble() == doctest::Approx(501000.0 / 2000000.0));
  CHECK(event["tester_limited_pps"].asDouble() == 500000.0);
  CHECK(event["counters"].asString() == "flow_stats");
  REQUIRE(event["notes"].size() == 2);
  CHECK(event["notes"][1].asString().rfind("repeated: ", 0) == 0);
  REQUIRE(event["directions"].size() == 2);
  CHECK(event["directions"][0]["direction"].asString() == "0->1");
  CHECK(event["directions"][0]["unsent"].asInt64() == 500000);
  CHECK(event["directions"][1]["loss"].asInt64() == 0);
  // status/show's last_trial says the same.
  const Json::Value last = protocol::encode_job_progress(progress)["last_trial"];
  CHECK(last["tester_limited_pps"].asDouble() == 500000.0);
  CHECK(last["notes"].size() == 2);
}

TEST_CASE("a trial event of an ordinary trial has empty notes and no tester limit") {
  measure::TrialOutcome outcome;
  outcome.offered_count = 1000;
  JobProgress progress;
  progress.last_trial =
      summarize_trial(1, mlr::TrialPhase::initial, measure::Seconds{0.0},
                      measure::TrialResult::from_outcome(1e3, measure::Seconds{1.0}, outcome));
  const Json::Value event =
      protocol::json_of(protocol::encode_event_arguments(trial_event_of(3, progress)));
  CHECK(event["notes"].empty());
  CHECK(event["directions"].empty());
  CHECK_FALSE(event.isMember("tester_limited_pps"));
  CHECK_FALSE(event.isMember("counters"));
}

TEST_CASE("show's bounds say when the tester set a goal's upper bound") {
  mlr::GoalResult limited;
  limited.label = "NDR";
  limited.relevant_lower_bound_pps = 9e5;
  limited.relevant_upper_bound_pps = 1e6;
  limited.tester_limit = mlr::TesterLimit{2, 950000.0};
  mlr::GoalResult clean = limited;
  clean.label = "PDR";
  clean.tester_limit.reset();
  const Json::Value bounds = protocol::encode_goal_bounds(goal_bounds_of({limited, clean}));
  CHECK(bounds[0]["tester_limited"]["trials"].asUInt64() == 2);
  CHECK(bounds[0]["tester_limited"]["reached_pps"].asDouble() == 950000.0);
  CHECK(bounds[0]["clean"].asBool() == false);
  CHECK(bounds[1]["tester_limited"].isNull());
  CHECK(bounds[1]["clean"].asBool() == true);
}

}  // namespace trexsearch::service
