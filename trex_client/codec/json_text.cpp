#include "trex_client/codec/json_text.hpp"

#include <memory>

namespace trexsearch::trex::codec {
namespace {

// jsoncpp rejects "1e+9999", which TRex's jsoncpp prints for an infinite double
// (trex-protocol.md §1.2); rewrite such tokens outside strings to "Infinity", which
// the reader accepts with allowSpecialFloats.
std::string tolerate_infinities(std::string_view text) {
  static constexpr std::string_view token = "1e+9999";
  std::string out;
  out.reserve(text.size());
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      out.push_back(c);
      if (c == '\\' && i + 1 < text.size()) {
        out.push_back(text[++i]);
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') in_string = true;
    if (text.substr(i, token.size()) == token) {
      out += "Infinity";
      i += token.size() - 1;
      continue;
    }
    out.push_back(c);
  }
  return out;
}

const Json::CharReaderBuilder& reader_builder() {
  static const Json::CharReaderBuilder builder = [] {
    Json::CharReaderBuilder b;
    b["collectComments"] = false;
    b["allowSpecialFloats"] = true;
    b["failIfExtra"] = true;
    b["strictRoot"] = false;
    return b;
  }();
  return builder;
}

const Json::StreamWriterBuilder& writer_builder() {
  static const Json::StreamWriterBuilder builder = [] {
    Json::StreamWriterBuilder b;
    b["indentation"] = "";
    b["emitUTF8"] = true;
    return b;
  }();
  return builder;
}

}  // namespace

std::optional<Json::Value> parse_json(std::string_view text, std::string& error) {
  std::string rewritten;
  if (text.find("e+9999") != std::string_view::npos) {
    rewritten = tolerate_infinities(text);
    text = rewritten;
  }
  const std::unique_ptr<Json::CharReader> reader(reader_builder().newCharReader());
  Json::Value value;
  std::string errors;
  bool parsed = false;
  try {
    parsed = reader->parse(text.data(), text.data() + text.size(), &value, &errors);
  } catch (const Json::Exception& exception) {
    // jsoncpp throws (instead of failing) when nesting exceeds its stackLimit, e.g.
    // a reply or profile of 1000 '[' (found by fuzzing): still just bad JSON.
    errors = exception.what();
  }
  if (!parsed) {
    // jsoncpp's messages start with "* Line 1, Column N\n  "; keep them on one line.
    for (char& c : errors) {
      if (c == '\n') c = ' ';
    }
    while (!errors.empty() && errors.back() == ' ') errors.pop_back();
    error = errors;
    return std::nullopt;
  }
  return value;
}

std::string write_json(const Json::Value& value) {
  return Json::writeString(writer_builder(), value);
}

std::string quote_value(const Json::Value& value) {
  std::string text = write_json(value);
  if (text.size() > 80) text = text.substr(0, 77) + "...";
  return text;
}

}  // namespace trexsearch::trex::codec
