// The replies and events that carry a job's trials and progress: each through its
// codec pair and back, and what a client makes of old or unexpected shapes.
#include "daemon/protocol/replies/job_replies_codec.hpp"

#include <doctest/doctest.h>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/events/event_codec.hpp"
#include "daemon/protocol/replies/job_progress_codec.hpp"
#include "daemon/protocol/replies/reply_codec.hpp"
#include "daemon/protocol/replies/result_document_codec.hpp"
#include "daemon/protocol/replies/trial_record_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::protocol {
namespace {

Json::Value parse(std::string_view json) { return codec::parse_strict_json(json, "test"); }

plr::PlrEstimate estimate() {
  plr::PlrEstimate value;
  value.log_center = 14.9;
  value.log_stdev = 0.01;
  value.average_pps = 3203296.2;
  value.stdev_pps = 1523.4;
  value.lower_pps = 3201772.8;
  value.upper_pps = 3204819.6;
  return value;
}

TrialRecord tester_limited_trial() {
  TrialRecord trial;
  trial.number = 12;
  trial.phase = "main";
  trial.load_pps = 1002064.4;
  trial.intended_duration_s = 1.0;
  trial.effective_duration_s = 1.25;
  trial.offered_count = 1500000;
  trial.loss_count = 1000;
  trial.intended_count = 2000000;
  trial.loss_ratio = 1.0;
  trial.measured_loss_ratio = 0.2505;
  trial.notes =
      measure::parse_notes({"tester_limited: direction 0->1 sent 500000 of 1000000 intended frames",
                            "repeated: measured again (attempt 2)"});
  trial.directions = {{"0->1", 1000000, 500000, 499000}, {"1->0", 1000000, 1000000, 1000000}};
  trial.tester_limited_pps = 500000.0;
  trial.counters = "flow_stats";
  measure::DirectionLatency latency;
  latency.name = "0->1";
  latency.sent = 1000;
  latency.received = 998;
  latency.summary.samples = 998;
  latency.summary.max_us = 48;
  latency.summary.mean_us = 14.0;
  latency.summary.p50_us = 12;
  latency.summary.p99_us = 24;
  latency.summary.method = measure::PercentileMethod::hdrh;
  trial.latency = {latency};
  trial.started_at_s = 11.5;
  trial.recorded_at = "2026-11-25T08:00:12.000Z";
  return trial;
}

JobSummary running_job() {
  JobSummary job;
  job.id = 7;
  job.name = "nightly/64";
  job.method = "mlr";
  job.measurer = "trex";
  job.state = JobState::running;
  job.created_at = "2026-11-25T08:00:00.000Z";
  job.started_at = "2026-11-25T08:00:01.000Z";
  job.run_count = 1;
  job.trial_count = 12;
  job.submitted_by = "uid 1000";
  job.profile = "ipv4-64B";
  job.daemon_version = "0.1.0";
  return job;
}

JobProgress progress() {
  JobProgress value;
  value.trial_count = 12;
  TrialRecord last = tester_limited_trial();
  last.offered_count.reset();
  last.loss_count.reset();
  last.intended_count.reset();
  last.recorded_at.reset();
  value.last_trial = last;
  value.goals = {{"NDR", 9e5, std::nullopt, 1, false}, {"PDR", 9.5e5, 1e6, 0, true}};
  value.search_time_limit_s = 600.0;
  return value;
}

// Encoded, decoded and encoded again: the same JSON both times.
template <class T, class Encode, class Decode>
void check_round_trip(const T& value, Encode encode, Decode decode) {
  const Json::Value first = encode(value);
  const Json::Value second = encode(decode(first));
  CHECK(codec::to_compact_json(second) == codec::to_compact_json(first));
}

}  // namespace

TEST_CASE("a trial record round-trips every key, counts and latency included") {
  const auto encode = [](const TrialRecord& trial) { return encode_trial_record(trial); };
  const auto decode = [](const Json::Value& json) { return decode_trial_record(json, "trial"); };
  check_round_trip(tester_limited_trial(), encode, decode);
  TrialRecord plr = tester_limited_trial();
  plr.phase.clear();
  plr.estimate = std::optional(estimate());
  check_round_trip(plr, encode, decode);
  plr.estimate = std::optional<plr::PlrEstimate>();
  check_round_trip(plr, encode, decode);
  const TrialRecord decoded = decode(encode(tester_limited_trial()));
  CHECK(decoded.directions[0].unsent() == 500000);
  CHECK(decoded.latency[0].summary.p99_us == 24u);
  CHECK(decoded.notes.size() == 2);
}

TEST_CASE("a result's trial of any age decodes: only number, load, durations and loss are needed") {
  // An MLR result stored before counts, notes and directions were recorded.
  const TrialRecord old = decode_trial_record(
      parse(R"({"number": 3, "phase": "main", "load": 1e6, "intended_duration": 1,
                 "effective_duration": 1, "loss_ratio": 0.5, "started_at": 2})"),
      "result.trials[2]");
  CHECK(old.loss_ratio == 0.5);
  CHECK_FALSE(old.measured_loss_ratio.has_value());
  CHECK(old.notes.empty());
  // A PLR trial's fits and a soak trial's receive rate are passed over.
  const TrialRecord plr = decode_trial_record(
      parse(R"({"number": 1, "load": 2e6, "intended_duration": 60, "loss_ratio": 0,
                 "fits": {"erf": {}}, "lossy": false, "receive_rate": 2e6, "notes": []})"),
      "result.trials[0]");
  CHECK(plr.phase.empty());
  CHECK_THROWS_WITH_AS(decode_trial_record(parse(R"({"number": 1, "intended_duration": 1,
                                                     "loss_ratio": 0})"),
                                           "result.trials[0]"),
                       doctest::Contains("result.trials[0].load"), measure::ConfigError);
  CHECK_THROWS_WITH_AS(
      decode_trial_records(parse(R"([{"number": 1, "load": 1, "intended_duration": 1,
                                      "loss_ratio": 0, "notes": [3]}])"),
                           "result.trials"),
      doctest::Contains("result.trials[0].notes[0]"), measure::ConfigError);
}

TEST_CASE("job progress round-trips, its last trial without counts") {
  const auto encode = [](const JobProgress& value) { return encode_job_progress(value); };
  const auto decode = [](const Json::Value& json) { return decode_job_progress(json, "progress"); };
  check_round_trip(progress(), encode, decode);
  JobProgress plr;
  plr.trial_count = 0;
  plr.estimate = estimate();
  check_round_trip(plr, encode, decode);
  const JobProgress decoded = decode(encode(progress()));
  CHECK(decoded.goals == progress().goals);
  CHECK(decoded.last_trial->effective_duration_s == 1.25);
  CHECK_FALSE(decoded.last_trial->offered_count.has_value());
}

TEST_CASE("the trial event round-trips and a client tells the events apart") {
  TrialEvent event;
  event.job = 7;
  event.trial_count = 12;
  event.trial = progress().last_trial;
  event.trial->started_at_s.reset();
  event.trial->effective_duration_s.reset();
  event.search_time_s = 12.75;
  event.goals = progress().goals;
  event.search_time_limit_s = 600.0;
  event.skipped_trial_events = 3;
  const Document arguments = encode_event_arguments(event);
  const WatchEvent decoded = decode_watch_event("trial", arguments);
  REQUIRE(std::holds_alternative<TrialEvent>(decoded));
  CHECK(encode_event_arguments(std::get<TrialEvent>(decoded)) == arguments);
  CHECK(json_of(arguments)["duration"].asDouble() == 1.0);
  CHECK(json_of(arguments)["trial"].asUInt64() == 12);
  CHECK(std::get<JobStartedEvent>(
            decode_watch_event("job.started", encode_event_arguments(JobStartedEvent{7, 2}))) ==
        JobStartedEvent{7, 2});
  CHECK(std::get<OtherEvent>(decode_watch_event(
            "job.paused", make_document(parse(R"({"skipped_trial_events": 4})")))) ==
        OtherEvent{"job.paused", 4});
}

TEST_CASE("show and watch replies round-trip, bounds, PLR parts and trials included") {
  const auto encode = [](const ShowReply& reply) { return json_of(encode_reply(reply)); };
  const auto decode = [](const Json::Value& json) {
    return decode_reply<ShowReply>(make_document(json));
  };
  ShowReply running;
  running.job = running_job();
  running.spec = make_document(parse(R"({"spec": {"goals": []}, "measurer": "sim"})"));
  running.progress = progress();
  running.trials = std::vector<TrialRecord>{tester_limited_trial()};
  check_round_trip(running, encode, decode);
  ShowReply finished = running;
  finished.job.state = JobState::finished;
  finished.progress.reset();
  finished.bounds = std::vector<GoalBounds>{
      {"NDR", 9e5, 1e6, true, "", mlr::TesterLimit{2, 950000.0}, false},
      {"PDR", std::nullopt, std::nullopt, false, "no_lower_bound", std::nullopt, false}};
  finished.line_rate = std::optional(LineRateFacts{10.0, 64.0, 14880952.38});
  finished.trials.reset();
  check_round_trip(finished, encode, decode);
  ShowReply soak = running;
  soak.progress.reset();
  soak.queue_position = 2;
  soak.estimate = std::optional<plr::PlrEstimate>();
  plr::PlrTesterLimit limit;
  limit.trials = 3;
  limit.reached_pps = 2.5e6;
  limit.trials_near_estimate = 1;
  soak.tester_limit = limit;
  soak.tester_limited = true;
  soak.fixed_load = decode_fixed_load_view(
      parse(R"({"load": 1e6, "totals": {"trial_count": 3}, "tester_limited": false})"),
      "fixed_load");
  soak.line_rate = std::optional<LineRateFacts>();
  check_round_trip(soak, encode, decode);
  const ShowReply decoded = decode(encode(soak));
  CHECK(decoded.tester_limit->reached_pps == 2.5e6);
  CHECK(decoded.queue_position == 2u);
  CHECK_FALSE(decoded.trials->empty());
  CHECK(decoded.fixed_load->trial_count == 3);

  const auto encode_watch = [](const WatchReply& reply) { return json_of(encode_reply(reply)); };
  const auto decode_watch = [](const Json::Value& json) {
    return decode_reply<WatchReply>(make_document(json));
  };
  check_round_trip(WatchReply{running_job(), progress(), false}, encode_watch, decode_watch);
  check_round_trip(WatchReply{running_job(), std::nullopt, true}, encode_watch, decode_watch);
  CHECK_THROWS_WITH_AS(decode_watch(parse(R"({"job": {}, "ended": true})")),
                       doctest::Contains("arguments.job.id"), measure::ConfigError);
}

TEST_CASE("a result reply passes its document on whole and reads it by the job's method") {
  const Json::Value mlr = parse(R"({
      "stop_reason": "fail_fast", "stop_detail": "NDR: min load is an upper bound",
      "totals": {"trial_count": 1, "effective_duration_sum": 1, "search_duration": 2.5},
      "goals": [{"name": "NDR", "relevant_lower_bound": null, "relevant_upper_bound": 1e5,
                 "conditional_throughput": null, "regular": false,
                 "irregular_reason": "min_load_is_upper_bound",
                 "tester_limited": {"trials": 1, "reached_pps": 9e4}, "clean": false,
                 "goal": {"loss_ratio": 0, "exceed_ratio": 0.5, "relative_width": 0.005},
                 "loads": []}],
      "trials": [{"number": 1, "phase": "main", "load": 1e5, "intended_duration": 1,
                  "effective_duration": 1, "loss_ratio": 1, "started_at": 1.5,
                  "future_key": true}],
      "a_key_from_a_newer_daemon": [1, 2]})");
  ResultReply reply;
  reply.job = running_job();
  reply.job.state = JobState::finished;
  reply.result = decode_result_document(mlr, "mlr", "result");
  reply.line_rate = LineRateFacts{10.0, 64.0, 14880952.38};
  const Document arguments = encode_reply(reply);
  CHECK(json_of(arguments)["result"] == mlr);
  const ResultReply decoded = decode_reply<ResultReply>(arguments);
  CHECK(encode_reply(decoded) == arguments);
  const auto& view = std::get<MlrResultView>(decoded.result.view);
  CHECK(view.stop_reason == "fail_fast");
  CHECK(view.totals.duration_s == 2.5);
  REQUIRE(view.goals.size() == 1);
  CHECK_FALSE(view.goals[0].regular);
  CHECK(view.goals[0].irregular_reason == "min_load_is_upper_bound");
  CHECK(view.goals[0].tester_limited->reached_pps == 9e4);
  CHECK(view.trials.at(0).started_at_s == 1.5);
  INFO(view.search_unreadable);
  REQUIRE(view.search.has_value());
  CHECK(view.search->trials.size() == 1);
  CHECK(decoded.line_rate == reply.line_rate);
}

TEST_CASE("old and partial result documents read; a mistyped key is named with its path") {
  // A PLR result stored before tester limits, trends and log-space values.
  const ResultDocument plr =
      decode_result_document(parse(R"({"stop_reason": "time_budget", "totals": {"trial_count": 2},
                 "estimate": {"average": 1e6, "stdev": 1e4, "lower": 9.9e5, "upper": 1.01e6},
                 "trials": []})"),
                             "plr", "result");
  const auto& view = std::get<PlrResultView>(plr.view);
  CHECK(view.estimate->average_pps == 1e6);
  CHECK_FALSE(view.tester_limited.has_value());
  CHECK_FALSE(view.trend.has_value());
  // An MLR document the domain decoder cannot read still gives its goals and trials.
  const ResultDocument mlr = decode_result_document(
      parse(R"({"goals": [{"name": "NDR", "regular": true}]})"), "mlr", "result");
  const auto& mlr_view = std::get<MlrResultView>(mlr.view);
  CHECK(mlr_view.goals.at(0).name == "NDR");
  CHECK_FALSE(mlr_view.search.has_value());
  CHECK(mlr_view.search_unreadable.find("result.goals[0].goal") != std::string::npos);
  const ResultDocument soak = decode_result_document(
      parse(R"({"load": 1e6, "receive_rate": null, "threshold": {"loss_ratio": 1e-6,
                 "action": "stop", "intervals_over": 2, "first_over": 7}})"),
      "soak", "result");
  const auto& soak_view = std::get<FixedLoadView>(soak.view);
  CHECK_FALSE(soak_view.receive_rate.has_value());
  CHECK(soak_view.threshold->first_over == 7u);
  CHECK_THROWS_WITH_AS(
      decode_result_document(parse(R"({"totals": {"trial_count": "2"}})"), "mrr", "result"),
      doctest::Contains("result.totals.trial_count"), measure::ConfigError);
}

TEST_CASE("an analyze reply round-trips each goal result, its loads and tester limit included") {
  mlr::GoalResult ndr;
  ndr.label = "NDR";
  ndr.goal.name = "NDR";
  ndr.relevant_lower_bound_pps = 9e5;
  ndr.relevant_upper_bound_pps = 1e6;
  ndr.conditional_throughput_pps = 9.1e5;
  ndr.tester_limit = mlr::TesterLimit{2, 995000.0};
  mlr::LoadAnalysis load;
  load.load_pps = 1e6;
  load.classification = mlr::LoadClass::upper_bound;
  load.trial_count = 3;
  load.sums.full_length_high_loss = measure::Seconds{3.0};
  ndr.loads = {load};
  mlr::GoalResult pdr;
  pdr.label = "PDR";
  pdr.irregularity = mlr::Irregularity::no_upper_bound;
  pdr.irregular_reason = "max load is a lower bound";
  const AnalyzeReply reply{7, 41, {ndr, pdr}};
  const Document arguments = encode_reply(reply);
  const AnalyzeReply decoded = decode_reply<AnalyzeReply>(arguments);
  CHECK(encode_reply(decoded) == arguments);
  CHECK(decoded.trial_count == 41);
  REQUIRE(decoded.goals.size() == 2);
  CHECK(decoded.goals[0].loads.at(0).classification == mlr::LoadClass::upper_bound);
  CHECK(decoded.goals[1].irregularity == mlr::Irregularity::no_upper_bound);
  CHECK_THROWS_WITH_AS(decode_reply<AnalyzeReply>(make_document(
                           parse(R"({"job": 7, "trial_count": 1, "goals": [{"name": "NDR"}]})"))),
                       doctest::Contains("arguments.goals[0]"), measure::ConfigError);
}

TEST_CASE("a result reply passes the stored document on, and reads back to the same") {
  // The daemon fills the protocol's ResultReply with the stored document unread; the
  // protocol writes it, and a client's reading of it writes back the same bytes.
  ResultReply reply;
  reply.job.id = 9;
  reply.job.method = "plr";
  reply.job.measurer = "trex";
  reply.job.state = JobState::finished;
  reply.job.trex_version = "v3.08";
  reply.result = ResultDocument{
      make_document(parse(R"({"stop_reason": "time_budget", "totals": {"trial_count": 0},
                          "estimate": null, "trend": null, "tester_limited": false,
                          "tester_limit": {"trials": 0}, "trials": [], "extra": {"a": 1}})")),
      MlrResultView{}};
  reply.line_rate = LineRateFacts{25.0, 128.0, 25e9 / (128.0 + 20.0) / 8.0};
  const Document written = encode_reply(reply);
  CHECK(json_of(written)["result"]["extra"]["a"].asInt() == 1);
  const ResultReply decoded = decode_reply<ResultReply>(written);
  CHECK(codec::to_compact_json(json_of(encode_reply(decoded))) ==
        codec::to_compact_json(json_of(written)));
  CHECK(decoded.job.id == 9);
  CHECK(decoded.line_rate->port_speed_gbps == 25.0);
  CHECK(std::get<PlrResultView>(decoded.result.view).tester_limited == false);
}

}  // namespace trexsearch::protocol
