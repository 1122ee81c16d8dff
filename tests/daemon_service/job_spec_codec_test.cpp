#include "daemon/service/job_spec_codec.hpp"

#include <doctest/doctest.h>

#include "daemon/codec/strict_json.hpp"
#include "daemon/service/service_errors.hpp"

namespace trexsearch::service {
namespace {

Json::Value json(std::string_view text) { return codec::parse_strict_json(text, "test"); }

std::string error_of(std::string_view text, ResultCode expected = ResultCode::bad_request) {
  try {
    decode_job_spec(json(text));
  } catch (const RequestError& error) {
    CHECK(error.code() == expected);
    return error.what();
  }
  FAIL("expected an error for " << text);
  return "";
}

}  // namespace

TEST_CASE("a sim job spec decodes with defaults and round-trips through its canonical form") {
  const JobSpec spec = decode_job_spec(json(R"({"name": "n1", "spec": {"goals": [{}],
      "min_load": 1000, "max_load": 1e6}, "measurer": {"kind": "sim", "model": "sharp",
      "options": {"capacity_pps": 5e5}, "seed": 7}})"));
  CHECK(spec.name == "n1");
  CHECK(spec.method == SearchMethod::mlr);
  CHECK(spec.mlr.max_load_pps == 1e6);
  const auto& sim = std::get<SimMeasurerSpec>(spec.measurer);
  CHECK(sim.model == "sharp");
  CHECK(sim.options.at("capacity_pps") == 5e5);
  CHECK(sim.seed == 7);
  CHECK(sim.time == TimeMode::virtual_time);

  const Json::Value canonical = encode_job_spec(spec);
  CHECK(canonical["measurer"]["time"].asString() == "virtual");
  CHECK(canonical["spec"]["warmup_duration"].asDouble() == 1.0);
  const JobSpec again = decode_job_spec(canonical);
  CHECK(encode_job_spec(again) == canonical);
}

TEST_CASE("an exec job runs in real time unless told otherwise") {
  const JobSpec spec = decode_job_spec(
      json(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "exec", "command": "m --x"}})"));
  const auto& exec = std::get<ExecMeasurerSpec>(spec.measurer);
  CHECK(exec.command == "m --x");
  CHECK(exec.time == TimeMode::real_time);
  CHECK(exec.reply_timeout_margin == Seconds{60.0});
  const JobSpec compressed = decode_job_spec(json(R"({"spec": {"goals": [{}]},
      "measurer": {"kind": "exec", "command": "m", "time": "virtual"}})"));
  CHECK(std::get<ExecMeasurerSpec>(compressed.measurer).time == TimeMode::virtual_time);
}

TEST_CASE("job spec errors name the JSON path and the value") {
  CHECK(error_of(R"({"measurer": {"kind": "sim", "model": "sharp"}})").find("spec") == 0);
  CHECK(error_of(R"({"spec": {"goals": [{"exceed_ratio": 7}]}, "measurer": {"kind": "sim",
      "model": "sharp"}})")
            .find("spec.goals[0].exceed_ratio = 7") != std::string::npos);
  CHECK(error_of(R"({"spec": {"goals": [{}]}})").find("measurer") == 0);
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "warp"}})")
            .find("measurer.kind = \"warp\"") != std::string::npos);
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "sim", "model": "nope"}})")
            .find("measurer.model") != std::string::npos);
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "sim", "model": "sharp",
      "options": {"capacity_pps": -1}}})")
            .find("measurer.options") != std::string::npos);
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "sim", "model": "sharp",
      "seed": -2}})")
            .find("measurer.seed") != std::string::npos);
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "sim", "model": "sharp",
      "time": "fast"}})")
            .find("measurer.time = \"fast\"") != std::string::npos);
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "exec"}})")
            .find("measurer.command") != std::string::npos);
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "sim", "model": "sharp"},
      "colour": "red"})")
            .find("colour") != std::string::npos);
  CHECK(error_of(R"({"spec": [1], "measurer": {"kind": "sim", "model": "sharp"}})")
            .find("spec = [1]") != std::string::npos);
}

TEST_CASE("PLR jobs and the trex measurer are valid requests this stage does not support") {
  CHECK(error_of(R"({"method": "plr", "spec": {"goals": [{}]}, "measurer": {"kind": "sim",
      "model": "sharp"}})",
                 ResultCode::unsupported)
            .find("PLRsearch") != std::string::npos);
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "trex"}})",
                 ResultCode::unsupported)
            .find("TRex") != std::string::npos);
  CHECK(error_of(R"({"method": "mlrx", "spec": {"goals": [{}]}, "measurer": {"kind": "sim",
      "model": "sharp"}})")
            .find("method") == 0);
}

}  // namespace trexsearch::service
