#pragma once

#include <json/value.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trexsearch::codec {

/// "goals" + "exceed_ratio" -> "goals.exceed_ratio"; an empty parent gives just the key.
std::string member_path(std::string_view parent, std::string_view key);

/// "goals" + 1 -> "goals[1]".
std::string element_path(std::string_view parent, std::size_t index);

/// The value as a number; throws ConfigError(path, value, reason) otherwise.
double as_number(const Json::Value& value, const std::string& path);
/// The value as a whole number fitting int64 (1e6 is accepted, 2.5 is not).
std::int64_t as_int64(const Json::Value& value, const std::string& path);
/// The value as a whole number fitting int.
int as_int(const Json::Value& value, const std::string& path);
/// The value as true/false (not 0/1, not "true").
bool as_bool(const Json::Value& value, const std::string& path);
/// The value as a string.
std::string as_string(const Json::Value& value, const std::string& path);
/// Throws ConfigError unless the value is an array.
const Json::Value& as_array(const Json::Value& value, const std::string& path);
/// Throws ConfigError unless the value is an object.
const Json::Value& as_object(const Json::Value& value, const std::string& path);

// Lenient readers of replies and stored documents: a key that is absent or null
// means "none"; a key that is there must have its type.

/// Whether `object` is an object holding `key` with a value other than null.
bool present(const Json::Value& object, const char* key);
/// `object[key]` as a number; nullopt when it is absent or null.
std::optional<double> optional_number(const Json::Value& object, const char* key,
                                      const std::string& path);
/// `object[key]` as a whole number; nullopt when it is absent or null.
std::optional<std::int64_t> optional_int64(const Json::Value& object, const char* key,
                                           const std::string& path);
/// `object[key]` as an array of strings; empty when it is absent or null.
std::vector<std::string> optional_strings(const Json::Value& object, const char* key,
                                          const std::string& path);

/// Reads the fields of one JSON object by name. Every error is a ConfigError naming
/// the JSON path (`goals[1].exceed_ratio`) and the offending value. Keys that no
/// getter asked for are rejected by `reject_unknown_keys()`, so that a typo fails
/// loudly instead of silently leaving a default in place. In optional getters,
/// `null` counts as absent.
class ObjectReader {
 public:
  /// Throws ConfigError when `value` is not an object.
  ObjectReader(const Json::Value& value, std::string path);

  /// The object's own path ("" for the document root).
  const std::string& path() const { return path_; }
  /// The path of one of its fields.
  std::string field_path(std::string_view key) const { return member_path(path_, key); }

  /// Whether the key is present and not null; marks it as known.
  bool has(std::string_view key);

  double number(std::string_view key);
  std::optional<double> optional_number(std::string_view key);
  std::int64_t int64(std::string_view key);
  std::optional<std::int64_t> optional_int64(std::string_view key);
  std::optional<int> optional_int(std::string_view key);
  std::optional<bool> optional_bool(std::string_view key);
  std::optional<std::string> optional_string(std::string_view key);
  /// A required array field.
  const Json::Value& array(std::string_view key);
  /// The raw value of a field (marks it as known), or nullptr when absent or null.
  const Json::Value* optional_value(std::string_view key);

  /// Throws ConfigError for the first key no getter asked for, listing the known keys.
  void reject_unknown_keys() const;

 private:
  const Json::Value& required(std::string_view key);

  const Json::Value& value_;
  std::string path_;
  std::vector<std::string> known_keys_;
};

}  // namespace trexsearch::codec
