// Every timeout and duration a job may ask for has a documented maximum
// (job_spec_bounds.hpp): a huge rpc_timeout once froze the runner thread past
// cancel and SIGTERM, and values near 9.2e9 s overflow std::chrono.
#include "daemon/spec/job_spec_bounds.hpp"

#include <doctest/doctest.h>

#include "daemon/codec/strict_json.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/spec/job_spec_codec.hpp"
#include "tests/daemon/support/service_test_support.hpp"
#include "tests/support/build_paths.hpp"

namespace trexsearch::service {
namespace {

const std::string kProfile =
    trexsearch::testing::build_paths::source_file("etc/profiles/ipv4-udp-64b-bidir.json");

std::string error_of(const std::string& text) {
  try {
    (void)decode_job_spec(codec::parse_strict_json(text, "test"));
  } catch (const RequestError& error) {
    CHECK(error.code() == ResultCode::bad_request);
    return error.what();
  }
  return "accepted";
}

struct Case {
  std::string spec;      ///< the "spec" object's members
  std::string measurer;  ///< the "measurer" object's members
  std::string error;     ///< the start of the reply text
};

}  // namespace

TEST_CASE("timeouts and durations above their maximum are refused naming the path and limit") {
  const std::string trex = R"("kind": "trex", )" + servicetest::inline_profile_members(kProfile);
  const std::string sim = R"("kind": "sim", "model": "sharp")";
  const Case cases[] = {
      {R"("goals": [{}])", trex + R"(, "rpc_timeout": 9.2e9)",
       "measurer.rpc_timeout = 9200000000: must be at most 60 seconds"},
      {R"("goals": [{}])", trex + R"(, "rpc_timeout": 60.5)", "measurer.rpc_timeout = 60.5"},
      {R"("goals": [{}])", trex + R"(, "reconnect_grace": 1e12)",
       "measurer.reconnect_grace = 1000000000000: must be at most 86400 seconds"},
      {R"("goals": [{}])", R"("kind": "exec", "command": "true", "reply_timeout_margin": 3601)",
       "measurer.reply_timeout_margin = 3601: must be at most 3600 seconds"},
      {R"("goals": [{}])", sim + R"(, "trial_overhead": 1e10)", "measurer.trial_overhead"},
      {R"("goals": [{"final_trial_duration": 90000, "duration_sum": 90000}])", sim,
       "spec.goals[0].final_trial_duration = 90000: must be at most 86400 seconds"},
      {R"("goals": [{}], "search_duration_max": 1e9)", sim,
       "spec.search_duration_max = 1000000000: must be at most 31536000 seconds"},
      {R"("goals": [{}], "warmup_duration": 1e5)", sim, "spec.warmup_duration"},
  };
  for (const Case& item : cases) {
    const std::string text =
        R"({"spec": {)" + item.spec + R"(}, "measurer": {)" + item.measurer + "}}";
    CAPTURE(text);
    CHECK(error_of(text).find(item.error) == 0);
  }
  const std::string plr =
      R"({"method": "plr", "spec": {"time_budget": 4e7}, "measurer": {)" + sim + "}}";
  CHECK(error_of(plr).find("spec.time_budget = 40000000: must be at most") == 0);

  // At the limits is fine.
  CHECK(error_of(R"({"spec": {"goals": [{}]}, "measurer": {)" + trex +
                 R"(, "rpc_timeout": 60, "reconnect_grace": 86400}})") == "accepted");
}

}  // namespace trexsearch::service
