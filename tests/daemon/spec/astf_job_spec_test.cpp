// ASTF jobs (docs/astf.md): a `trex` measurer with an `astf` section, its loads in
// connections per second, decoded once and stored in a form that decodes to the same job.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "daemon/codec/strict_json.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/spec/job_spec_codec.hpp"
#include "tests/support/build_paths.hpp"

namespace trexsearch::service {
namespace {

Json::Value json(std::string_view text) { return codec::parse_strict_json(text, "test"); }

std::string error_of(std::string_view text) {
  try {
    decode_job_spec(json(text));
  } catch (const RequestError& error) {
    CHECK(error.code() == ResultCode::bad_request);
    return error.what();
  }
  FAIL("expected an error for " << text);
  return "";
}

std::string job_with(std::string_view measurer_extra,
                     std::string_view loads = R"("min_load": 1000, "max_load": "20kcps")") {
  return std::string(R"({"spec": {"goals": [{}], )") + std::string(loads) +
         R"(}, "measurer": {"kind": "trex", "endpoint": "tcp://127.0.0.1:4501", )" +
         std::string(measurer_extra) + "}}";
}

}  // namespace

TEST_CASE("an ASTF template job decodes in connections per second and round-trips") {
  const JobSpec spec = decode_job_spec(json(job_with(
      R"("astf": {"template": {"protocol": "tcp", "sessions": 64512}, "client_mask": 1})")));
  const auto& trex_spec = std::get<TrexMeasurerSpec>(spec.measurer);
  REQUIRE(trex_spec.astf.has_value());
  CHECK(is_astf_job(spec.measurer));
  CHECK(spec.mlr.max_load_pps == 20'000.0);  // "20kcps"
  const trex::AstfMeasurerConfig& trial = trex_spec.astf->trial;
  CHECK(trial.counting == trex::AstfCounting::tcp_connections);
  CHECK(trial.sessions == 64'512u);
  CHECK(trial.total_cps == 1.0);
  CHECK(trial.client_mask == 1u);
  CHECK(trex_spec.astf->profile.md5_hex.size() == 32);

  const Json::Value canonical = encode_job_spec(spec);
  const JobSpec again = decode_job_spec(canonical);
  CHECK(encode_job_spec(again) == canonical);
  CHECK(std::get<TrexMeasurerSpec>(again.measurer).astf->profile.json ==
        trex_spec.astf->profile.json);
}

TEST_CASE("TRex's own ASTF profile JSON is taken as it is") {
  std::ifstream file(trexsearch::testing::build_paths::source_dir() +
                     "/tests/trex_client/fixtures/astf/udp1.json");
  std::stringstream text;
  text << file.rdbuf();
  const JobSpec spec = decode_job_spec(json(
      job_with(R"("astf": {"profile": )" + text.str() + R"(, "profile_source": "udp1.json"})")));
  const auto& astf = *std::get<TrexMeasurerSpec>(spec.measurer).astf;
  CHECK(astf.trial.counting == trex::AstfCounting::udp_transactions);
  CHECK(astf.profile.source == "udp1.json");
  CHECK(spec.profile == "udp1.json");
  const JobSpec again = decode_job_spec(encode_job_spec(spec));
  CHECK(std::get<TrexMeasurerSpec>(again.measurer).astf->profile.md5_hex == astf.profile.md5_hex);
}

TEST_CASE("docs/astf.md's NAT44 example job decodes as the page says") {
  std::ifstream file(trexsearch::testing::build_paths::source_dir() +
                     "/docs/examples/astf-tcp-cps-ndr-pdr.json");
  std::stringstream text;
  text << file.rdbuf();
  const JobSpec spec = decode_job_spec(json(text.str()));
  const auto& astf = *std::get<TrexMeasurerSpec>(spec.measurer).astf;
  CHECK(astf.trial.counting == trex::AstfCounting::tcp_connections);
  CHECK(astf.trial.sessions == 64'512u);
  CHECK(spec.mlr.min_load_pps == 9'000.0);
  CHECK(spec.mlr.max_load_pps == 500'000.0);
  CHECK(spec.hooks.at(HookPoint::before_trial).size() == 1);
}

TEST_CASE("ASTF jobs refuse frame units, line-rate shares and stateless settings, saying why") {
  CHECK(error_of(job_with(R"("astf": {"template": {}})", R"("min_load": 1000, "max_load": "50%")"))
            .find("connections (transactions) per second") != std::string::npos);
  CHECK(
      error_of(job_with(R"("astf": {"template": {}})", R"("min_load": 1000, "max_load": "1mpps")"))
          .find("frame rates") != std::string::npos);
  CHECK(error_of(job_with(R"("astf": {"template": {}}, "profile": {})")).find("not both") !=
        std::string::npos);
  CHECK(error_of(job_with(R"("astf": {"template": {}}, "settle_max": 1)")).find("settle_max") !=
        std::string::npos);
  CHECK(error_of(job_with(R"("astf": {})")).find("\"template\"") != std::string::npos);
  CHECK(error_of(job_with(R"("astf": {"template": {"protocol": "sctp"}})")).find("protocol") !=
        std::string::npos);
  CHECK(error_of(job_with(R"("astf": {"template": {}, "counting": "bytes"})")).find("counting") !=
        std::string::npos);
}

TEST_CASE("a stateless job refuses cps, the unit of ASTF jobs") {
  CHECK(error_of(R"({"spec": {"goals": [{}], "min_load": 1000, "max_load": "10kcps"},
      "measurer": {"kind": "sim", "model": "sharp"}})")
            .find("ASTF") != std::string::npos);
}

TEST_CASE("an ASTF job's ports go to its trial, and a bad one is named") {
  const JobSpec spec =
      decode_job_spec(json(job_with(R"("astf": {"template": {}}, "ports": [2, 3])")));
  const auto& trex_spec = std::get<TrexMeasurerSpec>(spec.measurer);
  REQUIRE(trex_spec.astf.has_value());
  CHECK(trex_spec.ports == std::vector<std::uint8_t>{2, 3});
  CHECK(trex_spec.astf->trial.ports == std::vector<std::uint8_t>{2, 3});
  CHECK(error_of(job_with(R"("astf": {"template": {}}, "ports": [0, 256])"))
            .find("measurer.ports[1] = 256: must be a port number") != std::string::npos);
}

}  // namespace trexsearch::service
