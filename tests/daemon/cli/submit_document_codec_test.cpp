// What `trex-search submit` sends, from the user's files and options.
#include "daemon/cli/client/submit_document_codec.hpp"

#include <doctest/doctest.h>

#include <vector>

#include "daemon/cli/client/watch_line_codec.hpp"
#include "daemon/cli/command/command_errors.hpp"

namespace trexsearch::cli {
namespace {

// Profiles as files would hold them, and which paths were read.
struct FakeProfiles {
  std::vector<std::string> read;
  ProfileReader reader() {
    return [this](const std::string& path) {
      read.push_back(path);
      return ProfileFile{path == "bad.json" ? "{\"streams\": [}" : "{\"streams\": []}",
                         "/abs/" + path};
    };
  }
};

protocol::Document document(std::string_view json) { return protocol::parse_document(json, "t"); }

}  // namespace

TEST_CASE("a trex job's profile path goes as the file's contents with its source") {
  FakeProfiles files;
  const auto job = inline_trex_profile(
      document(R"({"measurer": {"kind": "trex", "profile": "p.json"}, "name": "x"})"),
      files.reader());
  CHECK(protocol::to_compact_text(job) ==
        R"({"measurer":{"kind":"trex","profile":{"streams":[]},"profile_source":"/abs/p.json"},)"
        R"("name":"x"})");
  // Other measurers, and a profile given inline, are the daemon's to judge.
  const auto sim = document(R"({"measurer": {"kind": "sim", "profile": "p.json"}})");
  CHECK(inline_trex_profile(sim, files.reader()) == sim);
  const auto inline_profile =
      document(R"({"measurer": {"kind": "trex", "profile": {"streams": []}}})");
  CHECK(inline_trex_profile(inline_profile, files.reader()) == inline_profile);
  CHECK(files.read == std::vector<std::string>{"p.json"});
  CHECK_THROWS_WITH_AS(
      inline_trex_profile(document(R"({"measurer": {"kind": "trex", "profile": "bad.json"}})"),
                          files.reader()),
      doctest::Contains("traffic profile bad.json:1:"), BadInputError);
}

TEST_CASE("an ASTF job's TRex profile path goes as the file's contents too") {
  FakeProfiles files;
  const auto job = inline_trex_profile(
      document(R"({"measurer": {"kind": "trex", "astf": {"profile": "http.json"}}})"),
      files.reader());
  CHECK(protocol::to_compact_text(job) ==
        R"({"measurer":{"astf":{"profile":{"streams":[]},"profile_source":"/abs/http.json"},)"
        R"("kind":"trex"}})");
  // A template is not a file.
  const auto tmpl =
      document(R"({"measurer": {"kind": "trex", "astf": {"template": {"protocol": "tcp"}}}})");
  CHECK(inline_trex_profile(tmpl, files.reader()) == tmpl);
  CHECK(files.read == std::vector<std::string>{"http.json"});
}

TEST_CASE("a suite's job profile and each of its profiles go as contents") {
  FakeProfiles files;
  const auto suite =
      inline_suite_profiles(document(R"({"job": {"measurer": {"kind": "trex", "profile": "a.json"}},
                   "profiles": [{"profile": "b.json", "name": "b"}, 5, {"profile": {}}]})"),
                            "suite.json", files.reader());
  CHECK(files.read == std::vector<std::string>{"a.json", "b.json"});
  CHECK(protocol::to_compact_text(suite).find(
            R"({"name":"b","profile":{"streams":[]},"profile_source":"/abs/b.json"},5,)"
            R"({"profile":{}}])") != std::string::npos);
  CHECK_THROWS_WITH_AS(inline_suite_profiles(document("[1]"), "suite.json", files.reader()),
                       "suite.json: a suite must be a JSON object", UsageError);
}

TEST_CASE("a job from the command line: spec, measurer and labels") {
  JobOptions job;
  job.spec = document(R"({"goals": []})");
  job.measurer.kind = "sim";
  job.measurer.model = "noisy";
  job.measurer.sut_options = {{"capacity_pps", 2e6}};
  job.measurer.seed = 42;
  job.method = "mlr";
  job.name = "n";
  CHECK(protocol::to_compact_text(encode_submit_arguments(job)) ==
        R"({"measurer":{"kind":"sim","model":"noisy","options":{"capacity_pps":2000000.0},)"
        R"("seed":42},"method":"mlr","name":"n","spec":{"goals":[]}})");
  job.measurer = MeasurerOptions{};
  job.measurer.kind = "exec";
  job.measurer.command = "m";
  job.measurer.time = "virtual";
  job.name.reset();
  job.profile = "p";
  CHECK(protocol::to_compact_text(encode_submit_arguments(job)) ==
        R"({"measurer":{"command":"m","kind":"exec","time":"virtual"},"method":"mlr",)"
        R"("profile":"p","spec":{"goals":[]}})");
}

TEST_CASE("watch --json lines have one shape: type, job, arguments") {
  CHECK(encode_watch_line("job.submitted", 7, document(R"({"job": 7})")) ==
        R"({"arguments":{"job":7},"job":7,"type":"job.submitted"})");
  CHECK(encode_watch_line("watch.ended", 7, watch_ended_arguments(5, "tester-limited")) ==
        R"({"arguments":{"exit_code":5,"reason":"tester-limited"},"job":7,"type":"watch.ended"})");
}

}  // namespace trexsearch::cli
