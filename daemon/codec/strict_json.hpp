#pragma once

#include <json/value.h>

#include <stdexcept>
#include <string>
#include <string_view>

namespace trexsearch::codec {

/// The text is not JSON (or not the strict JSON we accept); the message reads
/// "SOURCE:LINE:COLUMN: what is wrong".
class JsonSyntaxError : public std::invalid_argument {
 public:
  JsonSyntaxError(std::string source, int line, int column, const std::string& reason);

  const std::string& source() const noexcept { return source_; }
  /// 1-based; 0 when the parser gave no position.
  int line() const noexcept { return line_; }
  /// 1-based; 0 when the parser gave no position.
  int column() const noexcept { return column_; }

 private:
  std::string source_;
  int line_;
  int column_;
};

/// Parses one JSON document strictly: an object or array at the root, no comments,
/// no trailing commas or garbage, no duplicate keys, no NaN/Infinity.
/// `source` names the input in errors (a file name, "stdin", "measurer reply").
Json::Value parse_strict_json(std::string_view text, std::string_view source);

}  // namespace trexsearch::codec
