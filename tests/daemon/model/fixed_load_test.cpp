// MRR and soak specs (decoding, errors) and their results (summarize_fixed_load).
#include <doctest/doctest.h>

#include <cmath>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/model/fixed_load_result.hpp"
#include "daemon/model/protocol_records.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/protocol/replies/result_document_codec.hpp"
#include "daemon/spec/fixed_load_codec.hpp"
#include "daemon/spec/job_spec_codec.hpp"

namespace trexsearch::service {
namespace {

Json::Value json(std::string_view text) { return codec::parse_strict_json(text, "test"); }

constexpr std::string_view kSim = R"("measurer": {"kind": "sim", "model": "sharp",
    "options": {"capacity_pps": 1e6}})";

JobSpec decode(const std::string& method, const std::string& spec) {
  return decode_job_spec(
      json("{\"method\": \"" + method + "\", \"spec\": " + spec + ", " + std::string(kSim) + "}"));
}

std::string error_of(const std::string& method, const std::string& spec,
                     const std::string& extra = "") {
  try {
    decode_job_spec(json("{\"method\": \"" + method + "\", \"spec\": " + spec + ", " +
                         std::string(kSim) + extra + "}"));
  } catch (const RequestError& error) {
    CHECK(error.code() == ResultCode::bad_request);
    return error.what();
  }
  FAIL("expected an error for " << spec);
  return "";
}

// A bidirectional trial: each direction offered `offered`, received `received`.
StoredTrial trial(std::size_t number, std::int64_t offered, std::int64_t received,
                  double duration_s = 1.0, std::optional<double> tester_limited_pps = {}) {
  StoredTrial stored;
  stored.number = number;
  stored.trial.intended_load_pps = 1e6;
  stored.trial.intended_duration = measure::Seconds{duration_s};
  measure::TrialOutcome& outcome = stored.trial.outcome;
  outcome.directions = {{"0->1", offered, offered, received}, {"1->0", offered, offered, received}};
  outcome.offered_count = 2 * offered;
  outcome.loss_count = 2 * (offered - received);
  outcome.tester_limited_pps = tester_limited_pps;
  outcome.counters = "flow_stats";
  return stored;
}

}  // namespace

TEST_CASE("an MRR spec takes CSIT's defaults, 10 trials of 1 s, and round-trips") {
  const JobSpec spec = decode("mrr", R"({"load": 2e6})");
  CHECK(spec.method == SearchMethod::mrr);
  CHECK(spec.mrr.load_pps == 2e6);
  CHECK(spec.mrr.trial_count == 10);
  CHECK(spec.mrr.trial_duration == measure::Seconds{1.0});
  const Json::Value canonical = encode_job_spec(spec);
  CHECK(canonical["method"].asString() == "mrr");
  CHECK(encode_job_spec(decode_job_spec(canonical)) == canonical);
  const FixedLoadPlan plan = fixed_load_plan(spec);
  CHECK(plan.trial_count == 10);
  CHECK_FALSE(plan.loss_ratio_threshold.has_value());
}

TEST_CASE("a soak spec counts its intervals, rounding up, and keeps its threshold action") {
  const JobSpec spec = decode(
      "soak", R"({"load": 5e5, "interval": 60, "duration": 1800, "loss_ratio_threshold": 1e-6,
                  "on_threshold": "flag"})");
  CHECK(spec.method == SearchMethod::soak);
  CHECK(spec.soak.interval_count() == 30);
  const FixedLoadPlan plan = fixed_load_plan(spec);
  CHECK(plan.trial_count == 30);
  CHECK(plan.loss_ratio_threshold == 1e-6);
  CHECK_FALSE(plan.stop_on_threshold);
  CHECK(decode("soak", R"({"load": 5e5, "interval": 60, "duration": 61})").soak.interval_count() ==
        2);
  const JobSpec defaults = decode("soak", R"({"load": 5e5})");
  CHECK(defaults.soak.on_threshold == SoakAction::stop);
  CHECK(defaults.soak.loss_ratio_threshold == 0.0);
  const Json::Value canonical = encode_job_spec(spec);
  CHECK(encode_job_spec(decode_job_spec(canonical)) == canonical);
}

TEST_CASE("bad MRR and soak specs are refused naming the field and its value") {
  CHECK(error_of("mrr", "{}").find("spec.load") == 0);
  CHECK(error_of("mrr", R"({"load": -1})").find("spec.load = -1") == 0);
  CHECK(error_of("mrr", R"({"load": 1e6, "trials": 0})").find("spec.trials = 0") == 0);
  CHECK(error_of("mrr", R"({"load": 1e6, "trials": 2.5})").find("spec.trials = 2.5") == 0);
  CHECK(error_of("mrr", R"({"load": 1e6, "trial_duration": 0})").find("spec.trial_duration = 0") ==
        0);
  CHECK(error_of("mrr", R"({"load": 1e6, "goals": []})").find("spec.goals") != std::string::npos);
  CHECK(error_of("soak", R"({"load": 1e6, "interval": 60, "duration": 30})")
            .find("spec.duration = 30") == 0);
  CHECK(error_of("soak", R"({"load": 1e6, "on_threshold": "panic"})")
            .find("spec.on_threshold = \"panic\": must be \"stop\" or \"flag\"") == 0);
  CHECK(error_of("soak", R"({"load": 1e6, "loss_ratio_threshold": 1})")
            .find("spec.loss_ratio_threshold = 1") == 0);
  CHECK(error_of("mrr", R"({"load": 1e6})", R"(, "latency": true)").find("latency") == 0);
  CHECK(error_of("warp", R"({"load": 1e6})").find("method = \"warp\"") == 0);
}

TEST_CASE("an MRR result gives each trial's receive rate and their mean and population stdev") {
  const FixedLoadPlan plan = plan_of(MrrSpec{1e6, measure::Seconds{2.0}, 3});
  // Received per direction in 2 s: 1.0, 1.2 and 1.4 Mframes -> 0.5, 0.6, 0.7 Mpps.
  const std::vector<StoredTrial> trials{trial(1, 2'000'000, 1'000'000, 2.0),
                                        trial(2, 2'000'000, 1'200'000, 2.0),
                                        trial(3, 2'000'000, 1'400'000, 2.0)};
  const FixedLoadResult result = summarize_fixed_load(plan, trials, FixedLoadStop::completed, "");
  REQUIRE(result.trials.size() == 3);
  CHECK(result.trials[0].receive_rate_pps == doctest::Approx(1.0e6));
  CHECK(result.trials[2].direction_receive_rates_pps[1] == doctest::Approx(0.7e6));
  REQUIRE(result.receive_rate.has_value());
  CHECK(result.receive_rate->mean_pps == doctest::Approx(1.2e6));
  // Population stdev of 1.0, 1.2, 1.4 Mpps: sqrt(0.08/3) Mpps.
  CHECK(result.receive_rate->stdev_pps == doctest::Approx(std::sqrt(0.08 / 3.0) * 1e6));
  CHECK(result.receive_rate->min_pps == doctest::Approx(1.0e6));
  CHECK(result.receive_rate->max_pps == doctest::Approx(1.4e6));
  REQUIRE(result.directions.size() == 2);
  CHECK(result.directions[0].direction == "0->1");
  CHECK(result.directions[0].receive_rate.mean_pps == doctest::Approx(0.6e6));
  CHECK_FALSE(result.tester_limited());
  CHECK(result.counters == std::vector<std::string>{"flow_stats"});
  // Lost per direction: 1.0 + 0.8 + 0.6 of 3 x 2.0 Mframes.
  CHECK(result.sut_loss_ratio == doctest::Approx(2.4 / 6.0));
}

TEST_CASE("a tester-limited trial makes the MRR result not clean, with the lowest rate reached") {
  const FixedLoadPlan plan = plan_of(MrrSpec{1e6, measure::Seconds{1.0}, 3});
  const std::vector<StoredTrial> trials{trial(1, 1'000'000, 1'000'000),
                                        trial(2, 900'000, 900'000, 1.0, 9e5),
                                        trial(3, 800'000, 800'000, 1.0, 8e5)};
  const FixedLoadResult result = summarize_fixed_load(plan, trials, FixedLoadStop::completed, "");
  CHECK(result.tester_limited());
  CHECK(result.tester_limited_trials == 2);
  CHECK(result.tester_reached_pps == 8e5);
  CHECK(result.trials[1].tester_limited);
  CHECK_FALSE(result.trials[0].tester_limited);
}

TEST_CASE("soak intervals above the loss ratio threshold are counted, the first one named") {
  SoakSpec soak;
  soak.load_pps = 1e6;
  soak.duration = measure::Seconds{180.0};
  soak.loss_ratio_threshold = 0.01;
  const FixedLoadPlan plan = plan_of(soak);
  // 0 %, 2 % and exactly 1 % lost: only the 2 % interval is above the threshold.
  const std::vector<StoredTrial> trials{trial(1, 1000, 1000, 60.0), trial(2, 1000, 980, 60.0),
                                        trial(3, 1000, 990, 60.0)};
  const FixedLoadResult result = summarize_fixed_load(plan, trials, FixedLoadStop::completed, "");
  CHECK(result.intervals_over_threshold == 1);
  CHECK(result.first_over_threshold == 2);
  CHECK(result.trials[1].over_threshold);
  CHECK_FALSE(result.trials[2].over_threshold);
  CHECK(over_threshold(plan, trials[1]));
  CHECK_FALSE(over_threshold(plan_of(MrrSpec{}), trials[1]));
}

TEST_CASE("a fixed-load result of no trials has no receive rate rather than a zero one") {
  const FixedLoadResult result =
      summarize_fixed_load(plan_of(MrrSpec{}), {}, FixedLoadStop::cancelled, "");
  CHECK_FALSE(result.receive_rate.has_value());
  CHECK(result.directions.empty());
}

// The stored MRR/soak result document, byte for byte as it was written before the
// protocol's FixedLoadView became its one writer (issue #27): stored rows and `result`
// replies must not change.
std::vector<FixedLoadResult> pinned_results() {
  SoakSpec soak;
  soak.load_pps = 1e6;
  soak.duration = measure::Seconds{180.0};
  soak.loss_ratio_threshold = 0.01;
  const std::vector<StoredTrial> soak_trials{
      trial(1, 1000, 1000, 60.0), trial(2, 1000, 980, 60.0, 9e5), trial(3, 1000, 990, 60.0)};
  const std::vector<StoredTrial> mrr_trials{trial(1, 1'000'000, 1'000'000),
                                            trial(2, 900'000, 800'000, 1.0, 9e5)};
  return {summarize_fixed_load(plan_of(soak), soak_trials, FixedLoadStop::loss_threshold,
                               "interval 2 lost 2%"),
          summarize_fixed_load(plan_of(MrrSpec{1e6, measure::Seconds{1.0}, 3}), mrr_trials,
                               FixedLoadStop::completed, ""),
          summarize_fixed_load(plan_of(MrrSpec{}), {}, FixedLoadStop::cancelled, "by me")};
}

const char* const kPinnedDocuments[] = {
    R"json({"counters":["flow_stats"],"directions":[{"direction":"0->1","max":16.6666666666)json"
    R"json(66668,"mean":16.5,"min":16.333333333333332,"stdev":0.1360827634879553},{"directi)json"
    R"json(on":"1->0","max":16.666666666666668,"mean":16.5,"min":16.333333333333332,"stdev")json"
    R"json(:0.1360827634879553}],"load":1000000.0,"rate_basis":"received frames / intended )json"
    R"json(trial duration; stdev over trials (population)","receive_rate":{"max":33.3333333)json"
    R"json(33333336,"mean":33.0,"min":32.666666666666664,"stdev":0.2721655269759106},"stop_)json"
    R"json(detail":"interval 2 lost 2%","stop_reason":"loss_threshold","sut_loss_ratio":0.0)json"
    R"json(1,"tester_limit":{"reached_pps":900000.0,"trials":1},"tester_limited":true,"thre)json"
    R"json(shold":{"action":"stop","first_over":2,"intervals_over":1,"loss_ratio":0.01},"to)json"
    R"json(tals":{"effective_duration_sum":180.0,"trial_count":3},"trial_duration":60.0,"tr)json"
    R"json(ials":[{"counters":"flow_stats","direction_receive_rates":[16.666666666666668,16)json"
    R"json(.666666666666668],"directions":[{"direction":"0->1","intended":1000,"loss":0,"lo)json"
    R"json(ss_ratio":0.0,"offered":1000,"received":1000,"unsent":0},{"direction":"1->0","in)json"
    R"json(tended":1000,"loss":0,"loss_ratio":0.0,"offered":1000,"received":1000,"unsent":0)json"
    R"json(}],"effective_duration":null,"intended_count":null,"intended_duration":60.0,"loa)json"
    R"json(d":1000000.0,"loss_count":0,"loss_ratio":0.0,"measured_loss_ratio":0.0,"notes":[)json"
    R"json(],"number":1,"offered_count":2000,"over_threshold":false,"phase":"main","receive)json"
    R"json(_rate":33.333333333333336,"recorded_at":"1970-01-01T00:00:00.000Z","started_at":)json"
    R"json(0.0,"sut_loss_ratio":0.0},{"counters":"flow_stats","direction_receive_rates":[16)json"
    R"json(.333333333333332,16.333333333333332],"directions":[{"direction":"0->1","intended)json"
    R"json(":1000,"loss":20,"loss_ratio":0.02,"offered":1000,"received":980,"unsent":0},{"d)json"
    R"json(irection":"1->0","intended":1000,"loss":20,"loss_ratio":0.02,"offered":1000,"rec)json"
    R"json(eived":980,"unsent":0}],"effective_duration":null,"intended_count":null,"intende)json"
    R"json(d_duration":60.0,"load":1000000.0,"loss_count":40,"loss_ratio":0.0,"measured_los)json"
    R"json(s_ratio":0.02,"notes":[],"number":2,"offered_count":2000,"over_threshold":true,")json"
    R"json(phase":"main","receive_rate":32.666666666666664,"recorded_at":"1970-01-01T00:00:)json"
    R"json(00.000Z","started_at":0.0,"sut_loss_ratio":0.02,"tester_limited_pps":900000.0},{)json"
    R"json("counters":"flow_stats","direction_receive_rates":[16.5,16.5],"directions":[{"di)json"
    R"json(rection":"0->1","intended":1000,"loss":10,"loss_ratio":0.01,"offered":1000,"rece)json"
    R"json(ived":990,"unsent":0},{"direction":"1->0","intended":1000,"loss":10,"loss_ratio")json"
    R"json(:0.01,"offered":1000,"received":990,"unsent":0}],"effective_duration":null,"inte)json"
    R"json(nded_count":null,"intended_duration":60.0,"load":1000000.0,"loss_count":20,"loss)json"
    R"json(_ratio":0.0,"measured_loss_ratio":0.01,"notes":[],"number":3,"offered_count":200)json"
    R"json(0,"over_threshold":false,"phase":"main","receive_rate":33.0,"recorded_at":"1970-)json"
    R"json(01-01T00:00:00.000Z","started_at":0.0,"sut_loss_ratio":0.01}],"trials_planned":3)json"
    R"json(})json",
    R"json({"counters":["flow_stats"],"directions":[{"direction":"0->1","max":1000000.0,"me)json"
    R"json(an":900000.0,"min":800000.0,"stdev":100000.0},{"direction":"1->0","max":1000000.)json"
    R"json(0,"mean":900000.0,"min":800000.0,"stdev":100000.0}],"load":1000000.0,"rate_basis)json"
    R"json(":"received frames / intended trial duration; stdev over trials (population)","r)json"
    R"json(eceive_rate":{"max":2000000.0,"mean":1800000.0,"min":1600000.0,"stdev":200000.0})json"
    R"json(,"stop_detail":"","stop_reason":"completed","sut_loss_ratio":0.05263157894736842)json"
    R"json(,"tester_limit":{"reached_pps":900000.0,"trials":1},"tester_limited":true,"total)json"
    R"json(s":{"effective_duration_sum":2.0,"trial_count":2},"trial_duration":1.0,"trials":)json"
    R"json([{"counters":"flow_stats","direction_receive_rates":[1000000.0,1000000.0],"direc)json"
    R"json(tions":[{"direction":"0->1","intended":1000000,"loss":0,"loss_ratio":0.0,"offere)json"
    R"json(d":1000000,"received":1000000,"unsent":0},{"direction":"1->0","intended":1000000)json"
    R"json(,"loss":0,"loss_ratio":0.0,"offered":1000000,"received":1000000,"unsent":0}],"ef)json"
    R"json(fective_duration":null,"intended_count":null,"intended_duration":1.0,"load":1000)json"
    R"json(000.0,"loss_count":0,"loss_ratio":0.0,"measured_loss_ratio":0.0,"notes":[],"numb)json"
    R"json(er":1,"offered_count":2000000,"phase":"main","receive_rate":2000000.0,"recorded_)json"
    R"json(at":"1970-01-01T00:00:00.000Z","started_at":0.0,"sut_loss_ratio":0.0},{"counters)json"
    R"json(":"flow_stats","direction_receive_rates":[800000.0,800000.0],"directions":[{"dir)json"
    R"json(ection":"0->1","intended":900000,"loss":100000,"loss_ratio":0.1111111111111111,")json"
    R"json(offered":900000,"received":800000,"unsent":0},{"direction":"1->0","intended":900)json"
    R"json(000,"loss":100000,"loss_ratio":0.1111111111111111,"offered":900000,"received":80)json"
    R"json(0000,"unsent":0}],"effective_duration":null,"intended_count":null,"intended_dura)json"
    R"json(tion":1.0,"load":1000000.0,"loss_count":200000,"loss_ratio":0.0,"measured_loss_r)json"
    R"json(atio":0.1111111111111111,"notes":[],"number":2,"offered_count":1800000,"phase":")json"
    R"json(main","receive_rate":1600000.0,"recorded_at":"1970-01-01T00:00:00.000Z","started)json"
    R"json(_at":0.0,"sut_loss_ratio":0.1111111111111111,"tester_limited_pps":900000.0}],"tr)json"
    R"json(ials_planned":3})json",
    R"json({"counters":[],"directions":[],"load":0.0,"rate_basis":"received frames / intend)json"
    R"json(ed trial duration; stdev over trials (population)","receive_rate":null,"stop_det)json"
    R"json(ail":"by me","stop_reason":"cancelled","sut_loss_ratio":0.0,"tester_limit":{"rea)json"
    R"json(ched_pps":null,"trials":0},"tester_limited":false,"totals":{"effective_duration_)json"
    R"json(sum":0.0,"trial_count":0},"trial_duration":1.0,"trials":[],"trials_planned":10})json",
};

TEST_CASE("the stored MRR and soak result documents keep their bytes") {
  const std::vector<FixedLoadResult> results = pinned_results();
  REQUIRE(results.size() == std::size(kPinnedDocuments));
  for (std::size_t i = 0; i < results.size(); ++i) {
    CAPTURE(i);
    CHECK(codec::to_compact_json(encode_fixed_load_result(results[i])) == kPinnedDocuments[i]);
  }
}

TEST_CASE(
    "show's fixed_load is the stored document without trials and stop fields, byte for byte") {
  const std::vector<FixedLoadResult> results = pinned_results();
  for (std::size_t i = 0; i < results.size(); ++i) {
    CAPTURE(i);
    Json::Value expected = json(kPinnedDocuments[i]);
    for (const char* key : {"trials", "stop_reason", "stop_detail"}) expected.removeMember(key);
    const protocol::FixedLoadView view = fixed_load_view_of(results[i]);
    CHECK(codec::to_compact_json(protocol::encode_fixed_load_summary(view)) ==
          codec::to_compact_json(expected));
    // A client's reading of the document writes it back the same.
    const protocol::FixedLoadView read =
        protocol::decode_fixed_load_view(json(kPinnedDocuments[i]), "result");
    CHECK(codec::to_compact_json(protocol::encode_fixed_load_document(read)) ==
          kPinnedDocuments[i]);
  }
}

}  // namespace trexsearch::service
