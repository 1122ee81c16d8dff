#include "daemon/protocol/reply_fields_codec.hpp"

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/object_reader.hpp"
#include "measure/errors.hpp"

namespace trexsearch::protocol {

ReplyFields::ReplyFields(const Json::Value& json, std::string path)
    : json_(json), path_(std::move(path)) {
  if (!json_.isObject())
    throw measure::ConfigError(path_, codec::quote_json(json_), "must be an object");
}

std::string ReplyFields::path_of(std::string_view key) const {
  return codec::member_path(path_, key);
}

const Json::Value& ReplyFields::required(std::string_view key) const {
  const Json::Value* value = json_.find(key.data(), key.data() + key.size());
  if (value == nullptr) throw measure::ConfigError(path_of(key), "(missing)", "is required");
  return *value;
}

std::string ReplyFields::text(std::string_view key) const {
  return codec::as_string(required(key), path_of(key));
}

std::optional<std::string> ReplyFields::optional_text(std::string_view key) const {
  const Json::Value* value = json_.find(key.data(), key.data() + key.size());
  if (value == nullptr || value->isNull()) return std::nullopt;
  return codec::as_string(*value, path_of(key));
}

std::int64_t ReplyFields::int64(std::string_view key) const {
  return codec::as_int64(required(key), path_of(key));
}

std::uint64_t ReplyFields::count(std::string_view key) const {
  const std::int64_t value = int64(key);
  if (value < 0)
    throw measure::ConfigError(path_of(key), std::to_string(value), "must not be negative");
  return static_cast<std::uint64_t>(value);
}

bool ReplyFields::flag(std::string_view key) const {
  return codec::as_bool(required(key), path_of(key));
}

JobState ReplyFields::job_state(std::string_view key) const {
  const std::string name = text(key);
  const auto state = job_state_from_string(name);
  if (!state) throw measure::ConfigError(path_of(key), "\"" + name + "\"", "is no job state");
  return *state;
}

const Json::Value& ReplyFields::array(std::string_view key) const {
  return codec::as_array(required(key), path_of(key));
}

double ReplyFields::number(std::string_view key) const {
  return codec::as_number(required(key), path_of(key));
}

const Json::Value& ReplyFields::object(std::string_view key) const {
  const Json::Value& value = required(key);
  if (!value.isObject())
    throw measure::ConfigError(path_of(key), codec::quote_json(value), "must be an object");
  return value;
}

bool ReplyFields::present(std::string_view key) const {
  const Json::Value* value = json_.find(key.data(), key.data() + key.size());
  return value != nullptr && !value->isNull();
}

}  // namespace trexsearch::protocol
