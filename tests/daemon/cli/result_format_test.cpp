// `result`, `show` and `watch` for people, from the daemon's JSON: the tester
// limit in the goal table, per-direction counts at the bounds, notes per key and
// load, the counters, and whether the result is a clean one (exit code 5).
#include "daemon/cli/replies/result_format.hpp"

#include <doctest/doctest.h>

#include "daemon/cli/replies/client_format.hpp"
#include "daemon/cli/text/goal_table.hpp"
#include "daemon/cli/text/line_rate_text.hpp"
#include "daemon/codec/search_result_codec.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/events/event_codec.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "daemon/protocol/replies/result_document_codec.hpp"
#include "daemon/protocol/replies/trial_record_codec.hpp"

using namespace trexsearch;
using namespace trexsearch::cli;

namespace {

/// A bidirectional trial: each direction intended `per_direction` frames; 0->1
/// sent `sent` of them (short: tester-limited) and `lost_back` frames of 1->0 were lost.
mlr::TrialRecord trial(std::size_t number, mlr::TrialPhase phase, double load_pps,
                       std::int64_t sent, std::int64_t lost_back = 0) {
  const auto per_direction = static_cast<std::int64_t>(load_pps);
  measure::TrialOutcome outcome;
  outcome.directions = {{"0->1", per_direction, sent, sent},
                        {"1->0", per_direction, per_direction, per_direction - lost_back}};
  outcome.offered_count = sent + per_direction;
  outcome.loss_count = lost_back;
  outcome.intended_count = 2 * per_direction;
  outcome.counters = "flow_stats";
  if (sent < per_direction) {
    outcome.tester_limited_pps = static_cast<double>(sent);
    outcome.notes.push_back(
        measure::TrialNote::parse("tester_limited: direction 0->1 sent " + std::to_string(sent) +
                                  " of " + std::to_string(per_direction) + " intended frames"));
  }
  return {number, phase, measure::Seconds{static_cast<double>(number - 1)},
          measure::TrialResult::from_outcome(load_pps, measure::Seconds{1.0}, outcome)};
}

protocol::JobSummary job_summary(protocol::JobId id, const std::string& method,
                                 protocol::JobState state) {
  protocol::JobSummary job;
  job.id = id;
  job.method = method;
  job.measurer = "sim";
  job.state = state;
  job.created_at = "2026-11-24T20:00:00.000Z";
  return job;
}

protocol::Document document(const Json::Value& json) { return protocol::make_document(json); }

// A `result` reply written as JSON (the job only with what the text uses), read as
// the CLI reads it.
protocol::ResultReply result_reply(const Json::Value& reply) {
  protocol::ResultReply typed;
  typed.job = job_summary(reply["job"]["id"].asInt64(), reply["job"]["method"].asString(),
                          *protocol::job_state_from_string(reply["job"]["state"].asString()));
  typed.result = protocol::decode_result_document(reply["result"], typed.job.method, "result");
  typed.line_rate = protocol::decode_line_rate_facts(reply["line_rate"], "line_rate");
  return typed;
}

mlr::GoalResult goal(const std::string& name, double lower, double upper) {
  mlr::GoalResult result;
  result.goal.name = name;
  result.label = name;
  result.relevant_lower_bound_pps = lower;
  result.relevant_upper_bound_pps = upper;
  result.conditional_throughput_pps = lower;
  return result;
}

/// NDR's upper bound (1 Mpps) is the tester's; PDR's (950 kpps) the SUT's.
Json::Value tester_limited_result() {
  mlr::SearchResult result;
  result.trials = {trial(1, mlr::TrialPhase::warmup, 1e6, 990000),
                   trial(2, mlr::TrialPhase::initial, 1e6, 990000),
                   trial(3, mlr::TrialPhase::main, 9e5, 900000),
                   trial(4, mlr::TrialPhase::main, 9.5e5, 950000, 95),
                   trial(5, mlr::TrialPhase::main, 1e6, 995000),
                   trial(6, mlr::TrialPhase::main, 9e5, 900000)};
  result.goals = {goal("NDR", 9e5, 1e6), goal("PDR", 9e5, 9.5e5)};
  result.goals[0].tester_limit = mlr::TesterLimit{2, 995000.0};
  result.search_duration = measure::Seconds{6.0};
  Json::Value reply(Json::objectValue);
  reply["job"]["id"] = 3;
  reply["job"]["state"] = "finished";
  reply["job"]["method"] = "mlr";
  reply["result"] = codec::encode_search_result(result);
  return reply;
}

}  // namespace

TEST_CASE("result says which goal the tester limited, where directions lost, and the notes") {
  const Json::Value reply = tester_limited_result();
  const std::string text = format_result(result_reply(reply));
  INFO(text);
  CHECK(text.find("NDR       900000.0        1000000.0       900000.0          "
                  "TESTER-LIMITED (tester reached 995000.0 pps)\n") != std::string::npos);
  CHECK(text.find("PDR       900000.0        950000.0        900000.0          regular\n") !=
        std::string::npos);
  CHECK(text.find("NDR: the upper bound 1000000.0 pps comes from 2 trials in which the tester "
                  "could not offer the intended load (it reached at most 995000.0 pps): the "
                  "bound describes the tester, not the SUT") != std::string::npos);
  // Per direction at the bounds, warmup left out: 1 Mpps has trials 2 and 5.
  CHECK(text.find("per direction at the relevant bounds") != std::string::npos);
  CHECK(text.find("LOAD [pps]  BOUND OF              TRIALS  DIRECTION  OFFERED  RECEIVED  UNSENT"
                  "    LOSS  WORST TRIAL\n"
                  "  900000.0  NDR lower, PDR lower       2  0->1       1800000   1800000       0"
                  "     0 %          0 %\n"
                  "                                          1->0       1800000   1800000       0"
                  "     0 %          0 %\n"
                  "  950000.0  PDR upper                  1  0->1        950000    950000       0"
                  "     0 %          0 %\n"
                  "                                          1->0        950000    949905       0"
                  "  0.01 %       0.01 %\n"
                  " 1000000.0  NDR upper                  2  0->1       1985000   1985000   15000"
                  "  0.75 %          1 %\n") != std::string::npos);
  // Every trial counts, warmup included: notes are facts about what was measured.
  CHECK(text.find("notes: 3 tester_limited (at 1000000.0 pps: 3)\n") != std::string::npos);
  CHECK(text.find("counters: flow_stats (all 6 trials)\n") != std::string::npos);
  CHECK(result_not_clean(result_reply(reply).result));
  CHECK(not_clean_notice(result_reply(reply).result) ==
        "not a clean result: NDR's upper bound is the tester's (it reached 995000.0 pps)");
}

TEST_CASE("a clean result, and one stored before tester limits existed, are clean") {
  Json::Value reply = tester_limited_result();
  reply["result"]["goals"][0]["tester_limited"] = Json::Value(Json::nullValue);
  CHECK_FALSE(result_not_clean(result_reply(reply).result));
  CHECK(not_clean_notice(result_reply(reply).result).empty());
  reply["result"]["goals"][0].removeMember("tester_limited");
  CHECK_FALSE(result_not_clean(result_reply(reply).result));
  CHECK(format_result(result_reply(reply)).find("TESTER-LIMITED") == std::string::npos);
}

TEST_CASE("a PLR result says when tester-limited trials fell near the estimate") {
  Json::Value reply(Json::objectValue);
  reply["job"]["id"] = 4;
  reply["job"]["state"] = "finished";
  reply["job"]["method"] = "plr";
  Json::Value& search = reply["result"];
  search["stop_reason"] = "time_budget";
  search["totals"]["trial_count"] = 2;
  search["estimate"]["average"] = 1e6;
  search["estimate"]["stdev"] = 1e4;
  search["estimate"]["relative_stdev"] = 0.01;
  search["estimate"]["lower"] = 9.9e5;
  search["estimate"]["upper"] = 1.01e6;
  search["trials"] = Json::Value(Json::arrayValue);
  search["tester_limited"] = true;
  search["tester_limit"]["trials"] = 3;
  search["tester_limit"]["reached_pps"] = 1.5e6;
  search["tester_limit"]["trials_near_estimate"] = 1;
  search["tester_limit"]["estimate_upper_end"] = 1.02e6;
  search["tester_limit"]["trials_below_sut_loss"] = 0;
  search["tester_limit"]["lowest_sut_lossy_load"] = 1.01e6;
  const std::string text = format_result(result_reply(reply));
  INFO(text);
  CHECK(text.find("tester: 3 tester-limited trials (counted as full loss; the tester reached at "
                  "most 1500000.0 pps)\n  TESTER-LIMITED: the estimate may describe the tester, "
                  "not the SUT: 1 at or below the estimate's average + 2 stdev (1020000.0 pps); "
                  "0 at or below the lowest load where the SUT itself lost frames (1010000.0 "
                  "pps)\n") != std::string::npos);
  CHECK(text.find("notes: none\n") != std::string::npos);
  CHECK(result_not_clean(result_reply(reply).result));
  search["tester_limited"] = false;
  search["tester_limit"]["trials_near_estimate"] = 0;
  CHECK_FALSE(result_not_clean(result_reply(reply).result));
  CHECK(format_result(result_reply(reply))
            .find("  they do not bear on the estimate: 0 at or below the "
                  "estimate's average + 2 stdev (1020000.0 pps); 0 at or below") !=
        std::string::npos);
  search["tester_limit"]["lowest_sut_lossy_load"] = Json::Value(Json::nullValue);
  search["tester_limit"]["trials_below_sut_loss"] = 3;
  search["tester_limited"] = true;
  CHECK(format_result(result_reply(reply)).find("; 3 while the SUT itself never lost frames\n") !=
        std::string::npos);
}

TEST_CASE("show lists each trial with its markers and notes, and the tester-limited bound") {
  const Json::Value reply = tester_limited_result();
  protocol::ShowReply show;
  show.job = job_summary(3, "mlr", protocol::JobState::finished);
  show.job.trial_count = 6;
  show.job.run_count = 1;
  show.bounds = std::vector<protocol::GoalBounds>{
      {"NDR", 9e5, 1e6, true, "", mlr::TesterLimit{2, 995000.0}, false}};
  show.trials = protocol::decode_trial_records(reply["result"]["trials"], "result.trials");
  const std::string text = format_job(show);
  INFO(text);
  CHECK(text.find("  NDR       900000.0      1000000.0     TESTER-LIMITED (tester reached "
                  "995000.0 pps)\n") != std::string::npos);
  CHECK(text.find("  NDR: the upper bound 1000000.0 pps comes from 2 trials") != std::string::npos);
  CHECK(text.find("trial 5 [main] 1000000.0 pps, 1 s: loss 100 %  TESTER-LIMITED 995 kpps\n"
                  "    counted as full loss (tester-limited); its counts give loss 0.25 %\n"
                  "    per direction: 0->1 0.5 % (0 lost, 5000 unsent); 1->0 0 %\n"
                  "    tester_limited: direction 0->1 sent 995000 of 1000000 intended frames\n") !=
        std::string::npos);
  CHECK(text.find("trial 3 [main] 900000.0 pps, 1 s: loss 0 %\ntrial 4") != std::string::npos);
  CHECK(text.rfind("job 3: finished\nmethod mlr, measurer sim, 6 trials, run 1 time(s)\n"
                   "created 2026-11-24T20:00:00.000Z\n",
                   0) == 0);
}

TEST_CASE("a watch trial event: the trial line and its notes stay, the bounds are a status") {
  const Json::Value trial = tester_limited_result()["result"]["trials"][4];
  Json::Value arguments(Json::objectValue);
  arguments["job"] = 3;
  arguments["trial_count"] = 5;
  arguments["trial"] = 5;
  arguments["duration"] = 1.0;
  for (const char* key : {"phase", "load", "loss_ratio", "measured_loss_ratio", "notes",
                          "directions", "tester_limited_pps", "counters"}) {
    arguments[key] = trial[key];
  }
  arguments["search_time"] = 5.0;
  arguments["search_time_limit"] = 1200.0;
  Json::Value progress(Json::objectValue);
  progress["label"] = "NDR\x1b[2J";
  progress["lower_bound"] = 9e5;
  progress["upper_bound"] = 1e6;
  progress["target_depth"] = 0;
  progress["done"] = true;
  arguments["goals"].append(progress);
  const WatchText text =
      format_watch_event(protocol::decode_watch_event("trial", document(arguments)));
  REQUIRE(text.lines.size() == 4);
  CHECK(text.lines[0] == "trial 5 [main] 1000000.0 pps, 1 s: loss 100 %  TESTER-LIMITED 995 kpps");
  CHECK(text.lines[3].rfind("    tester_limited: ", 0) == 0);
  CHECK(text.status == "  NDR\\x1b[2J [900000.0, 1000000.0] done; search time 5.0 of 1200 s");

  // Wider than 80 columns: cut at the goals, no line wider (it would wrap on a
  // terminal and the in-place redraw would leave the wrapped part behind).
  for (const char* label : {"PDR", "PDR-0.1%", "PDR-1%"}) {
    Json::Value more = progress;
    more["label"] = label;
    more["target_depth"] = 2;
    more["done"] = false;
    more["upper_bound"] = 14880952.0;
    arguments["goals"].append(more);
  }
  const WatchText wide =
      format_watch_event(protocol::decode_watch_event("trial", document(arguments)));
  CHECK(wide.status.find('\n') != std::string::npos);
  std::size_t start = 0;
  while (start <= wide.status.size()) {
    const std::size_t end = std::min(wide.status.find('\n', start), wide.status.size());
    CAPTURE(wide.status.substr(start, end - start));
    CHECK(end - start <= 80);
    CHECK(wide.status.substr(start, 2) == "  ");
    start = end + 1;
  }
  CHECK(wide.status.find("NDR\\x1b[2J [900000.0, 1000000.0] done; PDR [") != std::string::npos);
  CHECK(wide.status.find("search time 5.0 of 1200 s") != std::string::npos);
  arguments["goals"].resize(1);

  const WatchText end =
      format_watch_event(protocol::JobEndedEvent{3, protocol::JobState::finished, "", 0});
  CHECK(end.lines == std::vector<std::string>{"job 3 finished"});
  CHECK(end.status.empty());
}

TEST_CASE("simulate's and analyze's goal table say TESTER-LIMITED too") {
  std::vector<mlr::GoalResult> goals{goal("NDR", 9e5, 1e6), goal("PDR", 9e5, 9.5e5)};
  goals[0].tester_limit = mlr::TesterLimit{1, 990000.0};
  goals[1].irregularity = mlr::Irregularity::too_wide;
  goals[1].irregular_reason = "too wide";
  goals[1].tester_limit = mlr::TesterLimit{3, 940000.0};
  const std::string table = format_goal_table(goals);
  INFO(table);
  CHECK(table.find("TESTER-LIMITED (tester reached 990000.0 pps)\n") != std::string::npos);
  CHECK(table.find("TESTER-LIMITED (tester reached 940000.0 pps), irregular: too_wide\n") !=
        std::string::npos);
  CHECK(table.find("NDR: the upper bound 1000000.0 pps comes from 1 trial in which") !=
        std::string::npos);
  CHECK(table.find("PDR: too wide\n") != std::string::npos);
}

TEST_CASE("show of a soak says how its tester-limited trials stand against the estimate") {
  protocol::ShowReply show;
  show.job = job_summary(5, "plr", protocol::JobState::running);
  plr::PlrEstimate estimate;
  estimate.average_pps = 867800.0;
  estimate.stdev_pps = 450.0;
  show.estimate = std::optional(estimate);
  show.tester_limited = true;
  plr::PlrTesterLimit limit;
  limit.trials = 12;
  limit.reached_pps = 9e5;
  limit.trials_near_estimate = 0;
  limit.estimate_upper_end_pps = 868700.0;
  limit.trials_below_sut_loss = 12;
  show.tester_limit = limit;
  const std::string text = format_job(show);
  INFO(text);
  CHECK(text.find("from the stored trials: estimate 867800.0 pps +- 450.0") != std::string::npos);
  CHECK(text.find("tester: 12 tester-limited trials (counted as full loss; the tester reached at "
                  "most 900000.0 pps)\n  TESTER-LIMITED: the estimate may describe the tester, "
                  "not the SUT: 0 at or below the estimate's average + 2 stdev (868700.0 pps); "
                  "12 while the SUT itself never lost frames\n") != std::string::npos);
}

TEST_CASE("with a known line rate, bounds are also shown in % of line rate and Gbit/s L1") {
  Json::Value line_rate(Json::objectValue);
  line_rate["port_speed_gbps"] = 10.0;
  line_rate["frame_bytes"] = 64.0;
  line_rate["line_rate_pps"] = 10e9 / (84.0 * 8.0);
  protocol::ResultGoal ndr;
  ndr.name = "NDR";
  ndr.relevant_lower_bound_pps = 10e9 / (84.0 * 8.0) / 2.0;  // half of line rate
  const std::vector<protocol::ResultGoal> goals{ndr};
  const auto line_rate_facts = protocol::decode_line_rate_facts(line_rate, "line_rate");
  const std::string text = format_goal_line_rate(goals, line_rate_facts);
  CHECK(text.find("10.000 Gbit/s port, 64.0 B mean frame: 100 % = 14880952.4 frames/s") !=
        std::string::npos);
  CHECK(text.find("50.000") != std::string::npos);
  CHECK(text.find("5.0000") != std::string::npos);  // Gbit/s at L1
  CHECK(format_goal_line_rate(goals, std::nullopt).empty());
  CHECK(line_rate_suffix(1488095.238, line_rate_facts) ==
        " = 10.000 % of line rate, 1.0000 Gbit/s L1");
}
