// Loads in users' units (docs/loads.md) and the trex measurer's trial keys: what a
// submitted spec turns into, and the errors that name what was wrong.
#include <doctest/doctest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "daemon/codec/strict_json.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/spec/job_spec_codec.hpp"
#include "daemon/spec/load_units.hpp"
#include "daemon/spec/load_units_codec.hpp"
#include "measure/errors.hpp"
#include "tests/daemon/support/service_test_support.hpp"
#include "tests/support/build_paths.hpp"

namespace trexsearch::service {
namespace {

Json::Value json(std::string_view text) { return codec::parse_strict_json(text, "test"); }

const std::string kProfile =
    trexsearch::testing::build_paths::source_file("etc/profiles/ipv4-udp-64b-bidir.json");

std::string trex_job(const std::string& loads, const std::string& measurer_extra = "") {
  return R"({"spec": {"goals": [{}], )" + loads + R"(}, "measurer": {"kind": "trex", )" +
         servicetest::inline_profile_members(kProfile) + measurer_extra + "}}";
}

PortSpeedProbe fixed_speed(double gbps) {
  return [gbps](const TrexMeasurerSpec&) -> std::variant<double, std::string> { return gbps; };
}

PortSpeedProbe unreachable() {
  return [](const TrexMeasurerSpec&) -> std::variant<double, std::string> {
    return std::string("TRex at tcp://127.0.0.1:4501 could not tell the port speed (timeout)");
  };
}

std::string error_of(const std::string& text, const PortSpeedProbe& probe) {
  try {
    decode_job_spec(json(text), probe);
  } catch (const RequestError& error) {
    return error.what();
  }
  FAIL("expected an error for " << text);
  return "";
}

}  // namespace

TEST_CASE("load texts parse into value and unit; unknown or layerless units are refused") {
  const trex::LineRate line{10e9, 64.0};
  auto pps = [&](const char* text) {
    return to_pps(parse_load(Json::Value(text), "max_load"), line, "max_load");
  };
  CHECK(pps("100%") == doctest::Approx(14'880'952.38));
  CHECK(pps("10gbps_l1") == doctest::Approx(14'880'952.38));
  CHECK(pps("10Gbps_L2") == doctest::Approx(19'531'250.0));
  CHECK(pps("9.5mpps") == doctest::Approx(9.5e6));
  CHECK(pps("64 kpps") == doctest::Approx(64e3));
  CHECK(pps("1000pps") == doctest::Approx(1000.0));
  CHECK(to_pps(parse_load(Json::Value(1234.5), "x"), std::nullopt, "x") == 1234.5);
  CHECK_THROWS_WITH_AS(parse_load(Json::Value("10gbps"), "spec.max_load"),
                       doctest::Contains("needs its layer"), measure::ConfigError);
  CHECK_THROWS_WITH_AS(parse_load(Json::Value("10 furlongs"), "spec.max_load"),
                       doctest::Contains("unknown unit"), measure::ConfigError);
  CHECK_THROWS_WITH_AS(parse_load(Json::Value("abc%"), "spec.max_load"),
                       doctest::Contains("not a number"), measure::ConfigError);
  CHECK_THROWS_WITH_AS(parse_load(Json::Value(true), "spec.max_load"),
                       doctest::Contains("spec.max_load"), measure::ConfigError);
  CHECK_THROWS_WITH_AS(
      to_pps(parse_load(Json::Value("50%"), "spec.min_load"), std::nullopt, "spec.min_load"),
      doctest::Contains("port speed"), measure::ConfigError);
}

TEST_CASE("100% of a 10 Gbit/s port with 64 B frames is 14,880,952 pps; 11gbps_l1 is refused") {
  const JobSpec spec = decode_job_spec(json(trex_job(R"("min_load": "0.1%", "max_load": "100%")")),
                                       fixed_speed(10.0));
  CHECK(spec.mlr.max_load_pps == doctest::Approx(14'880'952.38));
  CHECK(spec.mlr.min_load_pps == doctest::Approx(14'880.95238));
  const auto& trex_spec = std::get<TrexMeasurerSpec>(spec.measurer);
  REQUIRE(trex_spec.port_speed_gbps);
  CHECK(*trex_spec.port_speed_gbps == 10.0);
  // The canonical form keeps pps and the port speed: no probe needed to resume it.
  const JobSpec again = decode_job_spec(encode_job_spec(spec));
  CHECK(again.mlr.max_load_pps == spec.mlr.max_load_pps);
  CHECK(*std::get<TrexMeasurerSpec>(again.measurer).port_speed_gbps == 10.0);

  const std::string error =
      error_of(trex_job(R"("min_load": 10000, "max_load": "11gbps_l1")"), fixed_speed(10.0));
  CHECK(error.find("spec.max_load") != std::string::npos);
  CHECK(error.find("10 Gbit/s") != std::string::npos);
  CHECK(error.find("14880952") != std::string::npos);
  // A plain pps max_load above line rate is refused the same way.
  CHECK(error_of(trex_job(R"("min_load": 10000, "max_load": 2e7)"), fixed_speed(10.0))
            .find("above the line rate") != std::string::npos);
  CHECK_NOTHROW(
      decode_job_spec(json(trex_job(R"("min_load": 10000, "max_load": 2e7)")), fixed_speed(40.0)));
}

TEST_CASE("a stated port speed needs no TRex; without one, % loads need TRex to answer") {
  const JobSpec spec = decode_job_spec(
      json(trex_job(R"("min_load": 10000, "max_load": "50%")", R"(, "port_speed_gbps": 25)")),
      unreachable());
  CHECK(spec.mlr.max_load_pps == doctest::Approx(25e9 * 0.5 / (84 * 8)));
  const std::string error =
      error_of(trex_job(R"("min_load": 10000, "max_load": "50%")"), unreachable());
  CHECK(error.find("need the port speed") != std::string::npos);
  CHECK(error.find("port_speed_gbps") != std::string::npos);
  // pps loads are accepted while TRex is away (the job checks the line rate at start).
  CHECK_NOTHROW(
      decode_job_spec(json(trex_job(R"("min_load": 10000, "max_load": 2e7)")), unreachable()));
  // Other measurers have no line rate.
  CHECK_THROWS_AS(decode_job_spec(json(R"({"spec": {"goals": [{}], "max_load": "10%"},
      "measurer": {"kind": "sim", "model": "sharp"}})")),
                  RequestError);
}

TEST_CASE("the trex measurer's trial keys are accepted, stored and range-checked") {
  const JobSpec spec = decode_job_spec(
      json(trex_job(R"("min_load": 10000, "max_load": 1e6)",
                    R"(, "counters": "port", "settle_min": 0.2, "settle_max": 2, "warmup": 1.5,
         "warmup_every_trial": true, "tx_end_slack": 0.01, "tx_end_grace": 0.005,
         "tx_poll_interval": 0.001, "settle_poll_interval": 0.002, "force_start": true)")));
  const trex::TrexMeasurerConfig& trial = std::get<TrexMeasurerSpec>(spec.measurer).trial;
  CHECK(trial.counters == trex::CounterSource::port);
  CHECK(trial.settle_min.count() == 0.2);
  CHECK(trial.settle_max.count() == 2.0);
  CHECK(trial.warmup_duration.count() == 1.5);
  CHECK(trial.warmup_every_trial);
  CHECK(trial.tx_end_slack == 0.01);
  // tx_end_grace (a fixed allowance of older versions) is still accepted, and unused.
  CHECK(trial.force_start);
  const JobSpec again = decode_job_spec(encode_job_spec(spec));
  CHECK(std::get<TrexMeasurerSpec>(again.measurer).trial.settle_max.count() == 2.0);
  CHECK(std::get<TrexMeasurerSpec>(again.measurer).trial.counters == trex::CounterSource::port);

  const std::string loads = R"("min_load": 10000, "max_load": 1e6)";
  auto error = [&](const std::string& extra) { return error_of(trex_job(loads, extra), {}); };
  CHECK(error(R"(, "counters": "ports")").find("measurer.counters") == 0);
  CHECK(error(R"(, "settle_max": -1)").find("measurer.settle_max") == 0);
  CHECK(error(R"(, "settle_max": 1e9)").find("measurer.settle_max") == 0);
  CHECK(error(R"(, "settle_min": 3, "settle_max": 2)").find("settle_max") != std::string::npos);
  CHECK(error(R"(, "tx_end_slack": 5)").find("measurer.tx_end_slack") == 0);
  CHECK(error(R"(, "warmup": "long")").find("measurer.warmup") == 0);
}

TEST_CASE("every key docs/socket-api.md names for the trex measurer is accepted") {
  std::ifstream file(trexsearch::testing::build_paths::source_file("docs/socket-api.md"));
  REQUIRE(file);
  std::stringstream text;
  text << file.rdbuf();
  const std::string doc = text.str();
  const auto row = doc.find("| `trex` |");
  REQUIRE(row != std::string::npos);
  const std::string line = doc.substr(row, doc.find('\n', row) - row);
  // The keys column: every `name` followed by a space and an opening parenthesis or
  // bracket ("`settle_max` [s] (default 0.5)").
  const std::string keys_column = line.substr(0, line.find(" | ", 10));
  std::set<std::string> keys;
  const std::regex key("`([a-z_]+)` [\\[(]");
  for (auto it = std::sregex_iterator(keys_column.begin(), keys_column.end(), key);
       it != std::sregex_iterator(); ++it) {
    keys.insert((*it)[1]);
  }
  CHECK(keys.size() >= 18);
  const std::map<std::string, std::string> values{{"profile", "\"" + kProfile + "\""},
                                                  {"endpoint", "\"tcp://127.0.0.1:4501\""},
                                                  {"ports", "[0, 1]"},
                                                  {"force_acquire", "true"},
                                                  {"speed", "2"},
                                                  {"session_id", "7"},
                                                  {"counters", "\"port\""},
                                                  {"warmup_every_trial", "true"},
                                                  {"force_start", "true"}};
  for (const std::string& name : keys) {
    CAPTURE(name);
    const auto given = values.find(name);
    const std::string value =
        given != values.end() ? given->second : (name == "port_speed_gbps" ? "100" : "0.5");
    const std::string request =
        R"({"spec": {"goals": [{}], "min_load": 10000, "max_load": 1e6},
        "measurer": {"kind": "trex", )" +
        servicetest::inline_profile_members(kProfile) +
        (name == "profile" || name == "profile_source" ? "" : ", \"" + name + "\": " + value) +
        "}}";
    CHECK_NOTHROW(decode_job_spec(json(request)));
  }
}

}  // namespace trexsearch::service
