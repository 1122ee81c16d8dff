#include "trex_client/codec/tcp_header_codec.hpp"

#include <array>
#include <string>
#include <utility>

namespace trexsearch::trex::codec {
namespace {

constexpr std::array<std::pair<char, std::uint8_t>, 6> kFlags{{
    {'F', TcpHeader::fin},
    {'S', TcpHeader::syn},
    {'R', TcpHeader::rst},
    {'P', TcpHeader::psh},
    {'A', TcpHeader::ack_flag},
    {'U', TcpHeader::urg},
}};

std::uint8_t read_flags(const FieldReader& field) {
  if (field.json().isNumeric()) return static_cast<std::uint8_t>(field.as_u64(63));
  std::uint8_t flags = 0;
  for (const char letter : field.as_string()) {
    bool known = false;
    for (const auto& [name, bit] : kFlags) {
      if (letter == name) {
        flags = static_cast<std::uint8_t>(flags | bit);
        known = true;
      }
    }
    if (!known)
      field.fail("flags are letters of F, S, R, P, A, U (\"S\", \"SA\", \"PA\") or a number");
  }
  return flags;
}

}  // namespace

TcpHeader read_tcp(const FieldReader& field) {
  field.reject_unknown({"src_port", "dst_port", "flags", "seq", "ack", "window"});
  TcpHeader tcp;
  if (field.has("src_port"))
    tcp.src_port = static_cast<std::uint16_t>(field.u64("src_port", 65535));
  if (field.has("dst_port"))
    tcp.dst_port = static_cast<std::uint16_t>(field.u64("dst_port", 65535));
  if (field.has("flags")) tcp.flags = read_flags(field.at("flags"));
  if (field.has("seq")) tcp.seq = static_cast<std::uint32_t>(field.u64("seq", 0xFFFFFFFF));
  if (field.has("ack")) tcp.ack = static_cast<std::uint32_t>(field.u64("ack", 0xFFFFFFFF));
  if (field.has("window")) tcp.window = static_cast<std::uint16_t>(field.u64("window", 65535));
  return tcp;
}

Json::Value encode_tcp(const TcpHeader& tcp) {
  Json::Value json(Json::objectValue);
  json["src_port"] = Json::UInt{tcp.src_port};
  json["dst_port"] = Json::UInt{tcp.dst_port};
  std::string letters;
  for (const auto& [name, bit] : kFlags) {
    if ((tcp.flags & bit) != 0) letters += name;
  }
  json["flags"] = letters;
  json["seq"] = Json::UInt{tcp.seq};
  json["ack"] = Json::UInt{tcp.ack};
  json["window"] = Json::UInt{tcp.window};
  return json;
}

}  // namespace trexsearch::trex::codec
