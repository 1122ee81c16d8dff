#pragma once

#include <json/value.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "daemon/protocol/job_state.hpp"

namespace trexsearch::protocol {

/// Reads the fields of a reply object for a client: required ones must be there
/// with their type (ConfigError naming `path.key` and the value otherwise), null
/// is an absent optional, and keys nobody asks for are passed over (a newer daemon
/// may have appended some). Used by the reply codecs only.
class ReplyFields {
 public:
  /// Throws ConfigError when `json` is not an object.
  ReplyFields(const Json::Value& json, std::string path);

  std::string text(std::string_view key) const;
  std::optional<std::string> optional_text(std::string_view key) const;
  std::int64_t int64(std::string_view key) const;
  std::uint64_t count(std::string_view key) const;
  bool flag(std::string_view key) const;
  /// A job state by its name (ConfigError naming the field for any other text).
  JobState job_state(std::string_view key) const;
  /// The array at `key` (ConfigError when it is missing or not an array).
  const Json::Value& array(std::string_view key) const;
  /// A number (integer or not).
  double number(std::string_view key) const;
  /// The object at `key` (ConfigError when it is missing or not an object).
  const Json::Value& object(std::string_view key) const;
  /// Whether `key` is there and not null (an optional part of the reply).
  bool present(std::string_view key) const;
  /// `path.key`, for nested decoders.
  std::string path_of(std::string_view key) const;

 private:
  const Json::Value& required(std::string_view key) const;

  const Json::Value& json_;
  std::string path_;
};

}  // namespace trexsearch::protocol
