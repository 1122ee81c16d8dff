#include "daemon/protocol/replies/reply_codec.hpp"

#include <doctest/doctest.h>

#include "daemon/codec/strict_json.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/envelope_codec.hpp"
#include "daemon/protocol/events/event_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::protocol {
namespace {

// A reply through its codec and the envelope, as the daemon sends it and a
// client reads it: the struct that comes out is the one that went in.
template <class R>
R round_trip(const R& reply) {
  Response response;
  response.id = std::int64_t{3};
  response.text = "text";
  response.arguments = encode_reply(reply);
  const std::string line = encode_response(response);
  return decode_reply<R>(parse_response(line.substr(0, line.size() - 1)).arguments);
}

Document document(std::string_view json) {
  return make_document(codec::parse_strict_json(json, "test"));
}

JobSummary job(JobId id, JobState state) {
  JobSummary summary;
  summary.id = id;
  summary.name = "nightly/64";
  summary.method = "mlr";
  summary.measurer = "trex";
  summary.state = state;
  summary.reason = state == JobState::failed ? "trial 3: TRex went away" : "";
  summary.created_at = "2026-11-25T08:00:00.000Z";
  if (state != JobState::queued) summary.started_at = "2026-11-25T08:00:01.500Z";
  if (state == JobState::failed) summary.finished_at = "2026-11-25T08:10:00.000Z";
  summary.run_count = state == JobState::queued ? 0 : 2;
  summary.trial_count = 41;
  summary.submitted_by = "uid 1000 gid 1000 pid 4242";
  summary.profile = "ipv4-64B";
  summary.daemon_version = "0.1.0";
  if (summary.measurer == "trex" && state != JobState::queued) summary.trex_version = "v3.08";
  return summary;
}

}  // namespace

TEST_CASE("the flat replies round-trip through their codec and the envelope") {
  CHECK(round_trip(VersionReply{"trex-searchd", "0.1.0", 1}) ==
        VersionReply{"trex-searchd", "0.1.0", 1});
  CHECK(round_trip(SubmitReply{12, 3}) == SubmitReply{12, 3});
  CHECK(round_trip(CancelReply{12, JobState::running}) == CancelReply{12, JobState::running});
  CHECK(round_trip(CancelReply{13, JobState::cancelled}) == CancelReply{13, JobState::cancelled});
  CHECK(round_trip(DeleteReply{14, 41}) == DeleteReply{14, 41});
  const SubmitSuiteReply suite{5, "nightly", {20, 21, 22}, 2};
  CHECK(round_trip(suite) == suite);
  const HelpReply help{{{"status", "daemon, TRex, queue", false}, {"submit", "queue a job", true}}};
  CHECK(round_trip(help) == help);
}

TEST_CASE("list replies round-trip every field of each job and suite, nulls included") {
  const ListReply list{
      {job(3, JobState::failed), job(2, JobState::queued), job(1, JobState::finished)}};
  CHECK(round_trip(list) == list);
  CHECK(round_trip(ListReply{}) == ListReply{});
  const ListSuitesReply suites{{{2, "nightly", "2026-11-25T01:00:00.000Z", "uid 0", 16},
                                {1, "weekly", "2026-11-20T01:00:00.000Z", "uid 1000", 0}}};
  CHECK(round_trip(suites) == suites);
}

TEST_CASE("a client reads past keys it does not know and names a missing or mistyped one") {
  // A later daemon may append fields: they are passed over.
  CHECK(decode_reply<SubmitReply>(
            document(R"({"job": 4, "state": "queued", "queue_position": 1, "eta": 30})")) ==
        SubmitReply{4, 1});
  CHECK_THROWS_WITH_AS(decode_reply<DeleteReply>(document(R"({"job": 4})")),
                       "arguments.trials = (missing): is required", measure::ConfigError);
  CHECK_THROWS_WITH_AS(decode_reply<CancelReply>(document(R"({"job": 4, "state": "gone"})")),
                       "arguments.state = \"gone\": is no job state", measure::ConfigError);
  CHECK_THROWS_WITH_AS(decode_reply<ListReply>(document(R"({"jobs": [{"id": "x"}]})")),
                       doctest::Contains("arguments.jobs[0].id"), measure::ConfigError);
}

}  // namespace trexsearch::protocol

namespace trexsearch::protocol {

TEST_CASE("job.started and job.ended round-trip through their codec and the event line") {
  auto through_line = [](const std::string_view name, const Document& arguments) {
    const std::string line = encode_event(Event{std::string("w-1"), std::string(name), arguments});
    const auto event = parse_event(line.substr(0, line.size() - 1));
    REQUIRE(event.has_value());
    CHECK(event->event == name);
    return event->arguments;
  };
  const JobStartedEvent started{7};
  CHECK(decode_event_arguments<JobStartedEvent>(
            through_line(JobStartedEvent::kEvent, encode_event_arguments(started))) == started);
  for (const JobEndedEvent& ended :
       {JobEndedEvent{7, JobState::finished, "search done", 0},
        JobEndedEvent{8, JobState::interrupted, "the daemon is stopping", 12},
        JobEndedEvent{9, JobState::failed, "trial 3: TRex went away", 0}}) {
    CHECK(decode_event_arguments<JobEndedEvent>(
              through_line(JobEndedEvent::kEvent, encode_event_arguments(ended))) == ended);
  }
  CHECK_FALSE(json_of(encode_event_arguments(JobEndedEvent{})).isMember("skipped_trial_events"));
}

}  // namespace trexsearch::protocol
