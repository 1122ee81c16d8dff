// Hooks (docs/testbeds.md "Hooks"): the config's [hook.NAME] sections, what a job
// may name, a job's "hooks" object, and the measurer that runs them around trials.
#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <vector>

#include "daemon/hooks/hook_settings.hpp"
#include "daemon/hooks/hooked_measurer.hpp"
#include "daemon/spec/job_hooks_codec.hpp"
#include "measure/errors.hpp"
#include "tests/daemon/support/test_support.hpp"

namespace trexsearch::service {
namespace {

using Settings = std::vector<std::pair<std::string, std::string>>;

std::string error_of(const Settings& settings) {
  try {
    (void)hooks_from_settings(settings);
  } catch (const measure::ConfigError& error) {
    return error.what();
  }
  return "(no error)";
}

HookDefinition shell_hook(const std::string& name, const std::string& script,
                          HookFailure on_failure) {
  HookDefinition hook;
  hook.name = name;
  hook.argv = {"/bin/sh", "-c", script};
  hook.on_failure = on_failure;
  return hook;
}

/// Answers each trial with `offered` frames, none lost, and counts its calls.
class CountingMeasurer final : public measure::Measurer {
 public:
  measure::TrialOutcome measure(measure::Seconds, double load_pps, std::stop_token) override {
    ++calls;
    measure::TrialOutcome outcome;
    outcome.offered_count = static_cast<std::int64_t>(load_pps);
    return outcome;
  }
  int calls = 0;
};

std::vector<std::string> note_keys(const measure::TrialOutcome& outcome) {
  std::vector<std::string> keys;
  for (const measure::TrialNote& note : outcome.notes) keys.push_back(note.key);
  return keys;
}

}  // namespace

TEST_CASE("[hook.NAME] sections: command split like a shell would, defaults, refusals") {
  const HookSet hooks = hooks_from_settings(
      {{"hook.reset-nat.command", "/usr/local/bin/reset-nat --dut 'vpp 1' \"a b\""},
       {"hook.reset-nat.timeout", "2.5"},
       {"hook.reset-nat.on-failure", "fail-trial"},
       {"hook.stats.command", "/bin/true"},
       {"hook.stats.output-cap", "100"}});
  REQUIRE(hooks.all().size() == 2);
  const HookDefinition& reset = hooks.all()[0];
  CHECK(reset.argv ==
        std::vector<std::string>{"/usr/local/bin/reset-nat", "--dut", "vpp 1", "a b"});
  CHECK(reset.timeout == std::chrono::milliseconds(2500));
  CHECK(reset.on_failure == HookFailure::fail_trial);
  const HookDefinition* stats = hooks.find("stats");
  REQUIRE(stats != nullptr);
  CHECK(stats->timeout == std::chrono::seconds(10));
  CHECK(stats->on_failure == HookFailure::fail_job);
  CHECK(stats->output_cap_bytes == 100);
  CHECK(hooks.names() == "reset-nat, stats");

  CHECK(error_of({{"hook.a.timeout", "1"}}).find("hook.a.command = (missing): required") !=
        std::string::npos);
  CHECK(error_of({{"hook.a.command", "reset-nat --dut x"}})
            .find("the program must be an absolute path") != std::string::npos);
  CHECK(error_of({{"hook.a.command", "/bin/true"}, {"hook.a.on-failure", "retry"}})
            .find("hook.a.on-failure = retry: must be fail-trial, fail-job or note") !=
        std::string::npos);
  CHECK(error_of({{"hook.a.command", "/bin/true"}, {"hook.a.timeout", "0"}})
            .find("must be more than 0 and at most 3600 seconds") != std::string::npos);
  CHECK(error_of({{"hook.a.command", "/bin/true"}, {"hook.a.comand", "x"}})
            .find("unknown hook key (known: command, timeout, on-failure, output-cap)") !=
        std::string::npos);
  CHECK(error_of({{"hook.b/c.command", "/bin/true"}}).find("not a hook setting") !=
        std::string::npos);
}

TEST_CASE("a job may name only the daemon's hooks, and on a testbed only those it allows") {
  const HookSet hooks({shell_hook("reset-nat", "true", HookFailure::fail_job),
                       shell_hook("stats", "true", HookFailure::note)});
  JobHooks job;
  job.at(HookPoint::before_trial) = {"reset-nat"};
  CHECK_FALSE(hooks.problem_with(job, nullptr));
  job.at(HookPoint::after_search) = {"rm-rf"};
  CHECK(hooks.problem_with(job, nullptr) ==
        "hooks.after_search \"rm-rf\": this daemon defines no such hook (its config's "
        "[hook.NAME] sections: reset-nat, stats)");
  job.at(HookPoint::after_search) = {"stats"};
  Testbed lab;
  lab.name = "lab-a";
  lab.hooks = std::set<std::string>{"reset-nat"};
  CHECK(hooks.problem_with(job, &lab) ==
        "hooks.after_search \"stats\": testbed lab-a does not allow it (its hooks: reset-nat)");
}

TEST_CASE("a job's hooks object: one name or a list per point; unknown points refused") {
  Json::Value json(Json::objectValue);
  json["before_trial"] = "reset-nat";
  json["after_search"].append("stats");
  json["after_search"].append("flush");
  const JobHooks hooks = decode_job_hooks(&json);
  CHECK(hooks.at(HookPoint::before_trial) == std::vector<std::string>{"reset-nat"});
  CHECK(hooks.at(HookPoint::after_search) == std::vector<std::string>{"stats", "flush"});
  CHECK(decode_job_hooks(nullptr).empty());
  const Json::Value encoded = encode_job_hooks(hooks);
  CHECK(decode_job_hooks(&encoded) == hooks);

  Json::Value unknown(Json::objectValue);
  unknown["before_test"] = "x";
  CHECK_THROWS_WITH_AS(decode_job_hooks(&unknown), doctest::Contains("hooks.before_test"),
                       measure::ConfigError);
  Json::Value command(Json::objectValue);
  command["before_trial"] = "/bin/rm -rf /";
  CHECK_THROWS_WITH_AS(decode_job_hooks(&command),
                       doctest::Contains("must name a hook of the daemon's config"),
                       measure::ConfigError);
  Json::Value twice(Json::objectValue);
  twice["before_trial"].append("a");
  twice["before_trial"].append("a");
  CHECK_THROWS_WITH_AS(decode_job_hooks(&twice), doctest::Contains("is named twice"),
                       measure::ConfigError);
}

TEST_CASE("before_trial and after_trial run once per trial with the trial's facts") {
  const test::TempDir dir;
  const std::string log = (dir.path() / "calls").string();
  const std::string script =
      "echo \"$TREX_SEARCH_HOOK_POINT $TREX_SEARCH_JOB_ID "
      "$TREX_SEARCH_TESTBED $TREX_SEARCH_TRIAL $TREX_SEARCH_ATTEMPT "
      "$TREX_SEARCH_LOAD_PPS $TREX_SEARCH_DURATION_S $TREX_SEARCH_LOST\" >> " +
      log;
  auto set = std::make_shared<const HookSet>(
      std::vector<HookDefinition>{shell_hook("record", script, HookFailure::fail_job)});
  JobHooks names;
  names.at(HookPoint::before_trial) = {"record"};
  names.at(HookPoint::after_trial) = {"record"};
  std::vector<HookRun> recorded;
  JobHookRunner runner(set, names, HookJobFacts{42, "nightly", "mlr", "lab-a", 1},
                       [&recorded](const HookRun& run) { recorded.push_back(run); });
  CountingMeasurer live;
  HookedMeasurer measurer(live, runner, 5);
  const measure::TrialOutcome first = measurer.measure(measure::Seconds{1.0}, 1000.0, {});
  measurer.measure(measure::Seconds{2.5}, 2000.0, {});
  CHECK(live.calls == 2);
  CHECK(test::read_file(log) ==
        "before_trial 42 lab-a 5 1 1000 1 \n"
        "after_trial 42 lab-a 5 1 1000 1 0\n"
        "before_trial 42 lab-a 6 1 2000 2.5 \n"
        "after_trial 42 lab-a 6 1 2000 2.5 0\n");
  REQUIRE(recorded.size() == 4);
  CHECK(recorded[2].trial_number == 6u);
  CHECK(recorded[2].point == HookPoint::before_trial);
  CHECK(note_keys(first) == std::vector<std::string>{"hook", "hook"});
  CHECK(first.notes[0].detail.find("before_trial record exited with status 0") == 0);
}

TEST_CASE("fail-trial repeats the trial (bounded); note keeps it; fail-job fails it") {
  const test::TempDir dir;
  const std::string counter = (dir.path() / "count").string();
  // Fails its first two runs, then succeeds.
  const std::string flaky = "n=$(cat " + counter +
                            " 2>/dev/null || echo 0); n=$((n+1)); echo $n > " + counter +
                            "; [ $n -ge 3 ]";
  auto set = std::make_shared<const HookSet>(std::vector<HookDefinition>{
      shell_hook("flaky", flaky, HookFailure::fail_trial),
      shell_hook("broken", "echo no DUT; exit 4", HookFailure::fail_trial),
      shell_hook("noted", "exit 2", HookFailure::note),
      shell_hook("fatal", "exit 5", HookFailure::fail_job)});
  CountingMeasurer live;
  const auto run_with = [&](const std::string& point_hook, HookPoint point) {
    JobHooks names;
    names.at(point) = {point_hook};
    return JobHookRunner(set, names, HookJobFacts{}, {});
  };

  SUBCASE("after_trial fail-trial: measured again until the hook passes") {
    JobHookRunner runner = run_with("flaky", HookPoint::after_trial);
    HookedMeasurer measurer(live, runner, 1);
    const measure::TrialOutcome outcome = measurer.measure(measure::Seconds{1.0}, 10.0, {});
    CHECK(live.calls == 3);
    CHECK(note_keys(outcome) == std::vector<std::string>{"repeated", "repeated", "hook"});
    CHECK(outcome.notes[0].detail.find("attempt 1 measured and discarded: after_trial flaky "
                                       "(trial 1): exited with status 1") == 0);
  }
  SUBCASE("before_trial fail-trial on every attempt: nothing measured, the trial fails") {
    JobHookRunner runner = run_with("broken", HookPoint::before_trial);
    HookedMeasurer measurer(live, runner, 1);
    CHECK_THROWS_WITH_AS(measurer.measure(measure::Seconds{1.0}, 10.0, {}),
                         doctest::Contains("its hooks failed on all 3 attempts (on-failure = "
                                           "fail-trial); the last: before_trial broken (trial 1, "
                                           "attempt 3): exited with status 4"),
                         measure::MeasurementError);
    CHECK(live.calls == 0);
  }
  SUBCASE("note: the trial stands with a hook_failed note") {
    JobHookRunner runner = run_with("noted", HookPoint::before_trial);
    HookedMeasurer measurer(live, runner, 1);
    const measure::TrialOutcome outcome = measurer.measure(measure::Seconds{1.0}, 10.0, {});
    CHECK(live.calls == 1);
    CHECK(note_keys(outcome) == std::vector<std::string>{"hook_failed"});
  }
  SUBCASE("fail-job: the trial fails with the hook's summary") {
    JobHookRunner runner = run_with("fatal", HookPoint::after_trial);
    HookedMeasurer measurer(live, runner, 1);
    CHECK_THROWS_WITH_AS(
        measurer.measure(measure::Seconds{1.0}, 10.0, {}),
        doctest::Contains("after_trial fatal (trial 1): exited with status 5 after "),
        measure::MeasurementError);
  }
}

TEST_CASE("fail-trial at a search point fails the job: there is no trial to repeat") {
  auto set = std::make_shared<const HookSet>(
      std::vector<HookDefinition>{shell_hook("broken", "exit 1", HookFailure::fail_trial)});
  JobHooks names;
  names.at(HookPoint::before_search) = {"broken"};
  JobHookRunner runner(set, names, HookJobFacts{}, {});
  const HookPointResult result = runner.run(HookPoint::before_search, {}, std::nullopt, 1, {});
  REQUIRE(result.fail_job);
  CHECK_FALSE(result.fail_trial);
  CHECK(result.runs.at(0).failure_action == "fail-job");
}

}  // namespace trexsearch::service
