#include "daemon/spec/job_spec_codec.hpp"

#include <doctest/doctest.h>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/job_measurers/measurer_factory.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/spec/job_names.hpp"
#include "daemon/spec/load_units.hpp"
#include "tests/daemon/support/service_test_support.hpp"
#include "tests/support/build_paths.hpp"
#include "trex_client/codec/profile_codec.hpp"

namespace trexsearch::service {
namespace {

Json::Value json(std::string_view text) { return codec::parse_strict_json(text, "test"); }
JobSpec decode(std::string_view text) { return decode_job_spec(json(text)); }

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

TEST_CASE("a stored MLR spec keeps its strategy; one from before the strategy key reads csit") {
  const std::string spec = R"({"goals": [{}], "min_load": 1000, "max_load": 1e6)";
  const std::string measurer = R"({"kind": "sim", "model": "sharp"})";
  const JobSpec submitted =
      decode(R"({"spec": )" + spec + R"(, "strategy": "fast"}, "measurer": )" + measurer + "}");
  CHECK(submitted.mlr.strategy == mlr::SelectionStrategy::fast);

  // The canonical form keeps what the job was submitted with.
  JobRecord record;
  record.spec_json = codec::to_compact_json(encode_job_spec(submitted));
  CHECK(stored_job_spec(record).mlr.strategy == mlr::SelectionStrategy::fast);

  // Stored before bc531a3: no "strategy", searched with csit, the only selection
  // then; csit whatever the default becomes.
  record.spec_json = R"({"method": "mlr", "spec": )" + spec + R"(}, "measurer": )" + measurer + "}";
  CHECK(stored_job_spec(record).mlr.strategy == mlr::SelectionStrategy::csit);
  CHECK(codec::to_compact_json(protocol::json_of(stored_spec_document(record)))
            .find(R"("strategy":"csit")") != std::string::npos);
  record.spec_json = R"({"spec": )" + spec + R"(}, "measurer": )" + measurer + "}";
  CHECK(stored_job_spec(record).mlr.strategy == mlr::SelectionStrategy::csit);
}

TEST_CASE("an exec job runs in real time unless told otherwise") {
  const JobSpec spec = decode_job_spec(
      json(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "exec", "command": "m --x"}})"));
  const auto& exec = std::get<ExecMeasurerSpec>(spec.measurer);
  CHECK(exec.command == "m --x");
  CHECK(exec.time == TimeMode::real_time);
  CHECK(exec.reply_timeout_margin == measure::Seconds{60.0});
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

TEST_CASE("a PLR job spec decodes PLR.json and round-trips; its errors name the path") {
  const JobSpec spec = decode(R"({"method": "plr", "spec": {"target_loss_ratio": 1e-6,
      "min_load": 1000, "max_load": 2e6, "time_budget": 120, "samples_per_trial": 5000},
      "measurer": {"kind": "sim", "model": "sharp"}, "plr_resume": "remaining"})");
  CHECK(spec.method == SearchMethod::plr);
  CHECK(spec.plr.target_loss_ratio == 1e-6);
  CHECK(spec.plr.max_load_pps == 2e6);
  CHECK(spec.plr.time_budget.count() == 120.0);
  REQUIRE(spec.plr.samples_per_trial.has_value());
  CHECK(*spec.plr.samples_per_trial == 5000);
  REQUIRE(spec.plr_resume.has_value());
  CHECK(*spec.plr_resume == PlrResume::remaining);
  const JobSpec again = decode_job_spec(encode_job_spec(spec));
  CHECK(again.method == SearchMethod::plr);
  CHECK(again.plr.time_budget.count() == 120.0);
  CHECK(again.plr_resume == spec.plr_resume);
  CHECK(decode(R"({"method": "plr", "spec": {}, "measurer": {"kind": "sim", "model": "sharp"}})")
            .plr_resume == std::nullopt);

  CHECK(error_of(R"({"method": "plr", "spec": {"goals": [{}]}, "measurer": {"kind": "sim",
      "model": "sharp"}})")
            .find("spec.goals") != std::string::npos);
  CHECK(error_of(R"({"method": "plr", "spec": {"time_budget": -1}, "measurer": {"kind": "sim",
      "model": "sharp"}})")
            .find("spec.time_budget") != std::string::npos);
  CHECK(error_of(R"({"method": "plr", "spec": {}, "plr_resume": "later", "measurer": {"kind":
      "sim", "model": "sharp"}})")
            .find("plr_resume") == 0);
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "plr_resume": "remaining", "measurer": {"kind":
      "sim", "model": "sharp"}})")
            .find("plr_resume") == 0);
}

TEST_CASE(
    "a trex measurer spec keeps the profile it decoded at submission; bad ones name the field") {
  const std::string path =
      trexsearch::testing::build_paths::source_file("etc/profiles/ipv4-udp-64b-bidir.json");
  // As trex-search submit sends it: the contents, and where they came from.
  const std::string profile = servicetest::inline_profile_members(path);
  const JobSpec spec = decode(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "trex",
      )" + profile + R"(, "force_acquire": true, "speed": 50, "reconnect_grace": 2}})");
  const auto& trex_spec = std::get<TrexMeasurerSpec>(spec.measurer);
  CHECK(trex_spec.endpoint.empty());
  CHECK(trex_spec.force_acquire);
  CHECK(trex_spec.speed == 50.0);
  REQUIRE(trex_spec.reconnect_grace.has_value());
  CHECK(trex_spec.reconnect_grace->count() == 2.0);
  CHECK(spec.profile == path);
  CHECK(time_mode(spec.measurer) == TimeMode::real_time);
  // The stored form carries the profile inline: an edited file never changes a resumed job.
  const JobSpec again = decode_job_spec(encode_job_spec(spec));
  CHECK(std::get<TrexMeasurerSpec>(again.measurer).profile_source == path);
  CHECK(again.profile == path);
  CHECK(encode_job_spec(again) == encode_job_spec(spec));
  // A random TRex session id is chosen once and stored: a resumed job keeps it.
  CHECK(trex_spec.session_id != 0);
  CHECK(std::get<TrexMeasurerSpec>(again.measurer).session_id == trex_spec.session_id);
  const JobSpec chosen = decode(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "trex",
      )" + profile + R"(, "session_id": 4294967295}})");
  CHECK(std::get<TrexMeasurerSpec>(chosen.measurer).session_id == 4294967295u);
  for (const char* bad : {"0", "4294967296", "-1", "1.5", "true", "\"7\""}) {
    CAPTURE(bad);
    CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "trex", )" + profile +
                   R"(, "session_id": )" + bad + "}}")
              .find("measurer.session_id") == 0);
  }

  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "trex"}})")
            .find("measurer.profile") == 0);
  // A path is refused without being opened (the daemon opens no file a client names).
  const std::string refused = error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "trex",
      "profile": ")" + path + R"("}})");
  CHECK(refused.find("measurer.profile = \"" + path + "\": the daemon does not read files") == 0);
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "trex",
      "profile": "/dev/zero"}})")
            .find("measurer.profile = \"/dev/zero\": the daemon does not read files") == 0);
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "trex",
      "profile": 3}})")
            .find("measurer.profile = 3: must be an object") == 0);
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "trex", "profile": )" +
                 servicetest::read_file(path) + R"(, "profile_source": ""}})")
            .find("measurer.profile_source") == 0);
  // Without a source the profile is "inline".
  const JobSpec bare = decode(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "trex",
      "profile": )" + servicetest::read_file(path) +
                              "}}");
  CHECK(std::get<TrexMeasurerSpec>(bare.measurer).profile_source == "inline");
  CHECK(bare.profile == "inline");
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "trex",
      "profile": {"ports": 3}}})")
            .find("measurer.profile") == 0);
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "trex", )" + profile +
                 R"(, "endpoint": "http://x"}})")
            .find("measurer.endpoint") == 0);
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "trex", )" + profile +
                 R"(, "speed": 0}})")
            .find("measurer.speed") == 0);
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {"kind": "trex", )" + profile +
                 R"(, "rpc_timeout": 0}})")
            .find("measurer.rpc_timeout") == 0);
  CHECK(std::get<TrexMeasurerSpec>(spec.measurer).rpc_timeout.count() == 3.0);
}

TEST_CASE(
    "a submitted trex job's profile is decoded once; its names, line rate and stored form use the "
    "value") {
  const std::string profile = servicetest::inline_profile_members(
      trexsearch::testing::build_paths::source_file("etc/profiles/ipv4-udp-64b-bidir.json"));
  const std::uint64_t before = trex::profile_decodes();
  // What a submit does with the document: decode (with the port speed TRex would tell),
  // check the names, state the line rate, store the spec.
  const JobSpec spec = decode_job_spec(
      json(R"({"spec": {"goals": [{}], "max_load": 1000000}, "measurer": {"kind": "trex", )" +
           profile + "}}"),
      [](const TrexMeasurerSpec&) -> std::variant<double, std::string> { return 10.0; });
  CHECK(trex::profile_decodes() == before + 1);
  check_job_names(spec);
  const std::optional<trex::LineRate> line_rate = job_line_rate(spec.measurer);
  REQUIRE(line_rate.has_value());
  CHECK(line_rate->frame_bytes == 64.0);
  const Json::Value stored = encode_job_spec(spec);
  CHECK(trex::profile_decodes() == before + 1);
  // Reading the stored job back (a restart) decodes it once more, and only then.
  const JobSpec resumed = decode_job_spec(stored);
  CHECK(trex::profile_decodes() == before + 2);
  CHECK(std::get<TrexMeasurerSpec>(resumed.measurer).profile.name ==
        std::get<TrexMeasurerSpec>(spec.measurer).profile.name);
  CHECK(encode_job_spec(resumed) == stored);
}

TEST_CASE("unknown methods are refused") {
  CHECK(error_of(R"({"method": "mlrx", "spec": {"goals": [{}]}, "measurer": {"kind": "sim",
      "model": "sharp"}})")
            .find("method") == 0);
}

TEST_CASE("each refusal of a job spec names its key, the value and why, in the order checked") {
  const std::string sim = R"("measurer": {"kind": "sim", "model": "sharp"})";
  CHECK(error_of(R"({"method": "nlr", )" + sim + "}") ==
        R"(method = "nlr": must be "mlr", "plr", "mrr" or "soak")");
  CHECK(error_of(R"({"method": "nlr"})").find("method") == 0);  // before the measurer
  CHECK(error_of(R"({"spec": {"goals": [{}]}})") ==
        R"(measurer = null: is required: {"kind": "sim" | "exec" | "trex", ...})");
  CHECK(error_of(R"({"testbed": "tb1", "spec": {"goals": [{}]}, )" + sim + "}") ==
        R"(testbed = "tb1": is for trex jobs: sim and exec jobs use no TRex testbed)");
  CHECK(error_of("{" + sim + "}") == "spec = null: is required: the MLRsearch spec");
  CHECK(error_of(R"({"method": "plr", )" + sim + "}") ==
        "spec = null: is required: the PLRsearch spec (PLR.json)");
  CHECK(error_of(R"({"method": "mrr", )" + sim + "}") ==
        R"(spec = null: is required: {"load", "trial_duration", "trials"})");
  CHECK(
      error_of(R"({"method": "soak", )" + sim + "}") ==
      R"(spec = null: is required: {"load", "interval", "duration", "loss_ratio_threshold", "on_threshold"})");
  CHECK(error_of(R"({"spec": [1], )" + sim + "}") == "spec = [1]: must be an object");
  CHECK(error_of(R"({"plr_resume": "deadline", "spec": {"goals": [{}]}, )" + sim + "}") ==
        R"(plr_resume = "deadline": applies to method "plr" only)");
  CHECK(error_of(R"({"method": "plr", "plr_resume": "later", "spec": {}, )" + sim + "}") ==
        R"(plr_resume = "later": must be "deadline" or "remaining")");
}

}  // namespace trexsearch::service
