// docs/socket-api.md against the code: every command the daemon has is
// documented, with exactly the arguments its codec reads and its privilege, and
// the document describes no command the daemon lacks.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "daemon/dispatch/dispatcher.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/reply_codec.hpp"
#include "daemon/protocol/replies/status_reply_codec.hpp"
#include "daemon/protocol/replies/suite_replies_codec.hpp"
#include "daemon/protocol/request_codec.hpp"
#include "tests/support/build_paths.hpp"

namespace trexsearch::protocol {
namespace {

struct DocumentedCommand {
  bool privileged = false;
  std::string body;
};

std::string read_doc() {
  std::ifstream in(trexsearch::testing::build_paths::source_dir() + "/docs/socket-api.md");
  REQUIRE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The `### \`name\`` sections under "## Commands", up to the next heading.
std::map<std::string, DocumentedCommand> documented_commands() {
  const std::string doc = read_doc();
  const std::size_t start = doc.find("\n## Commands\n");
  REQUIRE(start != std::string::npos);
  std::map<std::string, DocumentedCommand> commands;
  std::istringstream lines(doc.substr(start + 1));
  const std::regex heading(R"(^### `([a-z_]+)`( \(privileged\))?\s*$)");
  std::string line;
  std::string current;
  std::getline(lines, line);  // "## Commands"
  while (std::getline(lines, line)) {
    if (line.starts_with("## ")) break;
    std::smatch match;
    if (std::regex_match(line, match, heading)) {
      current = match[1];
      CHECK_MESSAGE(commands.count(current) == 0, "documented twice: " << current);
      commands[current].privileged = match[2].matched;
    } else if (!current.empty()) {
      commands[current].body += line + "\n";
    }
  }
  return commands;
}

// The names in backquotes of the first sentence after "Arguments:" (none when
// the section has no such sentence: "No arguments.").
std::set<std::string> documented_arguments(const std::string& body) {
  const std::size_t at = body.find("Arguments:");
  if (at == std::string::npos || (at > 0 && body[at - 1] != '\n' && body[at - 1] != ' ')) return {};
  std::string sentence = body.substr(at, body.find(". ", at) - at);
  sentence = sentence.substr(0, sentence.find(".\n"));
  std::set<std::string> names;
  const std::regex name("`([a-z_]+)`");
  for (auto it = std::sregex_iterator(sentence.begin(), sentence.end(), name);
       it != std::sregex_iterator(); ++it) {
    names.insert((*it)[1]);
  }
  return names;
}

}  // namespace

TEST_CASE("docs/socket-api.md documents exactly the daemon's commands, privileged as they are") {
  const auto documented = documented_commands();
  const auto registry = service::Dispatcher::command_list();
  std::set<std::string> in_registry;
  for (const auto& command : registry) {
    CAPTURE(command.name);
    in_registry.insert(std::string(command.name));
    REQUIRE_MESSAGE(documented.count(std::string(command.name)) == 1,
                    "not documented in docs/socket-api.md: " << command.name);
    CHECK(documented.at(std::string(command.name)).privileged == command.privileged);
  }
  for (const auto& entry : documented) {
    CHECK_MESSAGE(in_registry.count(entry.first) == 1,
                  "documented but not a command of the daemon: " << entry.first);
  }
  std::set<std::string> in_codecs;
  for (const CommandArguments& command : command_arguments()) {
    in_codecs.insert(std::string(command.command));
  }
  CHECK(in_codecs == in_registry);
}

TEST_CASE("each command's documented arguments are exactly those its codec reads") {
  const auto documented = documented_commands();
  for (const CommandArguments& command : command_arguments()) {
    CAPTURE(command.command);
    const auto found = documented.find(std::string(command.command));
    REQUIRE(found != documented.end());
    // submit and submit_suite take a whole document, described by its own page.
    if (command.document) continue;
    const std::set<std::string> fields(command.fields.begin(), command.fields.end());
    CHECK(documented_arguments(found->second.body) == fields);
  }
}

TEST_CASE("every key of the protocol's own replies is documented under its command") {
  const auto documented = documented_commands();
  JobSummary job;
  job.started_at = job.finished_at = job.trex_version = "";
  // Every part of `status` there, with its optional keys.
  StatusReply status;
  status.trex = StatusReply::TrexLink{"failed", false, "", "", "", "", "", 0};
  status.queue.running = StatusReply::RunningJob{};
  status.store = StatusReply::Store{"", 0, 0, false, 0, false, "", ""};
  status.clients = StatusReply::Clients{};
  // A suite entry with every key, its optional parts present.
  ShowSuiteReply suite;
  ShowSuiteEntry suite_entry;
  suite_entry.result = ResultDocument{make_document(Json::Value(Json::objectValue)), {}};
  suite_entry.trials_with_notes = 0;
  suite_entry.line_rate = LineRateFacts{};
  suite.entries.push_back(suite_entry);
  const std::map<std::string, Document> replies{
      {"version", encode_reply(VersionReply{})},
      {"submit", encode_reply(SubmitReply{})},
      {"cancel", encode_reply(CancelReply{})},
      {"delete", encode_reply(DeleteReply{})},
      {"list", encode_reply(ListReply{{job}})},
      {"list_suites", encode_reply(ListSuitesReply{{SuiteSummary{}}})},
      {"show_suite", encode_reply(suite)},
      {"submit_suite", encode_reply(SubmitSuiteReply{})},
      {"help", encode_reply(HelpReply{{HelpReply::Command{}}})},
      {"status", encode_reply(status)},
  };
  for (const auto& entry : replies) {
    const std::string& command = entry.first;
    const Document& arguments = entry.second;
    const std::string& body = documented.at(command).body;
    // The reply's keys and those of its objects (`status`) and of the objects in its
    // arrays (JOB, a suite, a suite entry, a command).
    std::vector<std::string> keys = json_of(arguments).getMemberNames();
    for (const std::string& key : json_of(arguments).getMemberNames()) {
      const auto& value = json_of(arguments)[key];
      if (value.isArray() && !value.empty() && value[0].isObject()) {
        for (const std::string& inner : value[0].getMemberNames()) keys.push_back(inner);
      }
      if (value.isObject()) {
        for (const std::string& inner : value.getMemberNames()) keys.push_back(inner);
      }
      if (key == "queue") {
        for (const std::string& inner : value["running"].getMemberNames()) keys.push_back(inner);
      }
    }
    for (const std::string& key : keys) {
      CAPTURE(command);
      CAPTURE(key);
      CHECK(body.find("\"" + key + "\"") != std::string::npos);
    }
  }
}

}  // namespace trexsearch::protocol
