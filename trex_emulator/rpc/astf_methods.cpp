// Handlers of TRex's ASTF methods (trex_astf_rpc_cmds.cpp), on the emulator's ASTF
// state (trex-emulator --astf).
#include "trex_emulator/model/rpc_fault.hpp"
#include "trex_emulator/rpc/astf_profile_codec.hpp"
#include "trex_emulator/rpc/method_table.hpp"
#include "trex_emulator/rpc/param_reader.hpp"

namespace trexsearch::trex::emu::handlers {
namespace {

using P = ParamReader;

AstfState& astf(MethodContext& context) {
  // Only the ASTF method table names these handlers.
  return *context.astf;
}

bool optional_bool(const Json::Value& params, const std::string& name) {
  return !P::absent(params, name) && P::boolean(params, name);
}

double optional_number(const Json::Value& params, const std::string& name) {
  return P::absent(params, name) ? 0.0 : P::number(params, name);
}

Json::Value values_of(const AstfCounterSide& side) {
  Json::Value values(Json::objectValue);
  for (const AstfReportedValue& value : astf_reported_values(side)) {
    const std::string id = std::to_string(value.id);
    if (value.is_double) {
      values[id] = value.value;
    } else {
      values[id] = Json::UInt64(value.value);
    }
  }
  return values;
}

Json::Value counter_reply(const AstfCounterValues& counters, std::uint64_t epoch) {
  Json::Value result(Json::objectValue);
  result["name"] = "counter vals";
  result["epoch"] = Json::UInt64(epoch);
  result["client"] = values_of(counters.client);
  result["server"] = values_of(counters.server);
  return result;
}

}  // namespace

Json::Value astf_acquire(MethodContext& context, const Json::Value& params) {
  const std::string user = P::string(params, "user");
  const bool force = P::boolean(params, "force");
  const std::uint32_t session = P::uint32(params, "session_id");
  std::vector<std::string> ports;
  const std::string handler = astf(context).acquire(user, session, force, ports);
  Json::Value result(Json::objectValue);
  result["ports"] = Json::Value(Json::objectValue);
  for (std::size_t port = 0; port < ports.size(); ++port) {
    result["ports"][std::to_string(port)] = ports[port];
  }
  result["handler"] = handler;
  return result;
}

Json::Value astf_release(MethodContext& context, const Json::Value&) {
  astf(context).release();
  return Json::Value(Json::objectValue);
}

Json::Value astf_sync(MethodContext& context, const Json::Value& params) {
  AstfState& state = astf(context);
  state.advance(context.now);
  Json::Value result(Json::objectValue);
  result["epoch"] = Json::UInt64(state.epoch());
  result["state"] = static_cast<int>(state.global_state());
  if (!parse_profile(params, "").empty()) {
    Json::Value& profiles = result["state_profile"] = Json::Value(Json::objectValue);
    for (const auto& [id, profile_state] : state.profile_states()) {
      profiles[id] = static_cast<int>(profile_state);
    }
  }
  return result;
}

Json::Value astf_inc_epoch(MethodContext& context, const Json::Value& params) {
  parse_profile(params);
  astf(context).advance(context.now);
  astf(context).inc_epoch();
  Json::Value result(Json::objectValue);
  result["epoch"] = Json::UInt64(astf(context).epoch());
  return result;
}

Json::Value profile_fragment(MethodContext& context, const Json::Value& params) {
  const std::string profile = parse_profile(params);
  const bool first = optional_bool(params, "frag_first");
  const bool last = optional_bool(params, "frag_last");
  Json::Value result(Json::objectValue);
  AstfState& state = astf(context);
  state.advance(context.now);
  // The shortcut answers before the fragment is read (TrexRpcCmdAstfProfileFragment).
  if (first && !last && state.matches_loaded(profile, P::string(params, "md5"))) {
    result["matches_loaded"] = true;
    return result;
  }
  state.add_fragment(profile, P::string(params, "fragment"), first, last);
  return result;
}

Json::Value profile_clear(MethodContext& context, const Json::Value& params) {
  astf(context).advance(context.now);
  astf(context).clear_profile(parse_profile(params), context.now);
  return Json::Value(Json::objectValue);
}

Json::Value astf_start(MethodContext& context, const Json::Value& params) {
  const std::string profile = parse_profile(params);
  AstfStartRequest request;
  request.duration = P::number(params, "duration");
  request.mult = P::number(params, "mult");
  request.nc = P::boolean(params, "nc");
  P::uint32(params, "latency_pps");
  P::boolean(params, "ipv6");
  request.client_mask = P::uint32(params, "client_mask");
  optional_number(params, "e_duration");
  optional_number(params, "t_duration");
  optional_number(params, "dump_interval");
  AstfState& state = astf(context);
  state.advance(context.now);
  std::optional<AstfParseOutcome> parsed;
  // Parsed now, revealed when PARSE ends (in emulated time), as TRex's DP core does.
  if (state.needs_parse(profile)) parsed = parse_astf_profile(state.profile_text(profile));
  state.start(profile, request, std::move(parsed), context.now);
  return Json::Value(Json::objectValue);
}

Json::Value astf_stop(MethodContext& context, const Json::Value& params) {
  astf(context).stop(parse_profile(params), context.now);
  return Json::Value(Json::objectValue);
}

Json::Value astf_update(MethodContext& context, const Json::Value& params) {
  const std::string profile = parse_profile(params);
  astf(context).update(profile, P::number(params, "mult"), context.now);
  return Json::Value(Json::objectValue);
}

Json::Value astf_profile_list(MethodContext& context, const Json::Value&) {
  Json::Value result(Json::arrayValue);
  for (const std::string& id : astf(context).profile_ids()) result.append(id);
  return result;
}

Json::Value astf_service(MethodContext&, const Json::Value& params) {
  P::boolean(params, "enabled");
  return Json::Value(Json::objectValue);
}

Json::Value get_counter_desc(MethodContext&, const Json::Value& params) {
  parse_profile(params);
  Json::Value result(Json::objectValue);
  result["name"] = "counter desc";
  Json::Value& data = result["data"] = Json::Value(Json::arrayValue);
  const std::vector<AstfCounterRow>& rows = astf_counter_rows();
  for (std::size_t id = 0; id < rows.size(); ++id) {
    const AstfCounterRow& row = rows[id];
    Json::Value desc(Json::objectValue);
    desc["id"] = static_cast<Json::UInt>(id);
    desc["name"] = std::string(row.name);
    desc["help"] = std::string(row.help);
    desc["units"] = std::string(row.units);
    desc["zero"] = row.keep_zero;
    desc["info"] = row.error ? "error" : "info";
    desc["real"] = row.real;
    desc["abs"] = row.abs;
    data.append(desc);
  }
  return result;
}

Json::Value get_counter_values(MethodContext& context, const Json::Value& params) {
  const AstfCounterValues values = astf(context).counter_values(parse_profile(params), context.now);
  return counter_reply(values, astf(context).epoch());
}

Json::Value get_total_counter_values(MethodContext& context, const Json::Value&) {
  const AstfCounterValues values = astf(context).total_counter_values(context.now);
  return counter_reply(values, astf(context).epoch());
}

Json::Value astf_stop_latency(MethodContext&, const Json::Value&) {
  Json::Value result(Json::objectValue);
  result["stopped"] = false;
  return result;
}

Json::Value astf_latency_stats(MethodContext& context, const Json::Value&) {
  Json::Value result(Json::objectValue);
  result["data"]["epoch"] = Json::UInt64(astf(context).epoch());
  return result;
}

Json::Value topo_get(MethodContext&, const Json::Value&) {
  Json::Value result(Json::objectValue);
  result["topo_data"]["vifs"] = Json::Value(Json::arrayValue);
  result["topo_data"]["gws"] = Json::Value(Json::arrayValue);
  return result;
}

Json::Value get_ignored_list(MethodContext&, const Json::Value&) {
  return Json::Value(Json::arrayValue);
}

}  // namespace trexsearch::trex::emu::handlers
