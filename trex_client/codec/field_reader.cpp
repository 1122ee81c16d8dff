#include "trex_client/codec/field_reader.hpp"

#include <cmath>
#include <stdexcept>
#include <utility>

#include "trex_client/codec/json_text.hpp"

namespace trexsearch::trex::codec {
namespace {

const char* type_name(const Json::Value& value) {
  switch (value.type()) {
    case Json::nullValue:
      return "null";
    case Json::intValue:
    case Json::uintValue:
    case Json::realValue:
      return "a number";
    case Json::stringValue:
      return "a string";
    case Json::booleanValue:
      return "a boolean";
    case Json::arrayValue:
      return "an array";
    case Json::objectValue:
      return "an object";
  }
  return "unknown";
}

}  // namespace

FieldReader::FieldReader(const Json::Value& value, std::string path, const FieldErrorPolicy& policy)
    : value_(&value), path_(std::move(path)), policy_(&policy) {}

std::string FieldReader::child_path(std::string_view key) const {
  if (path_.empty()) return std::string(key);
  return path_ + "." + std::string(key);
}

void FieldReader::fail(const std::string& reason) const {
  policy_->fail(path_, quote_value(*value_), reason);
  // Policies always throw; this only satisfies [[noreturn]] through the virtual call.
  throw std::logic_error("field error policy returned for " + path_);
}

void FieldReader::expect_object() const {
  if (!value_->isObject()) fail(std::string("expected an object, got ") + type_name(*value_));
}

bool FieldReader::has(std::string_view key) const {
  if (!value_->isObject()) return false;
  const Json::Value* member = value_->find(key.data(), key.data() + key.size());
  return member != nullptr && !member->isNull();
}

FieldReader FieldReader::at(std::string_view key) const {
  expect_object();
  const Json::Value* member = value_->find(key.data(), key.data() + key.size());
  if (member == nullptr) policy_->fail(child_path(key), "(missing)", "required field is missing");
  return FieldReader(*member, child_path(key), *policy_);
}

FieldReader FieldReader::element(Json::ArrayIndex index) const {
  if (!value_->isArray()) fail(std::string("expected an array, got ") + type_name(*value_));
  if (index >= value_->size()) fail("has no element " + std::to_string(index));
  return FieldReader((*value_)[index], path_ + "[" + std::to_string(index) + "]", *policy_);
}

Json::ArrayIndex FieldReader::array_size() const {
  if (!value_->isArray()) fail(std::string("expected an array, got ") + type_name(*value_));
  return value_->size();
}

void FieldReader::reject_unknown(std::initializer_list<std::string_view> known) const {
  expect_object();
  for (const std::string& name : value_->getMemberNames()) {
    bool found = false;
    for (std::string_view k : known) found = found || k == name;
    if (!found) {
      std::string list;
      for (std::string_view k : known) {
        if (!list.empty()) list += ", ";
        list += k;
      }
      policy_->fail(child_path(name), quote_value((*value_)[name]),
                    "unknown field (known: " + list + ")");
    }
  }
}

std::string FieldReader::as_string() const {
  if (!value_->isString()) fail(std::string("expected a string, got ") + type_name(*value_));
  return value_->asString();
}

bool FieldReader::as_bool() const {
  if (!value_->isBool()) fail(std::string("expected true or false, got ") + type_name(*value_));
  return value_->asBool();
}

std::uint64_t FieldReader::as_u64(std::uint64_t max) const {
  std::uint64_t result = 0;
  if (value_->isUInt64()) {
    result = value_->asUInt64();
  } else if (value_->isDouble() && std::isfinite(value_->asDouble()) && value_->asDouble() >= 0.0 &&
             value_->asDouble() < 18446744073709551616.0 &&
             std::floor(value_->asDouble()) == value_->asDouble()) {
    result = static_cast<std::uint64_t>(value_->asDouble());
  } else {
    fail(std::string("expected a whole number >= 0, got ") + type_name(*value_));
  }
  if (result > max) fail("must be <= " + std::to_string(max));
  return result;
}

std::int64_t FieldReader::as_i64(std::int64_t min, std::int64_t max) const {
  std::int64_t result = 0;
  if (value_->isInt64()) {
    result = value_->asInt64();
  } else if (value_->isDouble() && std::isfinite(value_->asDouble()) &&
             std::fabs(value_->asDouble()) < 9.2e18 &&
             std::floor(value_->asDouble()) == value_->asDouble()) {
    result = static_cast<std::int64_t>(value_->asDouble());
  } else {
    fail(std::string("expected a whole number, got ") + type_name(*value_));
  }
  if (result < min || result > max) {
    fail("must be in [" + std::to_string(min) + ", " + std::to_string(max) + "]");
  }
  return result;
}

double FieldReader::as_double() const {
  if (value_->isNull()) return std::nan("");
  if (!value_->isNumeric() || value_->isBool()) {
    fail(std::string("expected a number, got ") + type_name(*value_));
  }
  return value_->asDouble();
}

std::string FieldReader::string_or(std::string_view key, std::string fallback) const {
  return has(key) ? string(key) : std::move(fallback);
}

bool FieldReader::boolean_or(std::string_view key, bool fallback) const {
  return has(key) ? boolean(key) : fallback;
}

std::uint64_t FieldReader::u64_or(std::string_view key, std::uint64_t fallback) const {
  return has(key) ? u64(key) : fallback;
}

double FieldReader::number_or(std::string_view key, double fallback) const {
  // A present null is TRex's NaN, not an absent field.
  if (!value_->isObject()) return fallback;
  return value_->find(key.data(), key.data() + key.size()) != nullptr ? number(key) : fallback;
}

}  // namespace trexsearch::trex::codec
