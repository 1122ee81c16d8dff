// A trial for people: its line with markers (within 80 columns), the lines under
// it, the notes counted per key and load, and text made safe for a terminal.
#include "daemon/cli/text/trial_text.hpp"

#include <doctest/doctest.h>

#include "daemon/cli/text/terminal_text.hpp"
#include "daemon/cli/text/trial_notes_text.hpp"
#include "daemon/codec/trial_result_codec.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/events/event_codec.hpp"
#include "daemon/protocol/replies/trial_record_codec.hpp"
#include "daemon/report/note_tally.hpp"

using namespace trexsearch;
using namespace trexsearch::cli;

namespace {

// The trials are written in `result`'s JSON and read as a client reads them.
protocol::TrialRecord record(const Json::Value& trial) {
  return protocol::decode_trial_record(trial, "trial");
}

std::vector<protocol::TrialRecord> records(const Json::Value& trials) {
  return protocol::decode_trial_records(trials, "trials");
}

/// A bidirectional 1 s trial in `result`'s shape: direction 0->1 short of frames
/// (tester-limited at 990 kpps) and losing 500, 1->0 clean; repeated after a restart.
Json::Value limited_trial() {
  measure::TrialOutcome outcome;
  outcome.directions = {{"0->1", 1000000, 990000, 989500}, {"1->0", 1000000, 1000000, 1000000}};
  outcome.offered_count = 1990000;
  outcome.loss_count = 500;
  outcome.intended_count = 2000000;
  outcome.tester_limited_pps = 990000.0;
  outcome.counters = "flow_stats";
  outcome.notes =
      measure::parse_notes({"tester_limited: direction 0->1 sent 990000 of 1000000 intended frames",
                            "repeated: measured again (attempt 2) after TRex restarted"});
  Json::Value trial = codec::encode_trial_result(
      measure::TrialResult::from_outcome(1e6, measure::Seconds{1.0}, outcome));
  trial["number"] = 12;
  trial["phase"] = "main";
  return trial;
}

Json::Value plain_trial(int number, double load_pps, std::vector<std::string> notes = {}) {
  measure::TrialOutcome outcome;
  outcome.offered_count = static_cast<std::int64_t>(load_pps);
  outcome.notes = measure::parse_notes(notes);
  Json::Value trial = codec::encode_trial_result(
      measure::TrialResult::from_outcome(load_pps, measure::Seconds{1.0}, outcome));
  trial["number"] = number;
  trial["phase"] = "main";
  return trial;
}

}  // namespace

TEST_CASE("a tester-limited, repeated trial is marked on its line, which stays within 80 columns") {
  Json::Value trial = limited_trial();
  trial["load"] = 99000.0;
  CHECK(format_trial_line(record(trial)) ==
        "trial 12 [main] 99000.0 pps, 1 s: loss 100 %  TESTER-LIMITED 990 kpps, repeated");
  // One column short for both: the tester limit stays, "+1" says a note is not
  // marked (the lines under the trial list every note).
  const std::string line = format_trial_line(record(limited_trial()));
  CHECK(line == "trial 12 [main] 1000000.0 pps, 1 s: loss 100 %  TESTER-LIMITED 990 kpps +1");
  CHECK(line.size() <= kTrialLineColumns);
  CHECK(format_trial_line(record(plain_trial(4, 1e6, {"repeated: measured again (attempt 2)"}))) ==
        "trial 4 [main] 1000000.0 pps, 1 s: loss 0 %  repeated");
  CHECK(format_trial_line(record(plain_trial(3, 5e5))) ==
        "trial 3 [main] 500000.0 pps, 1 s: loss 0 %");
}

TEST_CASE("markers that do not fit in 80 columns become +N, the tester limit last of all") {
  Json::Value trial = limited_trial();
  trial["number"] = 123456;
  trial["phase"] = "initial";
  trial["load"] = 123456789.1;
  trial["intended_duration"] = 1234.5;
  trial["notes"].append("negative_loss: direction 1->0 received 3 more frames than it sent");
  trial["notes"].append("port_counters: counted with port counters");
  const std::string line = format_trial_line(record(trial));
  INFO(line);
  CHECK(line.size() <= kTrialLineColumns);
  CHECK(line.find("TESTER-LIMITED") != std::string::npos);
  CHECK(line.find(" +") != std::string::npos);
  // However long the facts, the line is cut rather than wrapped.
  trial["phase"] = std::string(100, 'p');
  CHECK(format_trial_line(record(trial)).size() <= kTrialLineColumns);
}

TEST_CASE("under a trial: the loss its counts give, each direction's loss, every note") {
  const std::vector<std::string> lines = trial_detail_lines(record(limited_trial()));
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] == "    counted as full loss (tester-limited); its counts give loss 0.525 %");
  CHECK(lines[1] == "    per direction: 0->1 1.05 % (500 lost, 10000 unsent); 1->0 0 %");
  CHECK(lines[2] == "    tester_limited: direction 0->1 sent 990000 of 1000000 intended frames");
  CHECK(lines[3] == "    repeated: measured again (attempt 2) after TRex restarted");
  // No notes, no lost frames: nothing under the line.
  CHECK(trial_detail_lines(record(plain_trial(1, 1e6))).empty());
}

TEST_CASE("a note cannot drive the terminal: control characters and bad UTF-8 are escaped") {
  Json::Value trial = plain_trial(1, 1e6, {"other: \x1b]0;owned\x07 done\r\nnext line"});
  const std::vector<std::string> lines = trial_detail_lines(record(trial));
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == "    other: \\x1b]0;owned\\x07 done\\x0d\\x0anext line");
  CHECK(terminal_safe("caf\xc3\xa9 \xe2\x86\x92 ok") == "caf\xc3\xa9 \xe2\x86\x92 ok");
  CHECK(terminal_safe("csi \xc2\x9b"
                      "2J") == "csi \\u009b2J");
  CHECK(terminal_safe("bad \xff\xc3 end") == "bad \\xff\\xc3 end");
  CHECK(terminal_safe("del \x7f") == "del \\x7f");
  CHECK(terminal_safe_lines("a\nb\tc") == "a\nb\\x09c");
  // Only newlines stay: a carriage return before one is escaped, and a broken
  // UTF-8 sequence ends at the line's end.
  CHECK(terminal_safe_lines("a\r\nb\n") == "a\\x0d\nb\n");
  CHECK(terminal_safe_lines("\xc3\nx\x1b") == "\\xc3\nx\\x1b");
  CHECK(terminal_safe_lines("") == "");
}

TEST_CASE("note keys are the snake_case word before the colon, else other") {
  CHECK(report::note_key(measure::TrialNote::parse("tester_limited: direction 0->1 ...")) ==
        "tester_limited");
  CHECK(report::note_key(measure::TrialNote::parse("repeated: measured again")) == "repeated");
  CHECK(report::note_key(measure::TrialNote::parse("trial stretched by 2 ms")) == "other");
  CHECK(report::note_key(measure::TrialNote::parse("Bad Key: x")) == "other");
  CHECK(report::note_key(measure::TrialNote::parse(": empty")) == "other");
}

TEST_CASE("the notes summary counts trials per key, and per load, the tester limit first") {
  Json::Value trials(Json::arrayValue);
  trials.append(plain_trial(1, 1e7, {"repeated: measured again (attempt 2) after TRex restarted"}));
  Json::Value limited = limited_trial();
  limited["load"] = 1e7;
  trials.append(limited);
  trials.append(limited);
  limited["load"] = 7.5e6;
  trials.append(limited);
  trials.append(plain_trial(5, 5e6, {"free text from a measurer", "port_counters: used"}));
  trials.append(plain_trial(6, 5e6));
  CHECK(format_note_summary(records(trials)) ==
        "notes: 3 tester_limited (at 7500000.0 pps: 1; at 10000000.0 pps: 2), "
        "4 repeated (at 7500000.0 pps: 1; at 10000000.0 pps: 3), "
        "1 port_counters (at 5000000.0 pps: 1), 1 other (at 5000000.0 pps: 1)");
  CHECK(format_note_summary(records(Json::Value(Json::arrayValue))) == "notes: none");
  CHECK(format_counters_summary(records(trials)) ==
        "counters: flow_stats (3 trials), not reported (3)");
  Json::Value all(Json::arrayValue);
  all.append(limited_trial());
  all.append(limited_trial());
  CHECK(format_counters_summary(records(all)) == "counters: flow_stats (all 2 trials)");
  CHECK(format_counters_summary(records(Json::Value(Json::arrayValue))).empty());
}

TEST_CASE("rates in markers have three significant digits") {
  CHECK(short_rate(1.0e6) == "1.00 Mpps");
  CHECK(short_rate(1.234e6) == "1.23 Mpps");
  CHECK(short_rate(14880952.0) == "14.9 Mpps");
  CHECK(short_rate(950000.0) == "950 kpps");
  CHECK(short_rate(2.5e9) == "2.50 Gpps");
  CHECK(short_rate(512.0) == "512 pps");
}

TEST_CASE("a watch event becomes the same trial as result's") {
  Json::Value arguments(Json::objectValue);
  const Json::Value trial = limited_trial();
  arguments["trial"] = 12;
  arguments["duration"] = 1.0;
  for (const char* key : {"phase", "load", "loss_ratio", "measured_loss_ratio", "notes",
                          "directions", "tester_limited_pps", "counters"}) {
    arguments[key] = trial[key];
  }
  arguments["search_time"] = 12.0;
  arguments["job"] = 3;
  arguments["trial_count"] = 12;
  arguments["goals"] = Json::Value(Json::arrayValue);
  const auto event =
      protocol::decode_event_arguments<protocol::TrialEvent>(protocol::make_document(arguments));
  REQUIRE(event.trial.has_value());
  CHECK(format_trial_line(*event.trial) == format_trial_line(record(trial)));
  CHECK(trial_detail_lines(*event.trial) == trial_detail_lines(record(trial)));
}
