#include "daemon/codec/object_reader.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "daemon/codec/json_writer.hpp"
#include "measure/errors.hpp"

namespace trexsearch::codec {
namespace {

[[noreturn]] void fail(const std::string& path, const Json::Value& value,
                       const std::string& reason) {
  throw measure::ConfigError(path.empty() ? "(document)" : path, quote_json(value), reason);
}

bool is_whole_number(const Json::Value& value) {
  if (value.isInt64() || value.isUInt64()) return true;
  return value.isDouble() && std::floor(value.asDouble()) == value.asDouble();
}

}  // namespace

std::string member_path(std::string_view parent, std::string_view key) {
  std::string path(parent);
  if (!path.empty()) path += '.';
  path += key;
  return path;
}

std::string element_path(std::string_view parent, std::size_t index) {
  return std::string(parent) + "[" + std::to_string(index) + "]";
}

double as_number(const Json::Value& value, const std::string& path) {
  // jsoncpp has no NaN/Infinity in strict mode, but a finite check costs nothing
  // and keeps this safe for values built in code.
  if (!value.isNumeric() || value.isBool()) fail(path, value, "must be a number");
  const double number = value.asDouble();
  if (!std::isfinite(number)) fail(path, value, "must be a finite number");
  return number;
}

std::int64_t as_int64(const Json::Value& value, const std::string& path) {
  if (!value.isNumeric() || value.isBool() || !is_whole_number(value)) {
    fail(path, value, "must be a whole number");
  }
  if (!value.isInt64()) fail(path, value, "must be a whole number within +-9.2e18");
  return value.asInt64();
}

int as_int(const Json::Value& value, const std::string& path) {
  if (!value.isNumeric() || value.isBool() || !is_whole_number(value)) {
    fail(path, value, "must be a whole number");
  }
  if (!value.isInt()) fail(path, value, "must be a whole number within +-2147483647");
  return value.asInt();
}

bool as_bool(const Json::Value& value, const std::string& path) {
  if (!value.isBool()) fail(path, value, "must be true or false");
  return value.asBool();
}

std::string as_string(const Json::Value& value, const std::string& path) {
  if (!value.isString()) fail(path, value, "must be a string");
  return value.asString();
}

const Json::Value& as_array(const Json::Value& value, const std::string& path) {
  if (!value.isArray()) fail(path, value, "must be an array");
  return value;
}

const Json::Value& as_object(const Json::Value& value, const std::string& path) {
  if (!value.isObject()) fail(path, value, "must be an object");
  return value;
}

bool present(const Json::Value& object, const char* key) {
  return object.isObject() && object.isMember(key) && !object[key].isNull();
}

std::optional<double> optional_number(const Json::Value& object, const char* key,
                                      const std::string& path) {
  if (!present(object, key)) return std::nullopt;
  return as_number(object[key], member_path(path, key));
}

std::optional<std::int64_t> optional_int64(const Json::Value& object, const char* key,
                                           const std::string& path) {
  if (!present(object, key)) return std::nullopt;
  return as_int64(object[key], member_path(path, key));
}

std::vector<std::string> optional_strings(const Json::Value& object, const char* key,
                                          const std::string& path) {
  std::vector<std::string> strings;
  if (!present(object, key)) return strings;
  const std::string array_path = member_path(path, key);
  const Json::Value& array = as_array(object[key], array_path);
  for (Json::ArrayIndex i = 0; i < array.size(); ++i) {
    strings.push_back(as_string(array[i], element_path(array_path, i)));
  }
  return strings;
}

ObjectReader::ObjectReader(const Json::Value& value, std::string path)
    : value_(value), path_(std::move(path)) {
  if (!value_.isObject()) fail(path_, value_, "must be an object");
}

bool ObjectReader::has(std::string_view key) {
  if (std::find(known_keys_.begin(), known_keys_.end(), key) == known_keys_.end()) {
    known_keys_.emplace_back(key);
  }
  const Json::Value* found = value_.find(key.data(), key.data() + key.size());
  return found != nullptr && !found->isNull();
}

const Json::Value* ObjectReader::optional_value(std::string_view key) {
  if (!has(key)) return nullptr;
  return value_.find(key.data(), key.data() + key.size());
}

const Json::Value& ObjectReader::required(std::string_view key) {
  const Json::Value* found = optional_value(key);
  if (found == nullptr) {
    const Json::Value* present = value_.find(key.data(), key.data() + key.size());
    throw measure::ConfigError(field_path(key), present != nullptr ? "null" : "(missing)",
                               "required field");
  }
  return *found;
}

double ObjectReader::number(std::string_view key) {
  return as_number(required(key), field_path(key));
}

std::optional<double> ObjectReader::optional_number(std::string_view key) {
  const Json::Value* found = optional_value(key);
  if (found == nullptr) return std::nullopt;
  return as_number(*found, field_path(key));
}

std::int64_t ObjectReader::int64(std::string_view key) {
  return as_int64(required(key), field_path(key));
}

std::optional<std::int64_t> ObjectReader::optional_int64(std::string_view key) {
  const Json::Value* found = optional_value(key);
  if (found == nullptr) return std::nullopt;
  return as_int64(*found, field_path(key));
}

std::optional<int> ObjectReader::optional_int(std::string_view key) {
  const Json::Value* found = optional_value(key);
  if (found == nullptr) return std::nullopt;
  return as_int(*found, field_path(key));
}

std::optional<bool> ObjectReader::optional_bool(std::string_view key) {
  const Json::Value* found = optional_value(key);
  if (found == nullptr) return std::nullopt;
  return as_bool(*found, field_path(key));
}

std::optional<std::string> ObjectReader::optional_string(std::string_view key) {
  const Json::Value* found = optional_value(key);
  if (found == nullptr) return std::nullopt;
  return as_string(*found, field_path(key));
}

const Json::Value& ObjectReader::array(std::string_view key) {
  return as_array(required(key), field_path(key));
}

void ObjectReader::reject_unknown_keys() const {
  for (const auto& key : value_.getMemberNames()) {
    if (std::find(known_keys_.begin(), known_keys_.end(), key) != known_keys_.end()) continue;
    std::string known;
    for (const auto& name : known_keys_) known += (known.empty() ? "" : ", ") + name;
    throw measure::ConfigError(field_path(key), quote_json(value_[key]),
                               "unknown key (known keys here: " + known + ")");
  }
}

}  // namespace trexsearch::codec
