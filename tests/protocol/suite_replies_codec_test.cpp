// `show_suite` through its codec pair and back, and the daemon's reply from its
// records written exactly as before it was a protocol struct.
#include "daemon/protocol/replies/suite_replies_codec.hpp"

#include <doctest/doctest.h>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/dispatch/suite_reply_codec.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/result_document_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::protocol {
namespace {

Json::Value parse(std::string_view json) { return codec::parse_strict_json(json, "test"); }

std::string compact(const Document& document) { return codec::to_compact_json(json_of(document)); }

JobSummary job(JobId id, const std::string& method, JobState state) {
  JobSummary summary;
  summary.id = id;
  summary.name = "sizes/" + std::to_string(id);
  summary.method = method;
  summary.measurer = "trex";
  summary.state = state;
  summary.created_at = "2026-11-25T05:00:00.000Z";
  summary.trial_count = 12;
  return summary;
}

ShowSuiteReply suite_reply() {
  ShowSuiteReply reply;
  reply.suite = SuiteSummary{4, "sizes", "2026-11-25T05:00:00.000Z", "uid 0", 2};
  ShowSuiteEntry finished;
  finished.position = 0;
  finished.label = "64B";
  finished.frame_size = "64";
  finished.repeat = 1;
  finished.job = job(7, "mrr", JobState::finished);
  const Json::Value result = parse(R"({"stop_reason": "completed", "trial_count": 12,
      "load": 1e6, "receive_rate": {"mean": 9.5e5, "stdev": 10, "min": 9e5, "max": 1e6},
      "rate_basis": "intended", "sut_loss_ratio": 0.05, "tester_limited": false,
      "unknown_key": [1, 2]})");
  finished.result = decode_result_document(result, "mrr", "result");
  finished.trials_with_notes = 3;
  finished.line_rate = LineRateFacts{10.0, 64.0, 14880952.380952381};
  ShowSuiteEntry queued;
  queued.position = 1;
  queued.label = "imix";
  queued.frame_size = "imix";
  queued.repeat = 2;
  queued.job = job(8, "mlr", JobState::queued);
  reply.entries = {finished, queued};
  return reply;
}

}  // namespace

TEST_CASE("show_suite round-trips its head and entries, a result kept whole and read by method") {
  const ShowSuiteReply reply = suite_reply();
  const Document written = encode_reply(reply);
  const auto decoded = decode_reply<ShowSuiteReply>(written);
  CHECK(decoded.suite == reply.suite);
  REQUIRE(decoded.entries.size() == 2);
  const ShowSuiteEntry& first = decoded.entries[0];
  CHECK(first.position == 0);
  CHECK(first.label == "64B");
  CHECK(first.frame_size == "64");
  CHECK(first.repeat == 1);
  CHECK(first.job == reply.entries[0].job);
  REQUIRE(first.result.has_value());
  CHECK(json_of(first.result->stored)["unknown_key"].size() == 2);
  CHECK(std::get<FixedLoadView>(first.result->view).receive_rate->mean == 9.5e5);
  CHECK(first.trials_with_notes == 3);
  CHECK(first.line_rate == reply.entries[0].line_rate);
  const ShowSuiteEntry& second = decoded.entries[1];
  CHECK(second.repeat == 2);
  CHECK(second.job.state == JobState::queued);
  CHECK_FALSE(second.result.has_value());
  CHECK_FALSE(second.trials_with_notes.has_value());
  CHECK_FALSE(second.line_rate.has_value());
  CHECK(compact(encode_reply(decoded)) == compact(written));
}

TEST_CASE("show_suite's decoding names a missing or mistyped field with its path") {
  Json::Value json = json_of(encode_reply(suite_reply()));
  json["entries"][1].removeMember("label");
  CHECK_THROWS_WITH_AS(decode_reply<ShowSuiteReply>(make_document(json)),
                       doctest::Contains("arguments.entries[1].label"), measure::ConfigError);
  json = json_of(encode_reply(suite_reply()));
  json["entries"][0]["result"]["load"] = "fast";
  CHECK_THROWS_WITH_AS(decode_reply<ShowSuiteReply>(make_document(json)),
                       doctest::Contains("arguments.entries[0].result.load"), measure::ConfigError);
  json = json_of(encode_reply(suite_reply()));
  json["suite"].removeMember("job_count");
  CHECK_THROWS_WITH_AS(decode_reply<ShowSuiteReply>(make_document(json)),
                       doctest::Contains("arguments.suite.job_count"), measure::ConfigError);
}

TEST_CASE("the daemon's show_suite reply from its records is the JSON it always wrote") {
  // A finished job whose stored result lists trials (two with notes), and a queued
  // one whose stored spec this daemon cannot read (no line rate, the rest stands).
  service::SuiteDetails details;
  details.suite.id = 3;
  details.suite.name = "methods";
  details.suite.submitted_by = "uid 0";
  service::SuiteJobDetails finished;
  finished.link = service::SuiteJobLink{11, 0, "ndr", "", 1};
  finished.record.id = 11;
  finished.record.name = "methods/ndr";
  finished.record.method = "mlr";
  finished.record.measurer_kind = "sim";
  finished.record.state = JobState::finished;
  finished.record.spec_json = R"({"unreadable": true})";
  finished.record.trial_count = 3;
  finished.result_json = R"({"stop_reason": "completed", "goals": [], "trials": [
      {"number": 1, "notes": ["rx_missed: 3"]}, {"number": 2, "notes": []},
      {"number": 3}, {"number": 4, "notes": ["a", "b"]}]})";
  service::SuiteJobDetails queued;
  queued.link = service::SuiteJobLink{12, 1, "mrr", "", 2};
  queued.record.id = 12;
  queued.record.method = "mrr";
  queued.record.measurer_kind = "sim";
  queued.record.spec_json = "not json";
  details.suite.jobs = {finished.link, queued.link};
  details.jobs = {finished, queued};
  const std::string job_head =
      R"("created_at":"1970-01-01T00:00:00.000Z","daemon_version":"","finished_at":null,)";
  CHECK(compact(encode_reply(service::show_suite_reply_of(details))) ==
        R"({"entries":[{"frame_size":"","job":{)" + job_head +
            R"("id":11,"measurer":"sim","method":"mlr","name":"methods/ndr","profile":"",)"
            R"("reason":"","run_count":0,"started_at":null,"state":"finished",)"
            R"("submitted_by":"","trex_version":null,"trial_count":3},"label":"ndr",)"
            R"("line_rate":null,"position":0,"repeat":1,)"
            R"("result":{"goals":[],"stop_reason":"completed"},"trials_with_notes":2},)"
            R"({"frame_size":"","job":{)" +
            job_head +
            R"("id":12,"measurer":"sim","method":"mrr","name":"","profile":"",)"
            R"("reason":"","run_count":0,"started_at":null,"state":"queued",)"
            R"("submitted_by":"","trex_version":null,"trial_count":0},"label":"mrr",)"
            R"("line_rate":null,"position":1,"repeat":2,"result":null,)"
            R"("trials_with_notes":null}],)"
            R"("suite":{"created_at":"1970-01-01T00:00:00.000Z","id":3,"job_count":2,)"
            R"("name":"methods","submitted_by":"uid 0"}})");
}

}  // namespace trexsearch::protocol
