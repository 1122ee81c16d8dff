#include "daemon/protocol/request_codec.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "daemon/codec/strict_json.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/envelope_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::protocol {
namespace {

// A request through both codecs and the envelope, as a client sends it and the
// daemon reads it: the struct that comes out is the one that went in.
template <class R>
R round_trip(const R& request) {
  const std::string line =
      encode_request(Request{std::int64_t{1}, std::string(R::kCommand), encode_arguments(request)});
  const Request parsed = parse_request(line.substr(0, line.size() - 1));
  CHECK(parsed.command == R::kCommand);
  return decode_request<R>(parsed.arguments);
}

Document document(std::string_view json) {
  return make_document(codec::parse_strict_json(json, "test"));
}

template <class R>
std::string refusal(std::string_view arguments) {
  try {
    decode_request<R>(document(arguments));
  } catch (const measure::ConfigError& error) {
    return error.what();
  }
  return "";
}

mlr::SearchGoal goal(const char* name, double loss_ratio) {
  mlr::SearchGoal result;
  result.name = name;
  result.loss_ratio = loss_ratio;
  result.exceed_ratio = 0.25;
  result.relative_width = 0.01;
  result.duration_sum = measure::Seconds(10.0);
  return result;
}

}  // namespace

TEST_CASE("requests without arguments round-trip and refuse any argument") {
  CHECK(round_trip(VersionRequest{}) == VersionRequest{});
  CHECK(round_trip(StatusRequest{}) == StatusRequest{});
  CHECK(round_trip(HelpRequest{}) == HelpRequest{});
  CHECK(refusal<StatusRequest>(R"({"job": 1})").find("arguments.job = 1: unknown key") == 0);
}

TEST_CASE("job requests round-trip their job id and refuse ids below 1") {
  CHECK(round_trip(CancelRequest{7}).job == 7);
  CHECK(round_trip(DeleteRequest{8}).job == 8);
  CHECK(round_trip(ResultRequest{9}).job == 9);
  CHECK(round_trip(WatchRequest{10}).job == 10);
  CHECK(round_trip(ShowRequest{11, false}) == ShowRequest{11, false});
  CHECK(round_trip(ShowRequest{12, true}) == ShowRequest{12, true});
  CHECK(round_trip(ShowRequest{13, false, true}) == ShowRequest{13, false, true});
  CHECK(refusal<ResultRequest>(R"({"job": 0})") == "arguments.job = 0: must be a job id (>= 1)");
  CHECK(refusal<CancelRequest>(R"({})").find("arguments.job") != std::string::npos);
  CHECK(refusal<ShowRequest>(R"({"job": 1, "trials": "no"})").find("arguments.trials") !=
        std::string::npos);
  CHECK(decode_request<ShowRequest>(document(R"({"job": 3})")).trials);
}

TEST_CASE("list requests round-trip state and limit, with the documented defaults and range") {
  CHECK(round_trip(ListRequest{JobState::failed, 5, std::nullopt}) ==
        ListRequest{JobState::failed, 5, std::nullopt});
  CHECK(round_trip(ListRequest{std::nullopt, kMaxListLimit, std::nullopt}) ==
        ListRequest{std::nullopt, kMaxListLimit, std::nullopt});
  CHECK(round_trip(ListRequest{std::nullopt, 3, "lab-a"}) == ListRequest{std::nullopt, 3, "lab-a"});
  CHECK(round_trip(ListSuitesRequest{1}).limit == 1);
  CHECK(decode_request<ListRequest>(document("{}")).limit == kDefaultListLimit);
  CHECK(refusal<ListRequest>(R"({"state": "done"})").find("arguments.state = \"done\"") !=
        std::string::npos);
  CHECK(refusal<ListSuitesRequest>(R"({"limit": 10001})") ==
        "arguments.limit = 10001: must be from 1 to 10000");
}

TEST_CASE("analyze round-trips its goals, every attribute kept") {
  const AnalyzeRequest with_goals{4, std::vector{goal("NDR", 0.0), goal("PDR", 0.005)}};
  CHECK(round_trip(with_goals) == with_goals);
  CHECK(round_trip(AnalyzeRequest{4, std::nullopt}) == AnalyzeRequest{4, std::nullopt});
  CHECK(refusal<AnalyzeRequest>(R"({"job": 1, "goals": []})").find("arguments.goals") !=
        std::string::npos);
}

TEST_CASE("show_suite round-trips a suite named by id or by name") {
  CHECK(round_trip(ShowSuiteRequest{SuiteRef{3, ""}}) == ShowSuiteRequest{SuiteRef{3, ""}});
  CHECK(round_trip(ShowSuiteRequest{SuiteRef{std::nullopt, "nightly"}}) ==
        ShowSuiteRequest{SuiteRef{std::nullopt, "nightly"}});
  CHECK(refusal<ShowSuiteRequest>(R"({"suite": ""})") ==
        "arguments.suite = \"\": must not be empty");
  CHECK(refusal<ShowSuiteRequest>(R"({})").find("is required") != std::string::npos);
}

TEST_CASE("submit and submit_suite carry their document unchanged for the job spec codec") {
  const Document job = document(R"({"method": "mlr", "spec": {"max_load": "100%"}, "name": "x"})");
  CHECK(round_trip(SubmitRequest{job}).job == job);
  const Document suite = document(R"({"name": "s", "job": {}, "repeats": 2})");
  CHECK(round_trip(SubmitSuiteRequest{suite}).suite == suite);
}

TEST_CASE("the command table lists each command once, with the fields its codec reads") {
  std::vector<std::string_view> names;
  for (const CommandArguments& command : command_arguments()) names.push_back(command.command);
  std::vector<std::string_view> sorted = names;
  std::sort(sorted.begin(), sorted.end());
  CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
  CHECK(names.size() == 14);
  // A request with every field set encodes exactly the fields the table lists.
  const std::map<std::string_view, Document> full{
      {VersionRequest::kCommand, encode_arguments(VersionRequest{})},
      {StatusRequest::kCommand, encode_arguments(StatusRequest{})},
      {ListRequest::kCommand, encode_arguments(ListRequest{JobState::queued, 5, "lab-a"})},
      {ShowRequest::kCommand, encode_arguments(ShowRequest{1, false, true})},
      {CancelRequest::kCommand, encode_arguments(CancelRequest{1})},
      {DeleteRequest::kCommand, encode_arguments(DeleteRequest{1})},
      {ResultRequest::kCommand, encode_arguments(ResultRequest{1})},
      {WatchRequest::kCommand, encode_arguments(WatchRequest{1})},
      {AnalyzeRequest::kCommand, encode_arguments(AnalyzeRequest{1, std::vector{goal("N", 0)}})},
      {ShowSuiteRequest::kCommand, encode_arguments(ShowSuiteRequest{SuiteRef{1, ""}})},
      {ListSuitesRequest::kCommand, encode_arguments(ListSuitesRequest{5})},
      {HelpRequest::kCommand, encode_arguments(HelpRequest{})},
  };
  for (const CommandArguments& command : command_arguments()) {
    CAPTURE(command.command);
    if (command.document) continue;
    REQUIRE(full.count(command.command) == 1);
    const Json::Value& json = json_of(full.at(command.command));
    std::vector<std::string> keys = json.getMemberNames();
    std::vector<std::string> fields(command.fields.begin(), command.fields.end());
    std::sort(keys.begin(), keys.end());
    std::sort(fields.begin(), fields.end());
    CHECK(keys == fields);
  }
}

}  // namespace trexsearch::protocol
