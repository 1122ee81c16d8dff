#include "trex_emulator/rpc/param_reader.hpp"

#include <cstdint>
#include <optional>

#include "trex_emulator/model/rpc_fault.hpp"

namespace trexsearch::trex::emu {
namespace {

enum class FieldType {
  byte,
  uint16,
  uint32,
  uint64,
  boolean,
  integer,
  number,
  unumber,
  object,
  string,
  array
};

const char* type_name(FieldType type) {
  switch (type) {
    case FieldType::byte:
      return "byte";
    case FieldType::uint16:
      return "uint16";
    case FieldType::uint32:
      return "uint32";
    case FieldType::uint64:
      return "uint64";
    case FieldType::boolean:
      return "bool";
    case FieldType::integer:
      return "int";
    case FieldType::number:
      return "double";
    case FieldType::unumber:
      return "unsigned double";
    case FieldType::object:
      return "object";
    case FieldType::string:
      return "string";
    case FieldType::array:
      return "array";
  }
  return "UNKNOWN";
}

const char* json_type_name(const Json::Value& value) {
  switch (value.type()) {
    case Json::nullValue:
      return "null";
    case Json::intValue:
      return "int";
    case Json::uintValue:
      return "uint";
    case Json::realValue:
      return "double";
    case Json::stringValue:
      return "string";
    case Json::booleanValue:
      return "boolean";
    case Json::arrayValue:
      return "array";
    case Json::objectValue:
      return "object";
  }
  return "UNKNOWN";
}

/// The unsigned field types narrower than 64 bits: their largest value and name.
struct NarrowUnsigned {
  std::uint64_t max;
  const char* name;
};

std::optional<NarrowUnsigned> narrow_unsigned(FieldType type) {
  switch (type) {
    case FieldType::byte:
      return NarrowUnsigned{0xFF, "uint8"};
    case FieldType::uint16:
      return NarrowUnsigned{0xFFFF, "uint16"};
    case FieldType::uint32:
      return NarrowUnsigned{0xFFFFFFFFu, "uint32"};
    default:
      return std::nullopt;
  }
}

/// Whether the JSON value has the type at all (ranges are checked apart).
bool has_json_type(const Json::Value& field, FieldType type) {
  switch (type) {
    case FieldType::byte:
    case FieldType::uint16:
    case FieldType::uint32:
    case FieldType::uint64:
      return field.isUInt64();
    case FieldType::boolean:
      return field.isBool();
    case FieldType::integer:
      return field.isInt();
    case FieldType::number:
    case FieldType::unumber:
      return field.isDouble();
    case FieldType::object:
      return field.isObject();
    case FieldType::string:
      return field.isString();
    case FieldType::array:
      return field.isArray();
  }
  return false;
}

// TrexRpcCommand::check_field_type_common.
void check_common(const Json::Value& field, const std::string& name, FieldType type) {
  if (field.isNull()) throw_parse_error("field '" + name + "' value is null");
  std::string specific =
      "is '" + std::string(json_type_name(field)) + "', expecting '" + type_name(type) + "'";
  bool ok = has_json_type(field, type);
  if (const std::optional<NarrowUnsigned> narrow = narrow_unsigned(type);
      narrow && ok && field.asUInt64() > narrow->max) {
    specific = std::string("has size bigger than ") + narrow->name + ".";
    ok = false;
  }
  if (type == FieldType::unumber && ok && field.asDouble() < 0) {
    specific = "has negative value.";
    ok = false;
  }
  if (!ok) {
    throw_parse_error("error at offset: " + std::to_string(field.getOffsetStart()) + " - '" + name +
                      "' " + specific);
  }
}

// TrexRpcCommand::check_field_type for a named member.
const Json::Value& checked(const Json::Value& parent, const std::string& name, FieldType type) {
  if (parent.isNull()) throw_parse_error("field '" + name + "' is missing");
  if (!parent.isObject()) throw_parse_error("parent field '" + name + "' is missing");
  const Json::Value& field = parent[name];
  check_common(field, name, type);
  return field;
}

}  // namespace

bool ParamReader::absent(const Json::Value& parent, const std::string& name) {
  return !parent.isObject() || parent[name].isNull();
}

std::uint8_t ParamReader::byte(const Json::Value& parent, const std::string& name) {
  return static_cast<std::uint8_t>(checked(parent, name, FieldType::byte).asUInt());
}
std::uint16_t ParamReader::uint16(const Json::Value& parent, const std::string& name) {
  return static_cast<std::uint16_t>(checked(parent, name, FieldType::uint16).asUInt());
}
std::uint32_t ParamReader::uint32(const Json::Value& parent, const std::string& name) {
  return static_cast<std::uint32_t>(checked(parent, name, FieldType::uint32).asUInt64());
}
std::uint64_t ParamReader::uint64(const Json::Value& parent, const std::string& name) {
  return checked(parent, name, FieldType::uint64).asUInt64();
}
int ParamReader::integer(const Json::Value& parent, const std::string& name) {
  return checked(parent, name, FieldType::integer).asInt();
}
double ParamReader::number(const Json::Value& parent, const std::string& name) {
  return checked(parent, name, FieldType::number).asDouble();
}
double ParamReader::unsigned_number(const Json::Value& parent, const std::string& name) {
  return checked(parent, name, FieldType::unumber).asDouble();
}
bool ParamReader::boolean(const Json::Value& parent, const std::string& name) {
  return checked(parent, name, FieldType::boolean).asBool();
}
std::string ParamReader::string(const Json::Value& parent, const std::string& name) {
  return checked(parent, name, FieldType::string).asString();
}
const Json::Value& ParamReader::object(const Json::Value& parent, const std::string& name) {
  return checked(parent, name, FieldType::object);
}
const Json::Value& ParamReader::array(const Json::Value& parent, const std::string& name) {
  return checked(parent, name, FieldType::array);
}

const Json::Value& ParamReader::object_at(const Json::Value& array, Json::ArrayIndex index) {
  if (!array.isArray()) throw_parse_error("parent field is missing");
  const Json::Value& field = array[index];
  check_common(field, "array element: " + std::to_string(index + 1) + " ", FieldType::object);
  return field;
}

std::string ParamReader::choice(const Json::Value& parent, const std::string& name,
                                std::initializer_list<const char*> choices) {
  const Json::Value& field = parent.isObject() ? parent[name] : Json::Value::nullSingleton();
  if (field.isNull()) throw_parse_error("field '" + name + "' is missing");
  for (const char* c : choices) {
    if (field.isString() && field.asString() == c) return c;
  }
  // TRex's exact rendering: "field 'type' can only be one of ['raw' ,'bps' ,'pps']".
  std::string list;
  for (const char* c : choices) list += std::string("'") + c + "' ,";
  list.pop_back();
  list.pop_back();
  throw_parse_error("field '" + name + "' can only be one of [" + list + "]");
}

int ParamReader::int_choice(const Json::Value& parent, const std::string& name,
                            std::initializer_list<int> choices) {
  const Json::Value& field = parent.isObject() ? parent[name] : Json::Value::nullSingleton();
  if (field.isNull()) throw_parse_error("field '" + name + "' is missing");
  for (int c : choices) {
    if (field.isInt() && field.asInt() == c) return c;
  }
  std::string list;
  for (int c : choices) list += "'" + std::to_string(c) + "' ,";
  list.pop_back();
  list.pop_back();
  throw_parse_error("field '" + name + "' can only be one of [" + list + "]");
}

}  // namespace trexsearch::trex::emu
