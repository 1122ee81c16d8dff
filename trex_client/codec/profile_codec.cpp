#include "trex_client/codec/profile_codec.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <fstream>
#include <sstream>

#include "measure/errors.hpp"
#include "trex_client/codec/field_reader.hpp"
#include "trex_client/codec/header_stack_codec.hpp"
#include "trex_client/codec/json_text.hpp"
#include "trex_client/codec/native_stream_codec.hpp"
#include "trex_client/codec/raw_packets_codec.hpp"
#include "trex_client/profile/compiled_profile.hpp"

namespace trexsearch::trex {
namespace {

using codec::FieldReader;

class ProfileErrorPolicy final : public codec::FieldErrorPolicy {
 public:
  explicit ProfileErrorPolicy(std::string source) : source_(std::move(source)) {}
  [[noreturn]] void fail(const std::string& path, const std::string& value,
                         const std::string& reason) const override {
    throw measure::ConfigError(path.empty() ? source_ : source_ + ":" + path, value, reason);
  }

 private:
  std::string source_;
};

std::uint8_t read_port_id(const FieldReader& field) {
  return static_cast<std::uint8_t>(field.as_u64(254));
}

PortPair read_pair(const FieldReader& field) {
  PortPair pair;
  field.reject_unknown({"ports", "bidirectional"});
  const FieldReader ports = field.at("ports");
  if (ports.array_size() != 2) ports.fail("expected two port ids, e.g. [0, 1]");
  pair.first = read_port_id(ports.element(0));
  pair.second = read_port_id(ports.element(1));
  pair.bidirectional = field.boolean_or("bidirectional", true);
  return pair;
}

std::vector<FrameShare> read_frame_sizes(const FieldReader& root) {
  const bool has_size = root.has("frame_size");
  const bool has_imix = root.has("imix");
  if (has_size == has_imix) {
    root.fail(has_size ? "give either frame_size or imix, not both"
                       : "needs frame_size (64..9000, or \"imix\") or an imix list");
  }
  if (has_size) {
    const FieldReader size = root.at("frame_size");
    if (size.json().isString()) {
      if (size.as_string() != "imix") size.fail("expected a number of bytes or \"imix\"");
      // The common "simple IMIX": 7:4:1 of 64, 570 and 1518-byte frames.
      return {{64, 7}, {570, 4}, {1518, 1}};
    }
    return {{static_cast<std::uint32_t>(size.as_u64(0xFFFFFFFFu)), 1}};
  }
  const FieldReader imix = root.at("imix");
  if (imix.array_size() == 0) imix.fail("needs at least one {frame_size, weight} entry");
  std::vector<FrameShare> shares;
  for (Json::ArrayIndex i = 0; i < imix.array_size(); ++i) {
    const FieldReader entry = imix.element(i);
    entry.reject_unknown({"frame_size", "weight"});
    shares.push_back({static_cast<std::uint32_t>(entry.u64("frame_size", 0xFFFFFFFFu)),
                      static_cast<std::uint32_t>(entry.u64("weight", 0xFFFFFFFFu))});
  }
  return shares;
}

constexpr std::array<FlowField, 8> kFlowFields{
    FlowField::src_ip,         FlowField::dst_ip,         FlowField::src_port,
    FlowField::dst_port,       FlowField::inner_src_ip,   FlowField::inner_dst_ip,
    FlowField::inner_src_port, FlowField::inner_dst_port,
};

FlowSpec read_flows(const FieldReader& root) {
  FlowSpec flows;
  if (!root.has("flows")) return flows;
  const FieldReader f = root.at("flows");
  f.reject_unknown({"count", "vary", "mode"});
  flows.count = static_cast<std::uint32_t>(f.u64("count", 0xFFFFFFFFu));
  if (flows.count == 0) f.at("count").fail("must be >= 1");
  if (f.has("vary")) {
    const FieldReader vary = f.at("vary");
    for (Json::ArrayIndex i = 0; i < vary.array_size(); ++i) {
      const FieldReader name = vary.element(i);
      const std::string text = name.as_string();
      const auto* const known =
          std::find_if(kFlowFields.begin(), kFlowFields.end(),
                       [&text](FlowField field) { return text == to_string(field); });
      if (known == kFlowFields.end()) {
        name.fail(
            "unknown field (known: src_ip, dst_ip, src_port, dst_port, and in a tunnel "
            "inner.src_ip, inner.dst_ip, inner.src_port, inner.dst_port)");
      }
      flows.vary.push_back(*known);
    }
  }
  if (f.has("mode")) {
    const std::string mode = f.string("mode");
    if (mode == "increment") {
      flows.mode = FlowMode::increment;
    } else if (mode == "random") {
      flows.mode = FlowMode::random;
    } else {
      f.at("mode").fail("must be \"increment\" or \"random\"");
    }
  }
  return flows;
}

LatencySpec read_latency(const FieldReader& root) {
  const FieldReader section = root.at("latency");
  section.expect_object();
  section.reject_unknown({"rate_pps", "frame_size", "pg_id_base"});
  LatencySpec spec;
  if (section.has("rate_pps")) spec.rate_pps = section.number("rate_pps");
  if (section.has("frame_size")) {
    spec.frame_size = static_cast<std::uint32_t>(section.u64("frame_size", 0xFFFFFFFFu));
  }
  if (section.has("pg_id_base")) {
    spec.pg_id_base = static_cast<std::uint32_t>(section.u64("pg_id_base", 0xFFFFFFFFu));
  }
  return spec;
}

// validate_profile names fields without the source; add it. Its values never contain
// ": ", so the first one separates value from reason.
[[noreturn]] void requalify(const measure::ConfigError& error, const std::string& source) {
  const std::string text = error.what();
  const std::string rest = text.substr(std::min(text.size(), error.field().size() + 3));
  const std::size_t colon = rest.find(": ");
  throw measure::ConfigError(source + ":" + error.field(), rest.substr(0, colon),
                             colon == std::string::npos ? "" : rest.substr(colon + 2));
}

std::atomic<std::uint64_t> decodes{0};

ChecksumMode read_checksum(const FieldReader& root, const HeaderStack& headers) {
  if (!root.has("checksum")) {
    // Checksums IPv6 UDP and TCP must carry, varied flows or not: the NIC's.
    return headers.l4_checksum_mandatory() ? ChecksumMode::hardware : ChecksumMode::software;
  }
  const std::string mode = root.string("checksum");
  if (mode == "hardware") return ChecksumMode::hardware;
  if (mode != "software") root.at("checksum").fail("must be \"software\" or \"hardware\"");
  return ChecksumMode::software;
}

}  // namespace

TrafficProfile parse_profile(std::string_view json_text, const std::string& source) {
  std::string parse_error;
  const std::optional<Json::Value> json = codec::parse_json(json_text, parse_error);
  if (!json) throw measure::ConfigError(source, "(file)", "not valid JSON: " + parse_error);
  return decode_profile(*json, source);
}

TrafficProfile decode_profile(const Json::Value& json, const std::string& source) {
  decodes.fetch_add(1, std::memory_order_relaxed);
  const ProfileErrorPolicy policy(source);
  const FieldReader root(json, "", policy);
  root.expect_object();
  root.reject_unknown({"name",       "description",  "port_pairs",
                       "frame_size", "imix",         "ethernet",
                       "vlan",       "vlan_outer",   "mpls",
                       "ipv4",       "ipv6",         "udp",
                       "tcp",        "vxlan",        "gre",
                       "inner",      "flows",        "checksum",
                       "latency",    "trex_streams", "mean_frame_size",
                       "packets",    "packets_pcap"});
  TrafficProfile profile;
  profile.name = root.string_or("name", "");
  profile.description = root.string_or("description", "");
  const FieldReader pairs = root.at("port_pairs");
  for (Json::ArrayIndex i = 0; i < pairs.array_size(); ++i) {
    profile.port_pairs.push_back(read_pair(pairs.element(i)));
  }
  if (root.has("packets_pcap")) {
    root.at("packets_pcap")
        .fail(
            "names a capture file, which trex-search submit and trex-search profile read and "
            "send as \"packets\"; trex-searchd reads no file a client names");
  }
  if (root.has("packets")) {
    profile.trex_streams = codec::read_raw_packets(root);
  } else if (root.has("trex_streams")) {
    profile.trex_streams = codec::read_trex_streams(root);
  } else if (root.has("mean_frame_size")) {
    root.at("mean_frame_size")
        .fail(
            "is for trex_streams whose field engine varies the frame size; the profile "
            "language's frame sizes are known");
  } else {
    profile.frame_sizes = read_frame_sizes(root);
    profile.headers = codec::read_headers(root);
    profile.flows = read_flows(root);
    profile.checksum = read_checksum(root, profile.headers);
  }
  if (root.has("latency")) profile.latency = read_latency(root);
  try {
    validate_profile(profile);
  } catch (const measure::ConfigError& error) {
    requalify(error, source);
  }
  return profile;
}

Json::Value encode_profile(const TrafficProfile& profile) {
  Json::Value json(Json::objectValue);
  if (!profile.name.empty()) json["name"] = profile.name;
  if (!profile.description.empty()) json["description"] = profile.description;
  Json::Value pairs(Json::arrayValue);
  for (const PortPair& pair : profile.port_pairs) {
    Json::Value entry(Json::objectValue);
    entry["ports"].append(Json::UInt{pair.first});
    entry["ports"].append(Json::UInt{pair.second});
    entry["bidirectional"] = pair.bidirectional;
    pairs.append(entry);
  }
  json["port_pairs"] = pairs;
  if (profile.trex_streams) {
    codec::encode_trex_streams(*profile.trex_streams, json);
    return json;
  }
  if (profile.frame_sizes.size() == 1 && profile.frame_sizes.front().weight == 1) {
    json["frame_size"] = Json::UInt{profile.frame_sizes.front().frame_size};
  } else {
    Json::Value imix(Json::arrayValue);
    for (const FrameShare& share : profile.frame_sizes) {
      Json::Value entry(Json::objectValue);
      entry["frame_size"] = Json::UInt{share.frame_size};
      entry["weight"] = Json::UInt{share.weight};
      imix.append(entry);
    }
    json["imix"] = imix;
  }
  codec::encode_headers(profile.headers, json);
  Json::Value flows(Json::objectValue);
  flows["count"] = Json::UInt{profile.flows.count};
  Json::Value vary(Json::arrayValue);
  for (const FlowField field : profile.flows.vary) vary.append(to_string(field));
  flows["vary"] = vary;
  flows["mode"] = profile.flows.mode == FlowMode::random ? "random" : "increment";
  json["flows"] = flows;
  json["checksum"] = profile.checksum == ChecksumMode::hardware ? "hardware" : "software";
  if (profile.latency) {
    Json::Value latency(Json::objectValue);
    latency["rate_pps"] = profile.latency->rate_pps;
    if (profile.latency->frame_size)
      latency["frame_size"] = Json::UInt{*profile.latency->frame_size};
    latency["pg_id_base"] = Json::UInt{profile.latency->pg_id_base};
    json["latency"] = latency;
  }
  return json;
}

std::uint64_t profile_decodes() { return decodes.load(std::memory_order_relaxed); }

TrafficProfile load_profile(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw measure::ConfigError("profile", path.string(), "cannot open the file");
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad()) throw measure::ConfigError("profile", path.string(), "cannot read the file");
  return parse_profile(text.str(), path.filename().string());
}

}  // namespace trexsearch::trex
