#include "trex_client/codec/astf/astf_profile_check.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "measure/base64.hpp"
#include "measure/errors.hpp"
#include "trex_client/codec/astf/astf_command_check.hpp"
#include "trex_client/profile/net_address.hpp"

namespace trexsearch::trex::codec {
namespace {

void check_base64(const FieldReader& field) {
  try {
    measure::base64_decode(field.as_string());
  } catch (const std::invalid_argument& error) {
    field.fail(std::string("not base64: ") + error.what());
  }
}

// buf_list: base64 strings, or {base, size, fill} for a padded payload (§2.1).
Json::ArrayIndex check_buffers(const FieldReader& root) {
  const FieldReader list = root.at("buf_list");
  for (Json::ArrayIndex i = 0; i < list.array_size(); ++i) {
    const FieldReader buffer = list.element(i);
    if (buffer.json().isString()) {
      check_base64(buffer);
      continue;
    }
    buffer.expect_object();
    check_base64(buffer.at("base"));
    if (buffer.has("size")) buffer.at("size").as_u64(std::numeric_limits<std::uint32_t>::max());
    if (buffer.has("fill")) check_base64(buffer.at("fill"));
  }
  return list.array_size();
}

std::uint32_t address(const FieldReader& field) {
  const std::optional<Ipv4Address> ip = parse_ipv4(field.as_string());
  if (!ip) field.fail("not an IPv4 address");
  return ip->value;
}

void check_choice(const FieldReader& field, std::initializer_list<std::string_view> choices) {
  const std::string text = field.as_string();
  std::string list;
  for (std::string_view choice : choices) {
    if (choice == text) return;
    list += (list.empty() ? "" : ", ") + std::string(choice);
  }
  field.fail("must be one of " + list);
}

struct IpRange {
  char dir = 'c';
  std::uint32_t start = 0, end = 0;
};

IpRange check_ip_gen(const FieldReader& gen) {
  gen.expect_object();
  check_choice(gen.at("dir"), {"c", "s"});
  check_choice(gen.at("distribution"), {"seq", "rand", "normal"});
  if (gen.has("per_core_distribution")) {
    check_choice(gen.at("per_core_distribution"), {"seq", "default"});
  }
  address(gen.at("ip_offset"));
  const IpRange range{gen.string("dir")[0], address(gen.at("ip_start")), address(gen.at("ip_end"))};
  // TRex refuses it when parsing (CAstfDB::verify_data).
  if (range.end < range.start) gen.at("ip_end").fail("is below ip_start");
  return range;
}

std::vector<char> check_ip_gens(const FieldReader& root) {
  const FieldReader list = root.at("ip_gen_dist_list");
  std::vector<IpRange> ranges;
  std::vector<char> dirs;
  for (Json::ArrayIndex i = 0; i < list.array_size(); ++i) {
    const IpRange range = check_ip_gen(list.element(i));
    // Python's ASTFIPGenDist refuses overlapping client ranges.
    for (const IpRange& other : ranges) {
      if (range.dir == 'c' && other.dir == 'c' && range.start <= other.end &&
          other.start <= range.end) {
        list.element(i).fail("client range overlaps another client range");
      }
    }
    ranges.push_back(range);
    dirs.push_back(range.dir);
  }
  return dirs;
}

// Each program's stream mode: true for UDP (`stream: false`).
std::vector<bool> check_programs(const FieldReader& root, Json::ArrayIndex buffers) {
  const FieldReader list = root.at("program_list");
  if (list.array_size() == 0) list.fail("needs at least one program");
  std::vector<bool> udp;
  for (Json::ArrayIndex i = 0; i < list.array_size(); ++i) {
    const FieldReader program = list.element(i);
    program.expect_object();
    const bool is_udp = !program.boolean_or("stream", true);
    const FieldReader commands = program.at("commands");
    if (commands.array_size() == 0) commands.fail("needs at least one command");
    for (Json::ArrayIndex c = 0; c < commands.array_size(); ++c) {
      check_astf_command(commands.element(c), {c, commands.array_size(), buffers, is_udp});
    }
    udp.push_back(is_udp);
  }
  return udp;
}

Json::ArrayIndex index_in(const FieldReader& field, std::size_t size, const char* list) {
  const std::uint64_t index = field.as_u64();
  if (index >= size) {
    field.fail(std::string("index out of range: ") + list + " has " + std::to_string(size) +
               " entries");
  }
  return static_cast<Json::ArrayIndex>(index);
}

void check_dist(const FieldReader& ip_gen, const char* key, char dir,
                const std::vector<char>& dirs) {
  const FieldReader index = ip_gen.at(key).at("index");
  if (dirs[index_in(index, dirs.size(), "ip_gen_dist_list")] != dir) {
    // Client and server generators distinct (validate_program), each of its direction.
    index.fail(std::string("refers to a generator whose dir is not \"") + dir + "\"");
  }
}

struct Lists {
  std::vector<bool> udp;
  std::vector<char> dirs;
};

void check_server(const FieldReader& server, const Lists& lists, bool client_udp) {
  const FieldReader program = server.at("program_index");
  if (lists.udp[index_in(program, lists.udp.size(), "program_list")] != client_udp) {
    program.fail("the server program's stream mode differs from the client program's");
  }
  const FieldReader assoc = server.at("assoc");
  for (Json::ArrayIndex i = 0; i < assoc.array_size(); ++i) assoc.element(i).u64("port", 65535);
}

AstfTemplateFacts check_template(const FieldReader& templ, const Lists& lists) {
  AstfTemplateFacts facts;
  const FieldReader client = templ.at("client_template");
  const bool udp =
      lists.udp[index_in(client.at("program_index"), lists.udp.size(), "program_list")];
  facts.protocol = udp ? AstfProtocol::udp : AstfProtocol::tcp;
  check_dist(client.at("ip_gen"), "dist_client", 'c', lists.dirs);
  check_dist(client.at("ip_gen"), "dist_server", 's', lists.dirs);
  client.u64("port", 65535);
  // Without cps TRex opens no connection at all (CAstfDB reads a missing cps as 0).
  facts.cps = client.number("cps");
  if (!(facts.cps >= 0.5) || !std::isfinite(facts.cps)) client.at("cps").fail("must be >= 0.5");
  if (client.has("limit")) {
    facts.limit = client.u64("limit", std::numeric_limits<std::uint32_t>::max());
    if (*facts.limit == 0) client.at("limit").fail("0 opens no connection; leave it out");
  }
  if (client.has("cont")) client.boolean("cont");
  if (client.has("glob_info")) client.at("glob_info").expect_object();
  check_server(templ.at("server_template"), lists, udp);
  return facts;
}

void check_groups(const FieldReader& root) {
  Json::ArrayIndex names = 0;
  if (root.has("tg_names")) {
    const FieldReader list = root.at("tg_names");
    names = list.array_size();
    for (Json::ArrayIndex i = 0; i < names; ++i) list.element(i).as_string();
  }
  const FieldReader templates = root.at("templates");
  for (Json::ArrayIndex i = 0; i < templates.array_size(); ++i) {
    const FieldReader templ = templates.element(i);
    if (templ.has("tg_id")) templ.at("tg_id").as_i64(0, names);
  }
}

}  // namespace

void AstfErrorPolicy::fail(const std::string& path, const std::string& value,
                           const std::string& reason) const {
  throw measure::ConfigError(path.empty() ? source_ : source_ + ":" + path, value, reason);
}

std::vector<AstfTemplateFacts> check_astf_json(const FieldReader& root) {
  root.expect_object();
  const Lists lists{check_programs(root, check_buffers(root)), check_ip_gens(root)};
  for (const char* glob : {"c_glob_info", "s_glob_info"}) {
    if (root.has(glob)) root.at(glob).expect_object();
  }
  const FieldReader templates = root.at("templates");
  if (templates.array_size() == 0) templates.fail("needs at least one template");
  std::vector<AstfTemplateFacts> facts;
  for (Json::ArrayIndex i = 0; i < templates.array_size(); ++i) {
    facts.push_back(check_template(templates.element(i), lists));
  }
  check_groups(root);
  return facts;
}

}  // namespace trexsearch::trex::codec
