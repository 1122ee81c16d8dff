#include "daemon/cli/input/capture_packets_codec.hpp"

#include <filesystem>
#include <vector>

#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/input/capture_frames.hpp"
#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/strict_json.hpp"
#include "measure/base64.hpp"

namespace trexsearch::cli {

std::string inline_capture_packets(const std::string& profile_text,
                                   const std::string& profile_path) {
  // Cheap test first: most profiles have no capture, and their text goes as it is.
  if (profile_text.find("packets_pcap") == std::string::npos) return profile_text;
  Json::Value profile;
  try {
    profile = codec::parse_strict_json(profile_text, profile_path);
  } catch (const std::exception& error) {
    throw BadInputError(error.what());
  }
  if (!profile.isObject() || !profile.isMember("packets_pcap")) return profile_text;
  if (!profile["packets_pcap"].isString()) {
    throw BadInputError(profile_path + ": packets_pcap must be the path of a capture file");
  }
  unsigned max = kDefaultPacketsMax;
  if (profile.isMember("packets_max")) {
    if (!profile["packets_max"].isUInt() || profile["packets_max"].asUInt() < 1 ||
        profile["packets_max"].asUInt() > 4096) {
      throw BadInputError(profile_path + ": packets_max = " +
                          codec::to_compact_json(profile["packets_max"]) + ": must be 1 to 4096");
    }
    max = profile["packets_max"].asUInt();
  }
  // Relative to the profile file, as a user writes it next to the capture.
  std::filesystem::path capture = profile["packets_pcap"].asString();
  if (capture.is_relative()) capture = std::filesystem::path(profile_path).parent_path() / capture;
  const std::vector<CapturedFrame> frames = read_capture(capture.string(), max);
  Json::Value packets(Json::arrayValue);
  for (const CapturedFrame& frame : frames) {
    Json::Value entry(Json::objectValue);
    entry["bytes"] =
        measure::base64_encode(std::vector<std::uint8_t>(frame.bytes.begin(), frame.bytes.end()));
    entry["weight"] = Json::UInt64{frame.count};
    packets.append(entry);
  }
  profile.removeMember("packets_pcap");
  profile.removeMember("packets_max");
  profile["packets"] = packets;
  return codec::to_compact_json(profile);
}

}  // namespace trexsearch::cli
