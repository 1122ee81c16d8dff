#include "daemon/codec/json_writer.hpp"

#include <cstdio>
#include <string>

#include "measure/errors.hpp"

namespace trexsearch::codec {
namespace {

// One pass over the value, no jsoncpp writer: replies on the daemon's socket go out
// thousands of times a second, and a StreamWriterBuilder per value cost ~40x more.

void write_string(const char* begin, const char* end, std::string& out) {
  out += '"';
  for (const char* p = begin; p != end; ++p) {
    const char c = *p;
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
          out += escaped;
        } else {
          out += c;  // UTF-8 passes through
        }
    }
  }
  out += '"';
}

/// Doubles in their shortest form that parses back to the same bits (0.005, not
/// 0.0050000000000000001): exact for reviewers comparing to 1e-9, and readable.
void write_scalar(const Json::Value& value, std::string& out) {
  switch (value.type()) {
    case Json::nullValue:
      out += "null";
      break;
    case Json::intValue:
      out += std::to_string(value.asLargestInt());
      break;
    case Json::uintValue:
      out += std::to_string(value.asLargestUInt());
      break;
    case Json::realValue: {
      std::string text = measure::format_value(value.asDouble());
      // Keep reals recognisable as reals: 21.0 rather than 21.
      if (text.find_first_of(".eEn") == std::string::npos) text += ".0";
      out += text;
      break;
    }
    case Json::stringValue: {
      const char* begin = nullptr;
      const char* end = nullptr;
      value.getString(&begin, &end);
      write_string(begin, end, out);
      break;
    }
    case Json::booleanValue:
      out += value.asBool() ? "true" : "false";
      break;
    default:
      break;  // containers are written by write_value
  }
}

void write_indent(int depth, std::string& out) {
  out.append(static_cast<std::size_t>(depth) * 2, ' ');
}

// Pretty: the usual `"key": [` layout (jsoncpp's styled writer puts nested values on
// a line of their own after the key). `depth` < 0 writes the compact form. Keys in
// jsoncpp's order (sorted).
void write_value(const Json::Value& value, int depth, std::string& out) {
  const bool pretty = depth >= 0;
  const auto newline = [&](int level) {
    if (!pretty) return;
    out += '\n';
    write_indent(level, out);
  };
  if (value.isArray() && !value.empty()) {
    out += '[';
    for (Json::ArrayIndex i = 0; i < value.size(); ++i) {
      if (i > 0) out += ',';
      newline(depth + 1);
      write_value(value[i], pretty ? depth + 1 : -1, out);
    }
    newline(depth);
    out += ']';
  } else if (value.isObject() && !value.empty()) {
    out += '{';
    bool first = true;
    for (auto it = value.begin(); it != value.end(); ++it) {
      if (!first) out += ',';
      first = false;
      newline(depth + 1);
      const char* end = nullptr;
      const char* begin = it.memberName(&end);
      write_string(begin, end, out);
      out += pretty ? ": " : ":";
      write_value(*it, pretty ? depth + 1 : -1, out);
    }
    newline(depth);
    out += '}';
  } else if (value.isArray()) {
    out += "[]";
  } else if (value.isObject()) {
    out += "{}";
  } else {
    write_scalar(value, out);
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
  out.reserve(256);
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
