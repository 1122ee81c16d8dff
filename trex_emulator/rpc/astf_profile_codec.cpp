#include "trex_emulator/rpc/astf_profile_codec.hpp"

#include <arpa/inet.h>
#include <json/json.h>

#include <memory>
#include <stdexcept>

#include "trex_client/codec/json_text.hpp"

namespace trexsearch::trex::emu {
namespace {

/// A profile the server refuses; what() is the text after "Profile parsing error: ".
class Invalid : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] void missing(const std::string& where, const std::string& property) {
  throw Invalid("Validation failed.\nError #1\n  <root> " + where +
                "\n    - Missing required property '" + property + "'.\n");
}

const Json::Value& member(const Json::Value& parent, const std::string& where,
                          const std::string& name, Json::ValueType type) {
  if (!parent.isObject() || !parent.isMember(name)) missing(where, name);
  const Json::Value& value = parent[name];
  if (!value.isConvertibleTo(type) || (type == Json::arrayValue && !value.isArray()) ||
      (type == Json::objectValue && !value.isObject()) ||
      (type == Json::stringValue && !value.isString())) {
    throw Invalid("Validation failed.\nError #1\n  <root> " + where + " [" + name +
                  "]\n    - Value type not permitted by 'type' constraint.\n");
  }
  return value;
}

std::string text_of(const Json::Value& value) { return codec::write_json(value); }

std::uint64_t index_in(const Json::Value& value, const std::string& what, std::size_t size) {
  if (!value.isUInt64() || value.asUInt64() >= size) {
    throw Invalid("Validation failed : max " + what + " index is " + text_of(value) +
                  " bigger than the number of " + what + "s " + std::to_string(size) + "\n");
  }
  return value.asUInt64();
}

// Payload size of a buf_list entry: base64 text, or {base, size, fill}.
std::uint64_t buffer_size(const Json::Value& entry) {
  if (entry.isObject() && entry["size"].isUInt64()) return entry["size"].asUInt64();
  const std::string text = entry.isObject() ? entry["base"].asString() : entry.asString();
  std::uint64_t padding = 0;
  for (auto it = text.rbegin(); it != text.rend() && *it == '='; ++it) ++padding;
  return text.size() / 4 * 3 - std::min<std::uint64_t>(padding, text.size() / 4 * 3);
}

// tx / tx_msg: the size of the buffer they send (CAstfJsonValidator's buffer check).
std::uint64_t sent_bytes(const Json::Value& json, const std::string& name,
                         const std::vector<std::uint64_t>& buffers) {
  const Json::Value& index =
      member(json, "[commands] [" + name + "]", "buf_index", Json::uintValue);
  if (!index.isUInt64() || index.asUInt64() >= buffers.size()) {
    throw Invalid("Validation failed : max buffer size is " + text_of(index) + " bigger than " +
                  std::to_string(buffers.size()) + "\n");
  }
  return buffers[index.asUInt64()];
}

AstfCommand parse_command(const Json::Value& json, const std::vector<std::uint64_t>& buffers) {
  using K = AstfCommand::Kind;
  const std::string name =
      member(json, "[program_list] [commands]", "name", Json::stringValue).asString();
  AstfCommand command;
  if (name == "tx" || name == "tx_msg") {
    command.kind = name == "tx" ? K::tx : K::tx_msg;
    command.bytes = sent_bytes(json, name, buffers);
  } else if (name == "rx" || name == "rx_msg") {
    command.kind = name == "rx" ? K::rx : K::rx_msg;
  } else if (name == "keepalive") {
    command.kind = K::keepalive;
    command.msec = member(json, "[commands] [keepalive]", "msec", Json::uintValue).asUInt64();
  } else if (name == "set_var" || name == "jmp_nz") {
    command.kind = name == "set_var" ? K::set_var : K::jmp_nz;
    command.var = member(json, "[commands] [" + name + "]", "id", Json::intValue).asInt64();
    if (command.kind == K::set_var) {
      command.value = member(json, "[commands] [set_var]", "val", Json::intValue).asInt64();
    } else {
      command.offset = member(json, "[commands] [jmp_nz]", "offset", Json::intValue).asInt64();
    }
  } else {
    command.kind = name == "connect" ? K::connect : name == "nc" ? K::nc : K::other;
  }
  return command;
}

std::vector<AstfProgram> parse_programs(const Json::Value& root,
                                        const std::vector<std::uint64_t>& buffers) {
  const Json::Value& list = member(root, "", "program_list", Json::arrayValue);
  if (list.empty()) throw Invalid("Validation failed: profile must have at least one programs");
  std::vector<AstfProgram> programs;
  for (const Json::Value& json : list) {
    AstfProgram program;
    program.udp = json.isObject() && json["stream"].isBool() && !json["stream"].asBool();
    for (const Json::Value& command :
         member(json, "[program_list]", "commands", Json::arrayValue)) {
      program.commands.push_back(parse_command(command, buffers));
    }
    programs.push_back(std::move(program));
  }
  return programs;
}

std::uint32_t mss_of(const Json::Value& glob_info, std::uint32_t fallback) {
  const Json::Value& mss = glob_info["tcp"]["mss"];
  return glob_info.isObject() && glob_info["tcp"].isObject() && mss.isUInt() && mss.asUInt() > 0
             ? mss.asUInt()
             : fallback;
}

void check_ip_gen(const Json::Value& list) {
  for (const Json::Value& entry : list) {
    for (const char* key : {"ip_start", "ip_end", "ip_offset"}) {
      const std::string text = entry.isObject() ? entry[key].asString() : std::string();
      in_addr address{};
      if (inet_pton(AF_INET, text.c_str(), &address) != 1) {
        throw Invalid("Validation failed : Bad IP address " + text + "\n");
      }
    }
  }
}

AstfTemplate parse_template(const Json::Value& json, const Json::Value& root, std::size_t programs,
                            std::size_t ip_gens) {
  const Json::Value& client = member(json, "[templates]", "client_template", Json::objectValue);
  const Json::Value& server = member(json, "[templates]", "server_template", Json::objectValue);
  AstfTemplate tmpl;
  tmpl.client_program = index_in(
      member(client, "[client_template]", "program_index", Json::uintValue), "program", programs);
  tmpl.server_program = index_in(
      member(server, "[server_template]", "program_index", Json::uintValue), "program", programs);
  const Json::Value& ip_gen = member(client, "[client_template]", "ip_gen", Json::objectValue);
  const std::uint64_t c =
      index_in(member(ip_gen, "[ip_gen]", "dist_client", Json::objectValue)["index"],
               "ip generator", ip_gens);
  const std::uint64_t s =
      index_in(member(ip_gen, "[ip_gen]", "dist_server", Json::objectValue)["index"],
               "ip generator", ip_gens);
  if (c == s) {
    throw Invalid("Validation failed : client direction is \"" +
                  root["ip_gen_dist_list"][static_cast<Json::ArrayIndex>(c)]["dir"].asString() +
                  "\", server direction is the same generator\n");
  }
  tmpl.cps = member(client, "[client_template]", "cps", Json::realValue).asDouble();
  if (!(tmpl.cps >= 0.5)) {
    throw Invalid(
        "Validation failed.\nError #1\n  <root> [templates] [client_template] [cps]\n    - Value " +
        text_of(client["cps"]) + " is less than minimum 0.5\n");
  }
  if (client.isMember("limit"))
    tmpl.limit = member(client, "[client_template]", "limit", Json::uintValue).asUInt64();
  tmpl.client_mss = mss_of(client["glob_info"], mss_of(root["c_glob_info"], 1460));
  tmpl.server_mss = mss_of(server["glob_info"], mss_of(root["s_glob_info"], 1460));
  return tmpl;
}

AstfProfileModel parse_root(const Json::Value& root) {
  if (!root.isObject()) {
    throw Invalid(
        "Validation failed.\nError #1\n  <root> \n    - Value type not permitted by 'type' "
        "constraint.\n");
  }
  std::vector<std::uint64_t> buffers;
  for (const Json::Value& entry : member(root, "", "buf_list", Json::arrayValue)) {
    buffers.push_back(buffer_size(entry));
  }
  const Json::Value& ip_gens = member(root, "", "ip_gen_dist_list", Json::arrayValue);
  AstfProfileModel profile;
  profile.programs = parse_programs(root, buffers);
  const Json::Value& templates = member(root, "", "templates", Json::arrayValue);
  if (templates.empty()) {
    throw Invalid(
        "Validation failed.\nError #1\n  <root> [templates]\n    - Array should contain at least 1 "
        "item.\n");
  }
  for (const Json::Value& json : templates) {
    profile.templates.push_back(
        parse_template(json, root, profile.programs.size(), ip_gens.size()));
  }
  check_ip_gen(ip_gens);
  for (const AstfTemplate& tmpl : profile.templates) {
    if (profile.programs[tmpl.client_program].udp != profile.programs[tmpl.server_program].udp) {
      throw Invalid(
          "Validation failed : client and server programs of a template must both be UDP or both "
          "TCP\n");
    }
    try {
      astf_flow_shape(profile, tmpl);
    } catch (const std::invalid_argument& error) {
      throw Invalid(error.what());
    }
  }
  return profile;
}

}  // namespace

AstfParseOutcome parse_astf_profile(const std::string& text) {
  AstfParseOutcome outcome;
  Json::CharReaderBuilder builder;
  builder["collectComments"] = false;
  const std::unique_ptr<Json::CharReader> reader(builder.newCharReader());
  Json::Value root;
  std::string errors;
  if (!reader->parse(text.data(), text.data() + text.size(), &root, &errors)) {
    // The DP core prefixes CAstfDB::set_profile_one_msg's text (trex_astf_dp_core.cpp).
    outcome.error = "Profile parsing error: Failed parsing json message : " + errors;
    return outcome;
  }
  try {
    outcome.profile = parse_root(root);
  } catch (const Invalid& invalid) {
    outcome.error = std::string("Profile parsing error: ") + invalid.what();
  } catch (const Json::Exception& error) {
    outcome.error = std::string("Profile parsing error: ") + error.what();
  }
  return outcome;
}

}  // namespace trexsearch::trex::emu
