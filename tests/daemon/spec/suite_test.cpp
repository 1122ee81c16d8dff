// Suites (issue #16 item 2, docs/suites.md): the expansion of a suite document
// into jobs, its errors, the store's suite tables and the job manager queueing a
// suite whole or not at all.
#include <doctest/doctest.h>

#include "daemon/codec/strict_json.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/spec/suite_codec.hpp"
#include "daemon/store/store.hpp"
#include "tests/daemon/support/job_manager_fixture.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::service {
namespace {

using jobtest::Fixture;

Json::Value json(std::string_view text) { return codec::parse_strict_json(text, "test"); }

// A trex job on 10 Gbit/s ports (no probe needed) at "100%" of line rate.
Json::Value trex_suite() {
  Json::Value suite = json(R"({"name": "sizes", "job": {"method": "mlr",
      "spec": {"goals": [{"name": "NDR"}], "min_load": 9001, "max_load": "100%"},
      "measurer": {"kind": "trex", "port_speed_gbps": 10}},
      "frame_sizes": [64, 1518, "imix"]})");
  servicetest::set_inline_profile(suite["job"]["measurer"], servicetest::example_profile_path());
  return suite;
}

std::string error_of(const Json::Value& suite, ResultCode expected = ResultCode::bad_request) {
  try {
    decode_suite(suite);
  } catch (const RequestError& error) {
    CHECK(error.code() == expected);
    return error.what();
  }
  FAIL("expected an error");
  return "";
}

const char* const kSimSuite = R"({"name": "methods", "repeats": 2,
    "job": {"spec": {"goals": [{}], "min_load": 10000, "max_load": 2e6},
            "measurer": {"kind": "sim", "model": "sharp", "options": {"capacity_pps": 1e6}}},
    "methods": [{"label": "ndr", "method": "mlr", "spec": {"goals": [{"name": "NDR"}],
                 "min_load": 10000, "max_load": 2e6}},
                {"method": "mrr", "spec": {"load": 5e5, "trials": 2}}]})";

}  // namespace

TEST_CASE("a suite expands frame sizes into jobs named SUITE/LABEL, loads in % per frame size") {
  const SuiteSpec suite = decode_suite(trex_suite());
  CHECK(suite.name == "sizes");
  REQUIRE(suite.entries.size() == 3);
  CHECK(suite.entries[0].label == "64B");
  CHECK(suite.entries[1].label == "1518B");
  CHECK(suite.entries[2].label == "imix");
  CHECK(suite.entries[0].frame_size == "64");
  CHECK(suite.entries[2].frame_size == "imix");
  CHECK(suite.entries[1].job.name == "sizes/1518B");
  // 100 % of 10 Gbit/s: 14,880,952 pps at 64 B, 812,744 at 1518 B.
  CHECK(suite.entries[0].job.mlr.max_load_pps == doctest::Approx(14880952.38).epsilon(1e-9));
  CHECK(suite.entries[1].job.mlr.max_load_pps == doctest::Approx(812743.8).epsilon(1e-6));
  CHECK(suite.entries[2].job.mlr.max_load_pps < suite.entries[0].job.mlr.max_load_pps);
  CHECK(suite.entries[2].job.mlr.max_load_pps > suite.entries[1].job.mlr.max_load_pps);
  CHECK(suite.document_json.find("\"sizes\"") != std::string::npos);
}

TEST_CASE("repeats come outermost, then methods; a method's label defaults to its name") {
  const SuiteSpec suite = decode_suite(json(kSimSuite));
  REQUIRE(suite.entries.size() == 4);
  const std::vector<std::pair<std::string, int>> expected{
      {"ndr", 1}, {"mrr", 1}, {"ndr", 2}, {"mrr", 2}};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    CAPTURE(i);
    CHECK(suite.entries[i].label == expected[i].first);
    CHECK(suite.entries[i].repeat == expected[i].second);
    CHECK(suite.entries[i].frame_size.empty());
  }
  CHECK(suite.entries[0].job.method == SearchMethod::mlr);
  CHECK(suite.entries[1].job.method == SearchMethod::mrr);
  CHECK(suite.entries[3].job.name == "methods/mrr");
}

TEST_CASE("a bad suite is refused whole, the error naming the entry and the field") {
  Json::Value suite = trex_suite();
  suite["frame_sizes"].append(40);
  CHECK(error_of(suite).find("entry \"40B\" (frame_sizes[3]): measurer.profile") == 0);

  suite = trex_suite();
  suite["frame_sizes"].append(64);
  CHECK(error_of(suite).find("frame_sizes[3] = 64: repeats the frame_sizes label \"64B\"") == 0);

  suite = trex_suite();
  suite["job"]["name"] = "x";
  CHECK(error_of(suite).find("job.name = \"x\": is not allowed") == 0);

  suite = trex_suite();
  suite["name"] = "7up";
  CHECK(error_of(suite).find("name = \"7up\": must be 1..64") == 0);

  suite = trex_suite();
  suite["colour"] = "red";
  CHECK(error_of(suite).find("colour") != std::string::npos);

  suite = trex_suite();
  suite["repeats"] = 0;
  CHECK(error_of(suite).find("repeats = 0: must be 1..100") == 0);

  Json::Value sim = json(kSimSuite);
  sim["frame_sizes"] = json("[64]");
  CHECK(error_of(sim).find("needs job.measurer of kind \"trex\"") != std::string::npos);

  sim = json(kSimSuite);
  sim["methods"][1]["spec"]["trials"] = 0;
  CHECK(error_of(sim).find("entry \"mrr\" (methods[1], repeat 1): spec.trials = 0") == 0);

  sim = json(kSimSuite);
  sim["methods"][0]["label"] = "has space";
  CHECK(error_of(sim).find("methods[0].label = \"has space\"") == 0);
}

TEST_CASE("the store keeps a suite with its jobs in one transaction; a deleted job leaves it") {
  const servicetest::TempDir dir;
  Store store(dir.path() / "jobs.sqlite");
  const SuiteSpec spec = decode_suite(json(kSimSuite));
  SuiteRecord suite;
  suite.name = spec.name;
  suite.submitted_by = "tester";
  suite.document_json = spec.document_json;
  std::vector<NewJob> jobs;
  for (const SuiteEntry& entry : spec.entries) {
    suite.jobs.push_back(SuiteJobLink{0, 0, entry.label, entry.frame_size, entry.repeat});
    jobs.push_back(NewJob{entry.job, {}, "tester", "test"});
  }
  const SuiteRecord stored = store.add_suite(suite, jobs);
  REQUIRE(stored.jobs.size() == 4);
  CHECK(stored.jobs[3].position == 3);
  CHECK(store.job(stored.jobs[3].job)->name == "methods/mrr");

  const auto by_name = store.suite(SuiteRef{std::nullopt, "methods"});
  REQUIRE(by_name);
  CHECK(by_name->id == stored.id);
  CHECK(by_name->jobs[2].label == "ndr");
  CHECK(by_name->jobs[2].repeat == 2);
  CHECK(by_name->document_json == spec.document_json);
  // The newest of a name; ids still reach the older one.
  const SuiteRecord second = store.add_suite(suite, jobs);
  CHECK(store.suite(SuiteRef{std::nullopt, "methods"})->id == second.id);
  CHECK(store.suite(SuiteRef{stored.id, ""})->id == stored.id);
  CHECK_FALSE(store.suite(SuiteRef{std::nullopt, "nothing"}));
  CHECK(store.suites(10).size() == 2);

  REQUIRE(store.delete_job(stored.jobs[1].job));
  CHECK(store.suite(SuiteRef{stored.id, ""})->jobs.size() == 3);

  // All or nothing: links that do not match the jobs store nothing.
  suite.jobs.pop_back();
  CHECK_THROWS_AS(store.add_suite(suite, jobs), SqliteError);
  CHECK(store.suites(10).size() == 2);
}

TEST_CASE("the job manager queues a suite whole, or refuses it whole when the queue is short") {
  Fixture fixture;  // runs MLR jobs only
  Json::Value mlr_only = json(kSimSuite);
  mlr_only["methods"][1] = mlr_only["methods"][0];
  mlr_only["methods"][1]["label"] = "again";
  const SuiteSpec spec = decode_suite(mlr_only);
  {
    auto jobs = fixture.manager(jobtest::with_max_queued(3));
    try {
      jobs->submit_suite(spec, "tester");
      FAIL("a 4-job suite fit a 3-job queue");
    } catch (const RequestError& error) {
      CHECK(error.code() == ResultCode::busy);
      CHECK(std::string(error.what()).find("4 more asked, max-queued-jobs 3") != std::string::npos);
    }
    CHECK(jobs->list(std::nullopt, 10, std::nullopt).empty());
    CHECK(jobs->suites(10).empty());
  }
  auto jobs = fixture.manager(jobtest::with_max_queued(10));
  const SuiteReceipt receipt = jobs->submit_suite(spec, "tester");
  CHECK(receipt.queue_position == 1);
  REQUIRE(receipt.suite.jobs.size() == 4);
  CHECK(jobs->queue_status().queued.size() == 4);
  const SuiteDetails details = jobs->suite(SuiteRef{receipt.suite.id, ""});
  REQUIRE(details.jobs.size() == 4);
  CHECK(details.jobs[1].record.name == "methods/again");
  CHECK(details.jobs[1].record.state == JobState::queued);
  CHECK_FALSE(details.jobs[1].result_json);
  CHECK_THROWS_AS(jobs->suite(SuiteRef{std::nullopt, "other"}), RequestError);
}

}  // namespace trexsearch::service
