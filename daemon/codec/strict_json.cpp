#include "daemon/codec/strict_json.hpp"

#include <json/reader.h>
#include <json/value.h>

#include <memory>

namespace trexsearch::codec {
namespace {

std::string format_location(const std::string& source, int line, int column) {
  std::string text = source;
  if (line > 0) text += ":" + std::to_string(line) + ":" + std::to_string(column);
  return text;
}

// Nesting deeper than this is never meaningful in our formats; the limit keeps a
// hostile input from exhausting the stack.
constexpr int kMaxNesting = 64;

struct ParsedError {
  int line = 0;
  int column = 0;
  std::string reason;
};

// jsoncpp reports "* Line L, Column C\n  reason\n" per error; the first error is
// the one that matters (later ones are consequences), and "file:line:col: reason"
// is the form editors and humans recognise.
ParsedError first_error(const std::string& messages) {
  ParsedError error;
  const auto line_pos = messages.find("Line ");
  const auto column_pos = messages.find("Column ");
  if (line_pos != std::string::npos && column_pos != std::string::npos) {
    try {
      error.line = std::stoi(messages.substr(line_pos + 5));
      error.column = std::stoi(messages.substr(column_pos + 7));
    } catch (const std::exception&) {
      error.line = error.column = 0;
    }
  }
  const auto reason_start = messages.find('\n');
  if (reason_start == std::string::npos) {
    error.reason = messages;
  } else {
    auto reason_end = messages.find('\n', reason_start + 1);
    if (reason_end == std::string::npos) reason_end = messages.size();
    error.reason = messages.substr(reason_start + 1, reason_end - reason_start - 1);
    const auto first = error.reason.find_first_not_of(' ');
    error.reason = first == std::string::npos ? std::string{} : error.reason.substr(first);
  }
  if (error.reason.empty()) error.reason = "invalid JSON";
  return error;
}

}  // namespace

JsonSyntaxError::JsonSyntaxError(std::string source, int line, int column,
                                 const std::string& reason)
    : std::invalid_argument(format_location(source, line, column) + ": " + reason),
      source_(std::move(source)),
      line_(line),
      column_(column) {}

Json::Value parse_strict_json(std::string_view text, std::string_view source) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    throw JsonSyntaxError(std::string(source), 0, 0, "empty input, expected a JSON object");
  }
  Json::CharReaderBuilder builder;
  Json::CharReaderBuilder::strictMode(&builder.settings_);
  builder.settings_["stackLimit"] = kMaxNesting;
  const std::unique_ptr<Json::CharReader> reader(builder.newCharReader());
  Json::Value root;
  std::string messages;
  bool parsed = false;
  try {
    parsed = reader->parse(text.data(), text.data() + text.size(), &root, &messages);
  } catch (const Json::Exception& error) {
    // jsoncpp throws (rather than reports) when the nesting limit is exceeded.
    throw JsonSyntaxError(
        std::string(source), 0, 0,
        "nested deeper than " + std::to_string(kMaxNesting) + " levels (" + error.what() + ")");
  }
  if (!parsed) {
    const ParsedError error = first_error(messages);
    throw JsonSyntaxError(std::string(source), error.line, error.column, error.reason);
  }
  return root;
}

}  // namespace trexsearch::codec
