#include "trex_client/codec/astf/astf_profile_codec.hpp"

#include <fstream>
#include <sstream>
#include <vector>

#include "measure/errors.hpp"
#include "trex_client/codec/astf/astf_profile_check.hpp"
#include "trex_client/codec/astf/astf_transaction_packets.hpp"
#include "trex_client/codec/astf/md5_hex.hpp"
#include "trex_client/codec/json_text.hpp"

namespace trexsearch::trex {
namespace {

using codec::AstfTemplateFacts;
using codec::FieldReader;
using codec::TransactionPackets;

void sum_templates(const FieldReader& root, const std::vector<AstfTemplateFacts>& facts,
                   AstfProfile& profile) {
  profile.protocol = facts.front().protocol;
  std::uint64_t sessions = 0;
  bool all_limited = true;
  for (std::size_t i = 0; i < facts.size(); ++i) {
    if (facts[i].protocol != profile.protocol) {
      // One protocol's counters count a trial's transactions (trex-astf.md §4.2).
      root.at("templates")
          .element(static_cast<Json::ArrayIndex>(i))
          .fail(std::string("is ") + std::string(to_string(facts[i].protocol)) +
                " while templates[0] is " + std::string(to_string(profile.protocol)) +
                ": a profile is all UDP or all TCP");
    }
    profile.total_cps += facts[i].cps;
    all_limited = all_limited && facts[i].limit.has_value();
    if (facts[i].limit) sessions += *facts[i].limit;
  }
  if (all_limited) profile.sessions = sessions;
  profile.templates = static_cast<std::uint32_t>(facts.size());
}

// The same packets for every template, or nothing: a transaction of a mixed profile
// has no one count.
void count_packets(const Json::Value& json, AstfProfile& profile) {
  std::optional<TransactionPackets> common;
  for (const Json::Value& templ : json["templates"]) {
    const std::optional<TransactionPackets> packets = codec::transaction_packets(json, templ);
    if (!packets || (common && *common != *packets)) return;
    common = packets;
  }
  profile.client_packets_per_transaction = common->client;
  profile.server_packets_per_transaction = common->server;
  profile.packets_per_transaction = common->client + common->server;
}

}  // namespace

AstfProfile parse_astf_profile(std::string_view json_text, const std::string& source) {
  std::string parse_error;
  const std::optional<Json::Value> json = codec::parse_json(json_text, parse_error);
  if (!json) throw measure::ConfigError(source, "(file)", "not valid JSON: " + parse_error);
  return decode_astf_profile(*json, source);
}

AstfProfile decode_astf_profile(const Json::Value& json, const std::string& source) {
  const codec::AstfErrorPolicy policy(source);
  const FieldReader root(json, "", policy);
  const std::vector<AstfTemplateFacts> facts = codec::check_astf_json(root);
  AstfProfile profile;
  profile.source = source;
  sum_templates(root, facts, profile);
  count_packets(json, profile);
  // Object keys come out sorted, as Python's to_json_str(sort_keys=True) uploads them.
  profile.json = codec::write_json(json);
  profile.md5_hex = md5_hex(profile.json);
  return profile;
}

AstfProfile load_astf_profile(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw measure::ConfigError("profile", path.string(), "cannot open the file");
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad()) throw measure::ConfigError("profile", path.string(), "cannot read the file");
  return parse_astf_profile(text.str(), path.string());
}

}  // namespace trexsearch::trex
