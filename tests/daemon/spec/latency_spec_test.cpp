#include <doctest/doctest.h>

#include <string>

#include "daemon/codec/strict_json.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/spec/job_spec_codec.hpp"

namespace trexsearch::service {
namespace {

const std::string kGoals =
    R"("spec": {"goals": [{"name": "NDR", "loss_ratio": 0}, {"name": "PDR", "loss_ratio": 0.005}]},
       "measurer": {"kind": "sim", "model": "sharp"})";

JobSpec decode(const std::string& latency, const std::string& method = "mlr") {
  const std::string text =
      "{\"method\": \"" + method + "\", " +
      (method == "plr" ? std::string(R"("spec": {}, "measurer": {"kind": "sim", "model": "sharp"})")
                       : kGoals) +
      (latency.empty() ? "" : ", \"latency\": " + latency) + "}";
  return decode_job_spec(codec::parse_strict_json(text, "test"));
}

std::string error_of(const std::string& latency, const std::string& method = "mlr") {
  try {
    decode(latency, method);
  } catch (const RequestError& error) {
    CHECK(error.code() == ResultCode::bad_request);
    return error.what();
  }
  FAIL("accepted latency " << latency);
  return "";
}

JobSpec round_trip(const JobSpec& spec) { return decode_job_spec(encode_job_spec(spec)); }

}  // namespace

TEST_CASE("no latency key: automatic, CSIT's fractions, and nothing written to the store") {
  const JobSpec spec = decode("");
  CHECK(spec.latency_mode == LatencyMode::automatic);
  CHECK(spec.latency.fractions == std::vector<double>{0.0, 0.1, 0.5, 0.9});
  CHECK(spec.latency.goals.empty());
  CHECK_FALSE(spec.latency.duration);
  CHECK_FALSE(spec.latency.every_trial);
  CHECK_FALSE(encode_job_spec(spec).isMember("latency"));
  CHECK(round_trip(spec).latency_mode == LatencyMode::automatic);
}

TEST_CASE("a latency section decodes, sorts its fractions and round-trips canonically") {
  const JobSpec spec = decode(
      R"({"fractions": [0.9, 0.5, 0.1, 0], "goals": ["NDR", "PDR"], "duration": 5,
          "every_trial": true})");
  CHECK(spec.latency_mode == LatencyMode::on);
  CHECK(spec.latency.fractions == std::vector<double>{0.0, 0.1, 0.5, 0.9});
  CHECK(spec.latency.goals == std::vector<std::string>{"NDR", "PDR"});
  CHECK(spec.latency.duration == measure::Seconds{5.0});
  CHECK(spec.latency.every_trial);
  const JobSpec again = round_trip(spec);
  CHECK(again.latency_mode == LatencyMode::on);
  CHECK(again.latency.fractions == spec.latency.fractions);
  CHECK(again.latency.goals == spec.latency.goals);
  CHECK(again.latency.duration == spec.latency.duration);
  CHECK(again.latency.every_trial);
  CHECK(decode("true").latency_mode == LatencyMode::on);
  const JobSpec off = decode("false");
  CHECK(off.latency_mode == LatencyMode::off);
  CHECK(round_trip(off).latency_mode == LatencyMode::off);
}

TEST_CASE("bad latency sections are refused naming the field, the value and the rule") {
  CHECK(error_of(R"({"fractions": [0.5, 1.5]})").find("latency.fractions[1] = 1.5") !=
        std::string::npos);
  CHECK(error_of(R"({"fractions": [0.5, 0.5]})").find("given twice") != std::string::npos);
  const std::string goal = error_of(R"({"goals": ["MRR"]})");
  CHECK(goal.find("latency.goals[0] = \"MRR\"") != std::string::npos);
  CHECK(goal.find("\"NDR\", \"PDR\"") != std::string::npos);
  CHECK(error_of(R"({"duration": 0})").find("latency.duration") != std::string::npos);
  CHECK(error_of(R"({"duration": 1e9})").find("at most 86400") != std::string::npos);
  CHECK(error_of(R"({"fraction": [0.5]})").find("fraction") != std::string::npos);
  CHECK(error_of(R"("yes")").find("must be true, false or an object") != std::string::npos);
  CHECK(error_of(R"({"fractions": [0.1]})", "plr").find("applies to method \"mlr\" only") !=
        std::string::npos);
  CHECK(error_of(R"({"every_trial": false})", "plr").find("every trial") != std::string::npos);
  // MRR runs the main traffic alone: only "latency": false (or none) is taken.
  const std::string mrr = R"({"method": "mrr", "spec": {"load": 1e5, "trial_duration": 1,
      "trials": 1}, "measurer": {"kind": "sim", "model": "sharp"}, "latency": )";
  CHECK(decode_job_spec(codec::parse_strict_json(mrr + "false}", "test")).latency_mode ==
        LatencyMode::off);
  try {
    decode_job_spec(codec::parse_strict_json(mrr + "true}", "test"));
    FAIL("an MRR job took latency");
  } catch (const RequestError& error) {
    CHECK(std::string(error.what()) ==
          R"(latency = true: applies to methods "mlr" and "plr" only; use "latency": false or )"
          "leave it out");
  }
}

TEST_CASE("a PLR soak's latency section means latency on every trial") {
  const JobSpec spec = decode("{}", "plr");
  CHECK(spec.latency_mode == LatencyMode::on);
  CHECK(spec.latency.every_trial);
  CHECK(round_trip(spec).latency.every_trial);
}

}  // namespace trexsearch::service
