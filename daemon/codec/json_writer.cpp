#include "daemon/codec/json_writer.hpp"

#include <json/writer.h>

#include "search/errors.hpp"

namespace trexsearch::codec {
namespace {

std::string write_with_jsoncpp(const Json::Value& value) {
  Json::StreamWriterBuilder builder;
  builder["indentation"] = "";
  builder["precision"] = 17;
  builder["precisionType"] = "significant";
  builder["emitUTF8"] = true;
  return Json::writeString(builder, value);
}

/// Doubles in their shortest form that parses back to the same bits (0.005, not
/// 0.0050000000000000001): exact for reviewers comparing to 1e-9, and readable.
std::string write_scalar(const Json::Value& value) {
  if (value.type() != Json::realValue) return write_with_jsoncpp(value);
  std::string text = format_value(value.asDouble());
  // Keep reals recognisable as reals: 21.0 rather than 21.
  if (text.find_first_of(".eEn") == std::string::npos) text += ".0";
  return text;
}

void write_indent(int depth, std::string& out) {
  out.append(static_cast<std::size_t>(depth) * 2, ' ');
}

// jsoncpp's styled writer puts every nested array or object on a line of its own
// after its key ("key" :\n[); the usual `"key": [` layout reads better in docs and
// diffs. Strings and keys still go through jsoncpp for escaping.
// `depth` < 0 writes the compact form.
void write_value(const Json::Value& value, int depth, std::string& out) {
  const bool pretty = depth >= 0;
  const auto newline = [&](int level) {
    if (!pretty) return;
    out += "\n";
    write_indent(level, out);
  };
  if (value.isArray() && !value.empty()) {
    out += "[";
    for (Json::ArrayIndex i = 0; i < value.size(); ++i) {
      if (i > 0) out += ",";
      newline(depth + 1);
      write_value(value[i], pretty ? depth + 1 : -1, out);
    }
    newline(depth);
    out += "]";
  } else if (value.isObject() && !value.empty()) {
    out += "{";
    const auto names = value.getMemberNames();
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (i > 0) out += ",";
      newline(depth + 1);
      out += write_with_jsoncpp(Json::Value(names[i])) + (pretty ? ": " : ":");
      write_value(value[names[i]], pretty ? depth + 1 : -1, out);
    }
    newline(depth);
    out += "}";
  } else {
    out += write_scalar(value);
  }
}

}  // namespace

std::string to_pretty_json(const Json::Value& value) {
  std::string out;
  write_value(value, 0, out);
  return out;
}

std::string to_compact_json(const Json::Value& value) {
  std::string out;
  write_value(value, -1, out);
  return out;
}

std::string truncate_text(std::string text, std::size_t max_chars) {
  if (text.size() > max_chars) {
    text.resize(max_chars > 3 ? max_chars - 3 : 0);
    text += "...";
  }
  return text;
}

std::string quote_json(const Json::Value& value, std::size_t max_chars) {
  return truncate_text(to_compact_json(value), max_chars);
}

}  // namespace trexsearch::codec
