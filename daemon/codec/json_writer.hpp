#pragma once

#include <json/value.h>

#include <string>

namespace trexsearch::codec {

/// Pretty JSON (`"key": value`, 2-space indent, keys sorted), doubles in their
/// shortest form that parses back to the same bits.
std::string to_pretty_json(const Json::Value& value);

/// One-line JSON with no spaces, doubles in their shortest exact form (for line protocols).
std::string to_compact_json(const Json::Value& value);

/// Compact JSON cut to at most `max_chars` characters ("..." marks the cut), for
/// quoting offending values in error messages.
std::string quote_json(const Json::Value& value, std::size_t max_chars = 80);

/// `text` cut to at most `max_chars` characters ("..." marks the cut).
std::string truncate_text(std::string text, std::size_t max_chars);

}  // namespace trexsearch::codec
