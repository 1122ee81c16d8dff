#include "trex_client/codec/astf/astf_codec.hpp"

#include <cmath>
#include <limits>

#include "trex_client/codec/json_text.hpp"
#include "trex_client/codec/reply_element_impl.hpp"
#include "trex_client/codec/request_envelope.hpp"

namespace trexsearch::trex::codec {
namespace {

// TRex sends counters as u64 or double; ids as object keys.
AstfSectionValues decode_section(const FieldReader& section) {
  AstfSectionValues values;
  if (section.json().isNull()) return values;
  section.expect_object();
  for (const std::string& key : section.json().getMemberNames()) {
    const FieldReader value = section.at(key);
    std::uint64_t id = 0;
    try {
      std::size_t used = 0;
      id = std::stoull(key, &used);
      if (used != key.size() || id > std::numeric_limits<std::uint32_t>::max()) {
        value.fail("counter id is not a number");
      }
    } catch (const std::logic_error&) {
      value.fail("counter id is not a number");
    }
    const double number = value.as_double();
    if (!std::isfinite(number)) value.fail("counter value is not a finite number");
    values[static_cast<std::uint32_t>(id)] = number;
  }
  return values;
}

}  // namespace

std::string encode_astf_acquire(const RequestHead& head, const std::string& user,
                                std::uint32_t session_id, bool force) {
  Json::Value params = base_params(head);
  params["user"] = user;
  params["session_id"] = session_id;
  params["force"] = force;
  return envelope(head, "acquire", std::move(params));
}

std::string encode_astf_handler(const RequestHead& head, std::string_view method,
                                const std::string& handler) {
  Json::Value params = base_params(head);
  params["handler"] = handler;
  return envelope(head, method, std::move(params));
}

std::string encode_astf_profile_command(const RequestHead& head, std::string_view method,
                                        const std::string& handler, std::string_view profile_id) {
  Json::Value params = base_params(head);
  params["handler"] = handler;
  params["profile_id"] = std::string(profile_id);
  return envelope(head, method, std::move(params));
}

std::string encode_astf_sync(const RequestHead& head) {
  Json::Value params = base_params(head);
  // Any non-empty id makes TRex add every profile's state (trex-astf.md §1.2); the
  // Python client sends "sync".
  params["profile_id"] = "sync";
  return envelope(head, "sync", std::move(params));
}

std::string encode_profile_fragment(const RequestHead& head, const std::string& handler,
                                    std::string_view profile_id, std::string_view fragment,
                                    bool first, bool last, const std::string& md5) {
  Json::Value params = base_params(head);
  params["handler"] = handler;
  params["profile_id"] = std::string(profile_id);
  params["fragment"] = std::string(fragment);
  if (first) params["frag_first"] = true;
  if (last) params["frag_last"] = true;
  if (!md5.empty()) params["md5"] = md5;
  return envelope(head, "profile_fragment", std::move(params));
}

std::string encode_astf_start(const RequestHead& head, const std::string& handler,
                              const AstfStartRequest& request) {
  Json::Value params = base_params(head);
  params["handler"] = handler;
  params["profile_id"] = request.profile_id;
  params["mult"] = request.mult;
  params["duration"] = request.duration_s;
  params["nc"] = request.nc;
  params["latency_pps"] = request.latency_pps;
  params["ipv6"] = request.ipv6;
  params["client_mask"] = request.client_mask;
  params["e_duration"] = 0.0;
  params["t_duration"] = 0.0;
  params["dump_interval"] = 0.0;
  return envelope(head, "start", std::move(params));
}

std::string encode_astf_update(const RequestHead& head, const std::string& handler,
                               std::string_view profile_id, double mult) {
  Json::Value params = base_params(head);
  params["handler"] = handler;
  params["profile_id"] = std::string(profile_id);
  params["mult"] = mult;
  return envelope(head, "update", std::move(params));
}

std::string encode_astf_counters(const RequestHead& head, std::string_view method,
                                 std::string_view profile_id) {
  Json::Value params = base_params(head);
  params["profile_id"] = std::string(profile_id);
  return envelope(head, method, std::move(params));
}

AstfContext decode_astf_acquire(const ReplyElement& reply) {
  const FieldReader r = reply.impl().reader();
  AstfContext context;
  context.handler = r.string("handler");
  if (context.handler.empty()) r.at("handler").fail("empty context handler");
  if (r.has("ports")) {
    const FieldReader ports = r.at("ports");
    ports.expect_object();
    for (const std::string& key : ports.json().getMemberNames()) {
      const FieldReader port = ports.at(key);
      if (key.empty() || key.size() > 3 ||
          key.find_first_not_of("0123456789") != std::string::npos || std::stoul(key) > 255) {
        port.fail("port id is not a number in [0, 255]");
      }
      context.ports.push_back(static_cast<std::uint8_t>(std::stoul(key)));
    }
  }
  return context;
}

AstfSync decode_astf_sync(const ReplyElement& reply) {
  const FieldReader r = reply.impl().reader();
  AstfSync sync;
  sync.epoch = r.u64("epoch");
  const auto state_of = [](const FieldReader& field) {
    const auto state = astf_state_from_int(field.as_i64());
    if (!state) field.fail("not an ASTF state (0..6)");
    return *state;
  };
  sync.state = state_of(r.at("state"));
  if (r.has("state_profile")) {
    const FieldReader profiles = r.at("state_profile");
    profiles.expect_object();
    for (const std::string& id : profiles.json().getMemberNames()) {
      sync.profiles[id] = state_of(profiles.at(id));
    }
  }
  return sync;
}

bool decode_profile_fragment(const ReplyElement& reply) {
  const FieldReader r = reply.impl().reader();
  return r.json().isObject() && r.boolean_or("matches_loaded", false);
}

std::vector<AstfCounterDesc> decode_astf_counter_desc(const ReplyElement& reply) {
  const FieldReader data = reply.impl().reader().at("data");
  std::vector<AstfCounterDesc> rows;
  for (Json::ArrayIndex i = 0; i < data.array_size(); ++i) {
    const FieldReader e = data.element(i);
    AstfCounterDesc row;
    row.id = static_cast<std::uint32_t>(e.u64("id", std::numeric_limits<std::uint32_t>::max()));
    row.name = e.string("name");
    row.help = e.string_or("help", "");
    row.units = e.string_or("units", "");
    row.error = e.string_or("info", "info") == "error";
    row.real = e.boolean_or("real", true);
    rows.push_back(std::move(row));
  }
  return rows;
}

AstfCounterValues decode_astf_counter_values(const ReplyElement& reply) {
  const FieldReader r = reply.impl().reader();
  AstfCounterValues values;
  values.epoch = r.u64_or("epoch", 0);
  if (r.has("client")) values.client = decode_section(r.at("client"));
  if (r.has("server")) values.server = decode_section(r.at("server"));
  return values;
}

}  // namespace trexsearch::trex::codec
