#include "trex_client/codec/reply_codec.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>

#include "trex_client/codec/json_text.hpp"
#include "trex_client/codec/reply_element_impl.hpp"
#include "trex_client/transport/trex_error.hpp"

namespace trexsearch::trex::codec {

void ReplyErrorPolicy::fail(const std::string& path, const std::string& value,
                            const std::string& reason) const {
  throw TrexError(TrexErrorKind::protocol, endpoint_, method_,
                  "bad reply field " + path + " = " + value + ": " + reason);
}

ReplyElement::ReplyElement(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ReplyElement::ReplyElement(ReplyElement&&) noexcept = default;
ReplyElement& ReplyElement::operator=(ReplyElement&&) noexcept = default;
ReplyElement::~ReplyElement() = default;

const std::string& ReplyElement::method() const { return impl_->method; }

namespace {

std::string batch_name(std::span<const SentRequest> sent) {
  if (sent.size() == 1) return sent.front().method;
  std::string name = "batch[";
  for (std::size_t i = 0; i < sent.size(); ++i) {
    if (i > 0) name += ",";
    name += sent[i].method;
  }
  return name + "]";
}

[[noreturn]] void protocol_error(std::string_view endpoint, const std::string& method,
                                 const std::string& detail) {
  throw TrexError(TrexErrorKind::protocol, std::string(endpoint), method, detail);
}

// An `error` member -> TrexError(rpc). TRex sends code, message and (usually)
// specific_err; a malformed error object is itself a protocol error.
[[noreturn]] void rpc_error(std::string_view endpoint, const std::string& method,
                            const Json::Value& error) {
  if (!error.isObject() || !error["code"].isInt() || !error["message"].isString()) {
    protocol_error(endpoint, method, "malformed JSON-RPC error object " + quote_value(error));
  }
  std::string specific;
  if (error.isMember("specific_err") && error["specific_err"].isString()) {
    specific = error["specific_err"].asString();
  }
  throw TrexError(TrexErrorKind::rpc, std::string(endpoint), method, error["message"].asString(),
                  error["code"].asInt(), specific);
}

ReplyElement check_element(std::string_view endpoint, const SentRequest& request,
                           const Json::Value& element) {
  const std::string& method = request.method;
  if (!element.isObject()) {
    protocol_error(endpoint, method, "reply is not a JSON object: " + quote_value(element));
  }
  if (element["jsonrpc"] != "2.0") {
    protocol_error(endpoint, method,
                   "reply is not JSON-RPC 2.0 (jsonrpc = " + quote_value(element["jsonrpc"]) + ")");
  }
  const Json::Value& id = element["id"];
  // Parse-level errors (bad JSON, request too large) come back with id null.
  const bool id_null_error = id.isNull() && element.isMember("error");
  if (!id_null_error && !(id.isString() && id.asString() == request.id)) {
    protocol_error(
        endpoint, method,
        "reply id " + quote_value(id) + " does not match request id \"" + request.id + "\"");
  }
  if (element.isMember("error")) {
    rpc_error(endpoint, method, element["error"]);
  }
  if (!element.isMember("result")) {
    protocol_error(endpoint, method, "reply has neither result nor error");
  }
  auto impl = std::make_unique<ReplyElement::Impl>(ReplyElement::Impl{
      method, element["result"], ReplyErrorPolicy(std::string(endpoint), method)});
  return ReplyElement(std::move(impl));
}

}  // namespace

std::vector<ReplyElement> parse_reply(std::string_view text, std::string_view endpoint,
                                      std::span<const SentRequest> sent) {
  const std::string name = batch_name(sent);
  std::string parse_error;
  const std::optional<Json::Value> parsed = parse_json(text, parse_error);
  if (!parsed) {
    std::string excerpt(text.substr(0, 60));
    protocol_error(endpoint, name,
                   "reply is not valid JSON (" + parse_error + "): \"" + excerpt +
                       (text.size() > 60 ? "...\"" : "\""));
  }
  const Json::Value& reply = *parsed;
  std::vector<ReplyElement> elements;
  elements.reserve(sent.size());
  if (reply.isObject()) {
    // One reply object: the answer to a single request, the bare-object quirk for a
    // one-element batch, or a whole-message error (id null) for a batch.
    if (sent.size() != 1) {
      if (reply.isMember("error") && reply["id"].isNull()) {
        rpc_error(endpoint, name, reply["error"]);
      }
      protocol_error(
          endpoint, name,
          "expected an array of " + std::to_string(sent.size()) + " replies, got one object");
    }
    elements.push_back(check_element(endpoint, sent.front(), reply));
    return elements;
  }
  if (!reply.isArray()) {
    protocol_error(endpoint, name,
                   "reply is neither an object nor an array: " + quote_value(reply));
  }
  if (reply.size() != sent.size()) {
    protocol_error(endpoint, name,
                   "expected " + std::to_string(sent.size()) + " replies in the batch, got " +
                       std::to_string(reply.size()));
  }
  for (Json::ArrayIndex i = 0; i < reply.size(); ++i) {
    elements.push_back(check_element(endpoint, sent[i], reply[i]));
  }
  return elements;
}

std::string decode_api_handle(const ReplyElement& reply) {
  std::string handle = reply.impl().reader().string("api_h");
  if (handle.empty()) reply.impl().reader().at("api_h").fail("empty api handle");
  return handle;
}

double decode_ping(const ReplyElement& reply) { return reply.impl().reader().number("ts"); }

VersionInfo decode_version(const ReplyElement& reply) {
  const FieldReader r = reply.impl().reader();
  VersionInfo info;
  info.version = r.string("version");
  info.build_date = r.string_or("build_date", "");
  info.build_time = r.string_or("build_time", "");
  info.built_by = r.string_or("built_by", "");
  info.mode = r.string_or("mode", "");
  return info;
}

SystemInfo decode_system_info(const ReplyElement& reply) {
  const FieldReader r = reply.impl().reader();
  SystemInfo info;
  info.hostname = r.string_or("hostname", "");
  info.core_type = r.string_or("core_type", "");
  info.dp_core_count = static_cast<std::uint32_t>(r.u64_or("dp_core_count", 0));
  info.port_count = static_cast<std::uint32_t>(r.u64("port_count", 255));
  const FieldReader ports = r.at("ports");
  for (Json::ArrayIndex i = 0; i < ports.array_size(); ++i) {
    const FieldReader p = ports.element(i);
    PortInfo port;
    port.index = static_cast<std::uint8_t>(p.u64("index", 255));
    port.driver = p.string_or("driver", "");
    port.description = p.string_or("description", "");
    port.pci_addr = p.string_or("pci_addr", "");
    port.hw_mac = p.string_or("hw_mac", "");
    port.is_virtual = p.boolean_or("is_virtual", false);
    if (p.has("rx") && p.at("rx").has("caps")) {
      const FieldReader caps = p.at("rx").at("caps");
      for (Json::ArrayIndex k = 0; k < caps.array_size(); ++k) {
        port.rx_caps.push_back(caps.element(k).as_string());
      }
    }
    info.ports.push_back(std::move(port));
  }
  return info;
}

std::vector<std::string> decode_supported_cmds(const ReplyElement& reply) {
  const FieldReader r = reply.impl().reader();
  std::vector<std::string> names;
  for (Json::ArrayIndex i = 0; i < r.array_size(); ++i) names.push_back(r.element(i).as_string());
  return names;
}

PortStatus decode_port_status(const ReplyElement& reply, std::uint8_t port_id) {
  const FieldReader r = reply.impl().reader();
  PortStatus status;
  status.port_id = port_id;
  status.owner = r.string("owner");
  status.state_text = r.string("state");
  status.state = port_state_from_string(status.state_text);
  status.service_mode = r.boolean_or("service", false);
  status.max_stream_id = static_cast<std::uint32_t>(r.u64_or("max_stream_id", 0));
  if (r.has("attr")) {
    const FieldReader attr = r.at("attr");
    if (attr.has("link")) status.link_up = attr.at("link").boolean_or("up", true);
    status.speed_gbps = attr.number_or("speed", 0.0);
    if (attr.has("layer_cfg")) {
      const FieldReader layer = attr.at("layer_cfg");
      if (layer.has("ether")) status.ether_state = layer.at("ether").string_or("state", "");
      if (layer.has("ipv4")) status.ipv4_state = layer.at("ipv4").string_or("state", "");
    }
  }
  return status;
}

std::string decode_handler(const ReplyElement& reply) {
  std::string handler = reply.impl().reader().as_string();
  if (handler.empty()) reply.impl().reader().fail("empty port handler");
  return handler;
}

void decode_done(const ReplyElement&) {}

StartTrafficReply decode_start_traffic(const ReplyElement& reply) {
  const FieldReader r = reply.impl().reader();
  StartTrafficReply result;
  result.multiplier = r.number("multiplier");
  result.server_ts = r.number_or("ts", 0.0);
  return result;
}

PortCounters decode_port_stats(const ReplyElement& reply, std::uint8_t port_id) {
  const FieldReader r = reply.impl().reader();
  PortCounters counters;
  counters.port_id = port_id;
  counters.opackets = r.u64("opackets");
  counters.ipackets = r.u64("ipackets");
  counters.obytes = r.u64("obytes");
  counters.ibytes = r.u64("ibytes");
  counters.oerrors = r.u64_or("oerrors", 0);
  counters.ierrors = r.u64_or("ierrors", 0);
  counters.tx_pps = r.number_or("m_total_tx_pps", 0.0);
  counters.rx_pps = r.number_or("m_total_rx_pps", 0.0);
  counters.tx_bps = r.number_or("m_total_tx_bps", 0.0);
  counters.rx_bps = r.number_or("m_total_rx_bps", 0.0);
  return counters;
}

namespace {

// {"0": n, "1": n, ...}: per-port counters of one pg_id.
std::map<std::uint8_t, std::uint64_t> per_port(const FieldReader& counters) {
  counters.expect_object();
  std::map<std::uint8_t, std::uint64_t> values;
  for (const std::string& key : counters.json().getMemberNames()) {
    char* end = nullptr;
    const unsigned long port = std::strtoul(key.c_str(), &end, 10);
    if (key.empty() || *end != '\0' || port > 255) {
      counters.fail("port key \"" + key + "\" is not a port number");
    }
    values[static_cast<std::uint8_t>(port)] = counters.at(key).as_u64();
  }
  return values;
}

}  // namespace

std::vector<PgCounters> decode_pgid_stats(const ReplyElement& reply) {
  const FieldReader r = reply.impl().reader();
  std::vector<PgCounters> result;
  if (!r.has("flow_stats")) return result;
  const FieldReader flow = r.at("flow_stats");
  flow.expect_object();
  for (const std::string& key : flow.json().getMemberNames()) {
    if (key == "g") continue;  // global error counters, not a pg_id
    char* end = nullptr;
    const unsigned long long id = std::strtoull(key.c_str(), &end, 10);
    if (key.empty() || *end != '\0' || id > 0xFFFFFFFFull) {
      flow.fail("pg_id key \"" + key + "\" is not a whole number");
    }
    const FieldReader counters = flow.at(key);
    PgCounters pg;
    pg.pg_id = static_cast<std::uint32_t>(id);
    pg.tx_packets = per_port(counters.at("tp"));
    pg.rx_packets = per_port(counters.at("rp"));
    if (r.has("ver_id") && r.at("ver_id").has(key)) pg.version = r.at("ver_id").u64(key);
    result.push_back(std::move(pg));
  }
  std::sort(result.begin(), result.end(),
            [](const PgCounters& a, const PgCounters& b) { return a.pg_id < b.pg_id; });
  return result;
}

GlobalCounters decode_global_stats(const ReplyElement& reply) {
  const FieldReader r = reply.impl().reader();
  GlobalCounters counters;
  counters.total_tx_pkts = r.u64("m_total_tx_pkts");
  counters.total_rx_pkts = r.u64("m_total_rx_pkts");
  counters.total_queue_full = r.u64_or("m_total_queue_full", 0);
  counters.tx_pps = r.number_or("m_tx_pps", 0.0);
  counters.rx_pps = r.number_or("m_rx_pps", 0.0);
  counters.cpu_util = r.number_or("m_cpu_util", 0.0);
  return counters;
}

std::vector<AsyncEvent> decode_async_events(const ReplyElement& reply) {
  const FieldReader data = reply.impl().reader().at("data");
  std::vector<AsyncEvent> events;
  for (Json::ArrayIndex i = 0; i < data.array_size(); ++i) {
    const FieldReader e = data.element(i);
    AsyncEvent event;
    event.type = static_cast<int>(e.at("type").as_i64(0, 1000));
    event.seq = e.u64("seq");
    if (e.has("data")) {
      const FieldReader payload = e.at("data");
      if (payload.has("port_id")) {
        event.port_id = static_cast<std::uint8_t>(payload.u64("port_id", 255));
      }
      event.profile_id = payload.string_or("profile_id", "");
      if (event.type >= event_type::astf_state_changed &&
          event.type <= event_type::astf_profile_cleared) {
        if (payload.has("state")) event.astf_state = payload.at("state").as_i64(0, 100);
        if (payload.has("epoch")) event.epoch = payload.u64("epoch");
        event.error = payload.string_or("error", "");
      }
    }
    events.push_back(std::move(event));
  }
  return events;
}

}  // namespace trexsearch::trex::codec
