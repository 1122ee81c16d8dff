#include "trex_emulator/rpc/param_reader.hpp"

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

// TrexRpcCommand::check_field_type_common.
void check_common(const Json::Value& field, const std::string& name, FieldType type) {
  if (field.isNull()) throw_parse_error("field '" + name + "' value is null");
  std::string specific =
      "is '" + std::string(json_type_name(field)) + "', expecting '" + type_name(type) + "'";
  bool ok = true;
  switch (type) {
    case FieldType::byte:
      ok = field.isUInt64() && field.asUInt64() <= 0xFF;
      if (field.isUInt64() && !ok) specific = "has size bigger than uint8.";
      break;
    case FieldType::uint16:
      ok = field.isUInt64() && field.asUInt64() <= 0xFFFF;
      if (field.isUInt64() && !ok) specific = "has size bigger than uint16.";
      break;
    case FieldType::uint32:
      ok = field.isUInt64() && field.asUInt64() <= 0xFFFFFFFFu;
      if (field.isUInt64() && !ok) specific = "has size bigger than uint32.";
      break;
    case FieldType::uint64:
      ok = field.isUInt64();
      break;
    case FieldType::boolean:
      ok = field.isBool();
      break;
    case FieldType::integer:
      ok = field.isInt();
      break;
    case FieldType::number:
      ok = field.isDouble();
      break;
    case FieldType::unumber:
      ok = field.isDouble();
      if (ok && field.asDouble() < 0) {
        specific = "has negative value.";
        ok = false;
      }
      break;
    case FieldType::object:
      ok = field.isObject();
      break;
    case FieldType::string:
      ok = field.isString();
      break;
    case FieldType::array:
      ok = field.isArray();
      break;
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
