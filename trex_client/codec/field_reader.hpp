#pragma once

// Codec-internal: typed, path-aware reading of a parsed JSON value. Every failure
// names the field path (e.g. "result.ports[1].hw_mac") and the offending value.

#include <json/json.h>

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace trexsearch::trex::codec {

/// How a reader reports a bad field: the caller decides the exception type
/// (TrexError for replies, ConfigError for profiles).
class FieldErrorPolicy {
 public:
  virtual ~FieldErrorPolicy() = default;
  /// Throws; `path` names the field, `value` is its JSON text (or "(missing)").
  [[noreturn]] virtual void fail(const std::string& path, const std::string& value,
                                 const std::string& reason) const = 0;
};

/// A view of one JSON value at a known path.
class FieldReader {
 public:
  FieldReader(const Json::Value& value, std::string path, const FieldErrorPolicy& policy);

  const Json::Value& json() const { return *value_; }
  const std::string& path() const { return path_; }

  /// True when the object has `key` with a non-null value.
  bool has(std::string_view key) const;
  /// The member `key` of this object; fails when this is not an object or `key` is absent.
  FieldReader at(std::string_view key) const;
  /// Element `index` of this array.
  FieldReader element(Json::ArrayIndex index) const;
  /// Number of elements; fails when this is not an array.
  Json::ArrayIndex array_size() const;

  /// Fails unless this is an object.
  void expect_object() const;
  /// Fails on the first member of this object not in `known` (typos in files).
  void reject_unknown(std::initializer_list<std::string_view> known) const;

  std::string as_string() const;
  bool as_bool() const;
  /// A whole non-negative number (integral doubles accepted, like TRex) <= `max`.
  std::uint64_t as_u64(std::uint64_t max = std::numeric_limits<std::uint64_t>::max()) const;
  /// A whole number in [min, max].
  std::int64_t as_i64(std::int64_t min = std::numeric_limits<std::int64_t>::min(),
                      std::int64_t max = std::numeric_limits<std::int64_t>::max()) const;
  /// Any JSON number; `null` (TRex's NaN) reads as NaN.
  double as_double() const;

  std::string string(std::string_view key) const { return at(key).as_string(); }
  bool boolean(std::string_view key) const { return at(key).as_bool(); }
  std::uint64_t u64(std::string_view key,
                    std::uint64_t max = std::numeric_limits<std::uint64_t>::max()) const {
    return at(key).as_u64(max);
  }
  double number(std::string_view key) const { return at(key).as_double(); }

  std::string string_or(std::string_view key, std::string fallback) const;
  bool boolean_or(std::string_view key, bool fallback) const;
  std::uint64_t u64_or(std::string_view key, std::uint64_t fallback) const;
  double number_or(std::string_view key, double fallback) const;

  /// Reports this field as bad.
  [[noreturn]] void fail(const std::string& reason) const;

 private:
  std::string child_path(std::string_view key) const;

  const Json::Value* value_;
  std::string path_;
  const FieldErrorPolicy* policy_;
};

}  // namespace trexsearch::trex::codec
