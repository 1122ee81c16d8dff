// Handlers of TRex's STL methods (trex_stl_rpc_cmds.cpp), on the emulator state.
#include <algorithm>
#include <cmath>

#include "trex_client/codec/json_text.hpp"
#include "trex_emulator/model/rpc_fault.hpp"
#include "trex_emulator/rpc/method_table.hpp"
#include "trex_emulator/rpc/param_reader.hpp"
#include "trex_emulator/rpc/stream_parser.hpp"

namespace trexsearch::trex::emu::handlers {
namespace {

using P = ParamReader;

Json::Value stored_stream(const EmulatedStream& stream, bool with_packet) {
  std::string error;
  std::optional<Json::Value> json = codec::parse_json(stream.stored_json, error);
  if (!json) return Json::Value(Json::objectValue);
  if (!with_packet) json->removeMember("packet");
  return *json;
}

Json::Value streams_object(const std::map<std::uint32_t, EmulatedStream>& streams) {
  Json::Value object(Json::objectValue);
  for (const auto& [id, stream] : streams) object[std::to_string(id)] = stored_stream(stream, true);
  return object;
}

Json::Value id_list(const std::map<std::uint32_t, EmulatedStream>& streams) {
  Json::Value list(Json::arrayValue);
  for (const auto& [id, stream] : streams) list.append(id);
  return list;
}

// One latency pg_id as CFlowStatRuleMgr::dump_json writes it (trex-flowstats-latency.md
// §2.1, trex-protocol.md §2.10): whole microseconds (uint32 in TRex; `average` a double
// holding a whole number), the decade histogram with only non-zero buckets, `hdrh` only
// when TRex runs with --hdrh, `er` only with non-zero counters.
Json::Value latency_entry(const LatencyRecord& record, bool hdrh) {
  Json::Value lat(Json::objectValue);
  lat["total_max"] = Json::UInt64(record.total_max_us);
  lat["total_min"] = Json::UInt64(record.total_min_us);
  lat["last_max"] = Json::UInt64(record.last_max_us);
  lat["average"] = std::floor(record.average_us);
  lat["jit"] = Json::UInt64(record.jitter_us);
  lat["histogram"] = Json::Value(Json::objectValue);
  for (const auto& [edge_us, count] : record.buckets) {
    if (count != 0) lat["histogram"][std::to_string(edge_us)] = Json::UInt64(count);
  }
  if (hdrh) lat["hdrh"] = record.histogram.encode();
  Json::Value errors(Json::objectValue);
  const auto put = [&errors](const char* name, std::uint64_t value) {
    if (value != 0) errors[name] = Json::UInt64(value);
  };
  put("drp", record.errors.dropped);
  put("ooo", record.errors.out_of_order);
  put("dup", record.errors.duplicate);
  put("sth", record.errors.seq_too_high);
  put("stl", record.errors.seq_too_low);
  Json::Value entry(Json::objectValue);
  entry["lat"] = lat;
  entry["er"] = errors;
  return entry;
}

}  // namespace

Json::Value acquire(MethodContext& context, const Json::Value& params) {
  const std::uint8_t port = parse_port(context.state, params);
  const std::string user = P::string(params, "user");
  const bool force = P::boolean(params, "force");
  const std::uint32_t session = P::uint32(params, "session_id");
  return Json::Value(context.state.acquire(port, user, session, force));
}

Json::Value release(MethodContext& context, const Json::Value& params) {
  context.state.release(parse_port(context.state, params));
  return Json::Value(Json::objectValue);
}

Json::Value service(MethodContext& context, const Json::Value& params) {
  const std::uint8_t port = parse_port(context.state, params);
  const bool enabled = P::boolean(params, "enabled");
  if (!P::absent(params, "filtered")) P::boolean(params, "filtered");
  if (!P::absent(params, "mask")) P::byte(params, "mask");
  context.state.set_service(port, enabled);
  return Json::Value(Json::objectValue);
}

Json::Value get_profile_list(MethodContext& context, const Json::Value& params) {
  Json::Value result(Json::arrayValue);
  for (const std::string& id : context.state.profile_ids(parse_port(context.state, params))) {
    result.append(id);
  }
  return result;
}

Json::Value get_active_pgids(MethodContext& context, const Json::Value&) {
  Json::Value result(Json::objectValue);
  Json::Value& ids = result["ids"];
  ids["flow_stats"] = Json::Value(Json::arrayValue);
  ids["latency"] = Json::Value(Json::arrayValue);
  for (std::uint32_t id : context.state.active_pgids(false)) ids["flow_stats"].append(id);
  for (std::uint32_t id : context.state.active_pgids(true)) ids["latency"].append(id);
  return result;
}

Json::Value get_pgid_stats(MethodContext& context, const Json::Value& params) {
  const Json::Value& pgids = P::array(params, "pgids");
  if (pgids.size() > 1024 + 128) {
    throw_execute_error("Too many pgids in one request (" + std::to_string(pgids.size()) +
                        "); the limit is 1152");
  }
  std::vector<std::uint32_t> wanted;
  for (const Json::Value& id : pgids) {
    if (!id.isUInt()) throw_execute_error("pgids must be unsigned integers");
    wanted.push_back(id.asUInt());
  }
  const std::vector<std::uint32_t> latency_ids = context.state.active_pgids(true);
  std::vector<std::uint32_t> active = context.state.active_pgids(false);
  active.insert(active.end(), latency_ids.begin(), latency_ids.end());
  if (wanted.empty()) wanted = active;

  Json::Value result(Json::objectValue);
  result["flow_stats"] = Json::Value(Json::objectValue);
  result["latency"] = Json::Value(Json::objectValue);
  result["ver_id"] = Json::Value(Json::objectValue);
  for (std::uint32_t pg : wanted) {
    // Unknown pg ids are skipped: a missing key means "no such pg id", not zero (§1.3).
    if (std::find(active.begin(), active.end(), pg) == active.end()) continue;
    const std::optional<PgStatsView> stats = context.state.pg_stats(pg, context.now);
    if (!stats) continue;
    const std::string key = std::to_string(pg);
    // CFlowStatRuleMgr::dump_json: every counter keyed by every port, zeros included.
    Json::Value flow(Json::objectValue);
    for (std::uint8_t p = 0; p < context.state.port_count(); ++p) {
      const std::string port = std::to_string(p);
      const PortTotals& counts = stats->ports.at(p);
      flow["tp"][port] = Json::UInt64(counts.opackets);
      flow["tb"][port] = Json::UInt64(counts.obytes);
      flow["rp"][port] = Json::UInt64(counts.ipackets);
      flow["rb"][port] = Json::UInt64(counts.ibytes);
      for (const char* rate : {"tps", "tbs", "rps", "rbs"}) flow[rate][port] = 0.0;
    }
    result["flow_stats"][key] = flow;
    result["ver_id"][key] = Json::UInt64(stats->version);
    if (stats->latency_record) {
      result["latency"][key] = latency_entry(*stats->latency_record, context.state.options().hdrh);
    }
  }
  return result;
}

Json::Value get_stream_list(MethodContext& context, const Json::Value& params) {
  const std::uint8_t port = parse_port(context.state, params);
  const std::string profile = parse_profile(params);
  if (profile == "*") {
    Json::Value result(Json::objectValue);
    for (const std::string& id : context.state.profile_ids(port)) {
      result[id] = id_list(*context.state.streams(port, id));
    }
    return result;
  }
  const auto* streams = context.state.streams(port, profile);
  return streams ? id_list(*streams) : Json::Value(Json::arrayValue);
}

Json::Value get_stream(MethodContext& context, const Json::Value& params) {
  const std::uint8_t port = parse_port(context.state, params);
  const std::string profile = parse_profile(params);
  const std::uint32_t stream_id = P::uint32(params, "stream_id");
  const bool with_packet = P::boolean(params, "get_pkt");
  const auto* streams = context.state.streams(port, profile);
  if (streams == nullptr) throw_execute_error("profile_id " + profile + " does not exists");
  const auto it = streams->find(stream_id);
  if (it == streams->end()) {
    throw_execute_error("stream id " + std::to_string(stream_id) + ", profile id " + profile +
                        " on port " + std::to_string(port) + " does not exists");
  }
  Json::Value result(Json::objectValue);
  result["stream"] = stored_stream(it->second, with_packet);
  return result;
}

Json::Value get_all_streams(MethodContext& context, const Json::Value& params) {
  const std::uint8_t port = parse_port(context.state, params);
  const std::string profile = parse_profile(params);
  Json::Value result(Json::objectValue);
  if (profile == "*") {
    Json::Value& profiles = result["profiles"] = Json::Value(Json::objectValue);
    for (const std::string& id : context.state.profile_ids(port)) {
      profiles[id] = streams_object(*context.state.streams(port, id));
    }
  } else {
    const auto* streams = context.state.streams(port, profile);
    result["streams"] = streams ? streams_object(*streams) : Json::Value(Json::objectValue);
  }
  return result;
}

Json::Value add_stream(MethodContext& context, const Json::Value& params) {
  const std::uint8_t port = parse_port(context.state, params);
  const std::string profile = parse_profile(params);
  const std::uint32_t stream_id = P::uint32(params, "stream_id");
  const Json::Value& section = P::object(params, "stream");
  const EmulatorOptions& options = context.state.options();
  context.state.add_stream(
      port, profile, stream_id,
      parse_stream(section, {.rx_stats = options.flow_stats,
                             .latency = options.flow_stats && options.latency_caps,
                             .dp_core_count = options.dp_core_count}));
  return Json::Value(Json::objectValue);
}

Json::Value remove_stream(MethodContext& context, const Json::Value& params) {
  const std::uint8_t port = parse_port(context.state, params);
  const std::string profile = parse_profile(params);
  const std::uint32_t stream_id = P::uint32(params, "stream_id");
  context.state.remove_stream(port, profile, stream_id);
  return Json::Value(Json::objectValue);
}

Json::Value remove_all_streams(MethodContext& context, const Json::Value& params) {
  const std::uint8_t port = parse_port(context.state, params);
  context.state.remove_all_streams(port, parse_profile(params));
  return Json::Value(Json::objectValue);
}

Json::Value start_traffic(MethodContext& context, const Json::Value& params) {
  const std::uint8_t port = parse_port(context.state, params);
  const std::string profile = parse_profile(params);
  const double duration = P::number(params, "duration");
  const bool force = P::boolean(params, "force");
  const std::uint64_t core_mask =
      P::absent(params, "core_mask") ? ~std::uint64_t{0} : P::uint64(params, "core_mask");
  if (!P::absent(params, "start_at_ts")) P::number(params, "start_at_ts");
  const std::uint32_t cores = context.state.options().dp_core_count;
  const std::uint64_t all_cores = cores >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << cores) - 1;
  if ((core_mask & all_cores) == 0) {
    char mask[32];
    std::snprintf(mask, sizeof mask, "%llx", static_cast<unsigned long long>(core_mask));
    throw_parse_error(std::string("core_mask: '0x") + mask + "' for " + std::to_string(cores) +
                      " cores generates an empty set");
  }
  const Json::Value& mul = P::object(params, "mul");
  MultiplierRequest multiplier;
  multiplier.type = P::choice(mul, "type", {"raw", "bps", "bpsl1", "pps", "percentage"});
  const std::string op = P::string(mul, "op");
  multiplier.value = P::unsigned_number(mul, "value");
  if (multiplier.value == 0) throw_parse_error("multiplier can't be zero");
  if (op != "abs") throw_parse_error("start message can only specify absolute speed rate");
  Json::Value result(Json::objectValue);
  result["multiplier"] = context.state.start_traffic(
      port, profile, multiplier, measure::Seconds{duration}, force, context.now);
  result["ts"] = context.state.uptime(context.now).count();
  return result;
}

Json::Value stop_traffic(MethodContext& context, const Json::Value& params) {
  const std::uint8_t port = parse_port(context.state, params);
  context.state.stop_traffic(port, parse_profile(params), context.now);
  return Json::Value(Json::objectValue);
}

Json::Value remove_rx_filters(MethodContext& context, const Json::Value& params) {
  const std::uint8_t port = parse_port(context.state, params);
  context.state.remove_rx_filters(port, parse_profile(params));
  return Json::Value(Json::objectValue);
}

Json::Value get_tpg_status(MethodContext& context, const Json::Value& params) {
  const bool by_port = !P::absent(params, "port_id");
  const bool by_user = !P::absent(params, "username");
  if (by_port == by_user) {
    throw_parse_error("Exactly one of port_id or username must be provided");
  }
  if (by_port) parse_port(context.state, params);
  if (by_user) P::string(params, "username");
  Json::Value result(Json::objectValue);
  result["enabled"] = false;
  Json::Value& data = result["data"];
  data["acquired_ports"] = Json::Value(Json::arrayValue);
  data["rx_ports"] = Json::Value(Json::arrayValue);
  data["username"] = "-";
  data["num_tpgids"] = 0;
  data["num_tags"] = 0;
  return result;
}

}  // namespace trexsearch::trex::emu::handlers
