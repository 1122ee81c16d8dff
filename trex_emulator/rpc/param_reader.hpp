#pragma once

// TRex's parameter parsing (rpc-server/trex_rpc_cmd.cpp) reproduced on jsoncpp values,
// with its exact error messages, e.g. "field 'port_id' value is null" or
// "error at offset: 57 - 'stream_id' is 'string', expecting 'uint32'".

#include <json/json.h>

#include <cstdint>
#include <initializer_list>
#include <string>

namespace trexsearch::trex::emu {

/// Reads typed fields of a params object, throwing RpcFault like TRex does.
class ParamReader {
 public:
  static std::uint8_t byte(const Json::Value& parent, const std::string& name);
  static std::uint16_t uint16(const Json::Value& parent, const std::string& name);
  static std::uint32_t uint32(const Json::Value& parent, const std::string& name);
  static std::uint64_t uint64(const Json::Value& parent, const std::string& name);
  static int integer(const Json::Value& parent, const std::string& name);
  static double number(const Json::Value& parent, const std::string& name);
  /// A double that must not be negative.
  static double unsigned_number(const Json::Value& parent, const std::string& name);
  static bool boolean(const Json::Value& parent, const std::string& name);
  static std::string string(const Json::Value& parent, const std::string& name);
  static const Json::Value& object(const Json::Value& parent, const std::string& name);
  static const Json::Value& array(const Json::Value& parent, const std::string& name);
  /// Element `index` of an array that must be an object.
  static const Json::Value& object_at(const Json::Value& array, Json::ArrayIndex index);
  /// A string among `choices`.
  static std::string choice(const Json::Value& parent, const std::string& name,
                            std::initializer_list<const char*> choices);
  /// An integer among `choices`.
  static int int_choice(const Json::Value& parent, const std::string& name,
                        std::initializer_list<int> choices);

  /// True when the field is absent or null (TRex then uses the default).
  static bool absent(const Json::Value& parent, const std::string& name);
};

}  // namespace trexsearch::trex::emu
