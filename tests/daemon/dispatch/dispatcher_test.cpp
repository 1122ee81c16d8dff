#include "daemon/dispatch/dispatcher.hpp"

#include <doctest/doctest.h>

#include <map>

#include "daemon/codec/strict_json.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/protocol/envelope_codec.hpp"
#include "daemon/protocol/json_reply_codec.hpp"
#include "daemon/spec/job_spec_codec.hpp"

namespace trexsearch::service {
namespace {

constexpr uid_t kDaemonUid = 990;
constexpr gid_t kControlGroup = 991;

/// JobControl with canned answers: the dispatcher is tested without a socket,
/// a store or a thread.
class FakeJobs final : public JobControl {
 public:
  SubmitReceipt submit(const JobSpec& spec, const std::string& submitted_by) override {
    submitted.push_back(spec);
    last_submitter = submitted_by;
    return {41, 2};
  }
  QueueStatus queue_status() override {
    QueueStatus status;
    status.queued = {7, 8};
    status.max_queued = 10;
    return status;
  }
  std::vector<JobRecord> list(std::optional<JobState> state, std::size_t limit,
                              const std::optional<std::string>& /*testbed*/) override {
    last_limit = limit;
    last_state = state;
    return {record(3)};
  }
  JobDetails details(JobId id, bool) override {
    if (id != 3) throw RequestError(ResultCode::not_found, "no job " + std::to_string(id));
    JobDetails details;
    details.record = record(3);
    StoredTrial trial;
    trial.number = 1;
    trial.trial.intended_load_pps = 1e5;
    trial.trial.intended_duration = measure::Seconds{1.0};
    trial.trial.outcome.offered_count = 100000;
    // The tester sent half of what it should have: a tester-limited trial.
    trial.trial.outcome.intended_count = 200000;
    trial.trial.outcome.directions = {{"0->1", 200000, 100000, 100000}};
    trial.trial.outcome.tester_limited_pps = 50000.0;
    trial.trial.outcome.counters = "flow_stats";
    trial.trial.outcome.notes = measure::parse_notes({"tester_limited: sent 100000 of 200000"});
    trial.loss_ratio = 1.0;
    details.trials.push_back(trial);
    return details;
  }
  std::vector<HookRun> hook_runs(JobId) override {
    // Three runs of 7 MiB of output each: the third passes show's 16 MiB budget.
    std::vector<HookRun> runs(3);
    for (std::size_t i = 0; i < runs.size(); ++i) {
      runs[i].hook = "vpp-stats";
      runs[i].point = HookPoint::after_trial;
      runs[i].trial_number = i + 1;
      runs[i].output = std::string(std::size_t{7} << 20, 'x');
    }
    return runs;
  }
  CancelOutcome cancel(JobId id, const std::string&) override {
    cancelled.push_back(id);
    return CancelOutcome::stopping;
  }
  std::size_t remove(JobId id, const std::string&) override {
    removed.push_back(id);
    return 12;
  }
  std::string result_json(JobId id) override {
    if (id != 3) throw RequestError(ResultCode::conflict, "no result");
    return R"({"trials": [], "goals": []})";
  }
  WatchStart watch(JobId id, std::shared_ptr<JobWatcher> watcher) override {
    watched = watcher;
    WatchStart start;
    start.record = record(id);
    return start;
  }
  void unwatch(JobId, const JobWatcher*) override {}

  static JobRecord record(JobId id) {
    JobRecord job;
    job.id = id;
    job.method = "mlr";
    job.measurer_kind = "sim";
    job.state = JobState::finished;
    job.spec_json = R"({"name": "", "method": "mlr", "profile": "", "spec": {"goals": [{}],
        "min_load": 1000, "max_load": 1e6}, "measurer": {"kind": "sim", "model": "sharp"}})";
    return job;
  }

  std::vector<JobSpec> submitted;
  std::string last_submitter;
  std::vector<JobId> cancelled;
  std::vector<JobId> removed;
  std::size_t last_limit = 0;
  std::optional<JobState> last_state;
  std::shared_ptr<JobWatcher> watched;
};

class NullWatcher final : public JobWatcher {
 public:
  void on_event(const JobEvent&) override {}
};

PeerCredentials peer(uid_t uid, gid_t gid, std::vector<gid_t> groups = {}) {
  return PeerCredentials{1234, uid, gid, std::move(groups)};
}

using Response = protocol::JsonReply;

struct Fixture {
  FakeJobs jobs;
  Dispatcher dispatcher{jobs, AccessPolicy(kDaemonUid, kControlGroup),
                        DaemonInfo{"9.9", 1, {}, "", "", {}}, [] {
                          return ServerStats{3, 5};
                        }};

  // The reply as a client reads it: through the line codec, so that what is
  // checked is what goes on the socket.
  Response send(std::string_view line, std::optional<PeerCredentials> who = peer(0, 0)) {
    DispatchContext context;
    context.peer = who;
    context.make_watcher = [](const protocol::RequestId&) {
      return std::make_shared<NullWatcher>();
    };
    const std::string reply =
        protocol::encode_response(dispatcher.dispatch_line(line, context).response);
    return protocol::parse_json_reply(std::string_view(reply).substr(0, reply.size() - 1));
  }
};

const char* const kSubmit = R"({"id": 1, "command": "submit", "arguments": {"spec": {"goals":
    [{}]}, "measurer": {"kind": "sim", "model": "sharp"}}})";

}  // namespace

TEST_CASE("only root, the daemon's user and control-group members may submit and cancel") {
  Fixture f;
  CHECK(f.send(kSubmit, peer(0, 0)).result == ResultCode::success);
  CHECK(f.send(kSubmit, peer(kDaemonUid, 5)).result == ResultCode::success);
  CHECK(f.send(kSubmit, peer(1000, kControlGroup)).result == ResultCode::success);
  CHECK(f.send(kSubmit, peer(1000, 1000, {27, kControlGroup})).result == ResultCode::success);
  const Response denied = f.send(kSubmit, peer(1000, 1000, {27}));
  CHECK(denied.result == ResultCode::permission_denied);
  CHECK(denied.text.find("uid 1000") != std::string::npos);
  CHECK(f.send(kSubmit, std::nullopt).result == ResultCode::permission_denied);
  CHECK(f.jobs.submitted.size() == 4);
  CHECK(f.jobs.last_submitter == "uid 1000 gid 1000 pid 1234");

  const char* const cancel = R"({"command": "cancel", "arguments": {"job": 3}})";
  CHECK(f.send(cancel, peer(1000, 1000)).result == ResultCode::permission_denied);
  CHECK(f.jobs.cancelled.empty());
  CHECK(f.send(cancel, peer(0, 0)).result == ResultCode::success);
  CHECK(f.jobs.cancelled == std::vector<JobId>{3});
  const char* const remove = R"({"command": "delete", "arguments": {"job": 4}})";
  CHECK(f.send(remove, peer(1000, 1000)).result == ResultCode::permission_denied);
  CHECK(f.jobs.removed.empty());
  const Response removed = f.send(remove, peer(0, 0));
  CHECK(removed.result == ResultCode::success);
  CHECK(removed.text == "job 4 deleted with its 12 trials");
  CHECK(f.jobs.removed == std::vector<JobId>{4});
  // Reading is open to anyone who can connect.
  CHECK(f.send(R"({"command": "status"})", peer(1000, 1000)).result == ResultCode::success);
  CHECK(f.send(R"({"command": "show", "arguments": {"job": 3}})", peer(1000, 1000)).result ==
        ResultCode::success);
}

TEST_CASE("the reply echoes the id and carries the command's arguments") {
  Fixture f;
  const Response submitted = f.send(kSubmit);
  CHECK(submitted.id.asInt() == 1);
  CHECK(submitted.arguments["job"].asInt() == 41);
  CHECK(submitted.arguments["queue_position"].asInt() == 2);

  const Response status = f.send(R"({"id": "s", "command": "status"})");
  CHECK(status.id.asString() == "s");
  CHECK(status.arguments["queue"]["queued"].size() == 2);
  CHECK(status.arguments["clients"]["connected"].asInt() == 3);
  CHECK(status.arguments["trex"]["connected"].asBool() == false);
  CHECK(status.text == "idle, 2 queued");

  const Response list = f.send(R"({"command": "list", "arguments": {"state": "failed",
      "limit": 5}})");
  CHECK(list.result == ResultCode::success);
  CHECK(f.jobs.last_limit == 5);
  CHECK(f.jobs.last_state == JobState::failed);

  const Response show = f.send(R"({"command": "show", "arguments": {"job": 3}})");
  CHECK(show.arguments["trials"].size() == 1);
  // Stored before the spec had a "strategy" key: it was searched with csit, and
  // its spec (which reports decode) says so, whatever the default is now.
  CHECK(show.arguments["spec"]["spec"]["strategy"].asString() == "csit");
  // Every stored trial with what `result` shows of it: counts per direction, the
  // tester limit, the counters, the ratio the counts give.
  const Json::Value& shown = show.arguments["trials"][0];
  CHECK(shown["loss_ratio"].asDouble() == 1.0);
  CHECK(shown["measured_loss_ratio"].asDouble() == 0.5);
  CHECK(shown["tester_limited_pps"].asDouble() == 50000.0);
  CHECK(shown["counters"].asString() == "flow_stats");
  REQUIRE(shown["directions"].size() == 1);
  CHECK(shown["directions"][0]["unsent"].asInt64() == 100000);
  CHECK(shown["notes"][0].asString().rfind("tester_limited: ", 0) == 0);
  CHECK(show.arguments["bounds"].size() == 1);
  CHECK(show.arguments["bounds"][0].isMember("tester_limited"));
  CHECK(show.arguments["bounds"][0].isMember("clean"));
  CHECK(show.arguments["spec"]["measurer"]["model"].asString() == "sharp");

  const Response result = f.send(R"({"command": "result", "arguments": {"job": 3}})");
  CHECK(result.arguments["result"]["trials"].isArray());

  const Response watch = f.send(R"({"command": "watch", "arguments": {"job": 3}})");
  CHECK(watch.result == ResultCode::success);
  CHECK(f.jobs.watched != nullptr);

  const Response analyzed = f.send(R"({"command": "analyze", "arguments": {"job": 3, "goals":
      [{"loss_ratio": 0.1}]}})");
  CHECK(analyzed.result == ResultCode::success);
  CHECK(analyzed.arguments["goals"].size() == 1);
  CHECK(f.send(R"({"command": "help"})").arguments["commands"].size() == 14);
}

TEST_CASE("show --hooks lists every run, with at most 16 MiB of their output in one reply") {
  Fixture f;
  const Response show = f.send(R"({"command": "show", "arguments": {"job": 3, "hooks": true}})");
  REQUIRE(show.result == ResultCode::success);
  const Json::Value& runs = show.arguments["hook_runs"];
  REQUIRE(runs.size() == 3);
  CHECK(runs[0]["output"].asString().size() == std::size_t{7} << 20);
  CHECK(runs[1]["output"].asString().size() == std::size_t{7} << 20);
  CHECK(runs[2]["output"].asString().empty());
  CHECK(runs[2]["trial"].asUInt64() == 3);
  CHECK(show.arguments["hook_output_omitted"].asUInt64() == 1);
}

TEST_CASE("the registry: help's privileged flags are what the commands enforce") {
  Fixture f;
  // A valid request of each command; a reader (uid 1000, no control group) sends it.
  const std::map<std::string, std::string> requests{
      {"version", R"({"command": "version"})"},
      {"status", R"({"command": "status"})"},
      {"submit", kSubmit},
      {"list", R"({"command": "list"})"},
      {"show", R"({"command": "show", "arguments": {"job": 3}})"},
      {"cancel", R"({"command": "cancel", "arguments": {"job": 3}})"},
      {"delete", R"({"command": "delete", "arguments": {"job": 3}})"},
      {"result", R"({"command": "result", "arguments": {"job": 3}})"},
      {"watch", R"({"command": "watch", "arguments": {"job": 3}})"},
      {"analyze", R"({"command": "analyze", "arguments": {"job": 3}})"},
      {"submit_suite", R"({"command": "submit_suite", "arguments": {"name": "s",
          "job": {"spec": {"goals": [{}]}, "measurer": {"kind": "sim", "model": "sharp"}}}})"},
      {"show_suite", R"({"command": "show_suite", "arguments": {"suite": "s"}})"},
      {"list_suites", R"({"command": "list_suites"})"},
      {"help", R"({"command": "help"})"},
  };
  const Json::Value commands = f.send(R"({"command": "help"})").arguments["commands"];
  REQUIRE(commands.size() == requests.size());
  for (const Json::Value& command : commands) {
    const std::string name = command["command"].asString();
    CAPTURE(name);
    REQUIRE(requests.count(name) == 1);
    const Response reply = f.send(requests.at(name), peer(1000, 1000));
    CHECK((reply.result == ResultCode::permission_denied) == command["privileged"].asBool());
    REQUIRE(Dispatcher::find_command(name) != nullptr);
    CHECK(Dispatcher::find_command(name)->on_pool ==
          (name != "version" && name != "status" && name != "cancel" && name != "watch" &&
           name != "help"));
  }
  CHECK(Dispatcher::find_command("nope") == nullptr);
}

TEST_CASE("bad arguments and failures become replies, never exceptions") {
  Fixture f;
  auto check = [&](std::string_view line, ResultCode code, std::string_view text) {
    const Response response = f.send(line);
    CHECK(response.result == code);
    CHECK_MESSAGE(response.text.find(text) != std::string::npos, response.text);
  };
  check(R"({"command": "show", "arguments": {"job": 0}})", ResultCode::bad_request, "job = 0");
  check(R"({"command": "show", "arguments": {"job": "3"}})", ResultCode::bad_request, "job");
  check(R"({"command": "show", "arguments": {}})", ResultCode::bad_request, "job");
  check(R"({"command": "show", "arguments": {"job": 3, "x": 1}})", ResultCode::bad_request, "x");
  check(R"({"command": "show", "arguments": {"job": 4}})", ResultCode::not_found, "no job 4");
  check(R"({"command": "result", "arguments": {"job": 4}})", ResultCode::conflict, "no result");
  check(R"({"command": "list", "arguments": {"state": "sleeping"}})", ResultCode::bad_request,
        "state");
  check(R"({"command": "list", "arguments": {"limit": 0}})", ResultCode::bad_request, "limit");
  check(R"({"command": "version", "arguments": {"verbose": true}})", ResultCode::bad_request,
        "verbose");
  check(R"({"command": "launch"})", ResultCode::unsupported, "unknown command");
  check(R"({"command": "submit", "arguments": {"method": "plr", "spec": {"goals": [{}]},
      "measurer": {"kind": "sim", "model": "sharp"}}})",
        ResultCode::bad_request, "spec.goals");
  check("{", ResultCode::bad_request, "not valid JSON");
  check(R"({"command": "analyze", "arguments": {"job": 3, "goals": []}})", ResultCode::bad_request,
        "goals");

  DispatchContext no_stream;
  no_stream.peer = peer(0, 0);
  const auto response =
      f.dispatcher.dispatch_line(R"({"command": "watch", "arguments": {"job": 3}})", no_stream);
  CHECK(response.response.result == ResultCode::unsupported);
}

}  // namespace trexsearch::service
