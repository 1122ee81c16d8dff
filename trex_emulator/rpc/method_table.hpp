#pragma once

// The emulator's RPC methods (its JSON codec layer): name -> handler, with TRex's
// per-command checks (api handle, port ownership, params object) in TRex's order.

#include <json/json.h>

#include <string>
#include <string_view>
#include <vector>

#include "measure/units.hpp"
#include "trex_emulator/astf/astf_state.hpp"
#include "trex_emulator/model/fault_plan.hpp"
#include "trex_emulator/model/stl_state.hpp"

namespace trexsearch::trex::emu {

/// What a handler may touch while serving one request.
struct MethodContext {
  StlState& state;
  /// Emulated time of the request.
  measure::Seconds now;
  FaultPlan& faults;
  /// Set by publish_now: the server publishes a "{}" barrier after the reply.
  bool publish_requested = false;
  /// The ASTF server (--astf); null in STL mode.
  AstfState* astf = nullptr;
};

using MethodHandler = Json::Value (*)(MethodContext& context, const Json::Value& params);

/// One registered method.
struct Method {
  const char* name;
  /// Requires params.api_h (all but api_sync_v2, ping, get_version, emulator_control).
  bool needs_api;
  /// Requires params.handler and params.port_id of an owned port (STL), or the
  /// handler of the context (ASTF).
  bool needs_owner;
  /// "common", "STL" or "ASTF": the class named in "API verification failed" errors.
  const char* component;
  MethodHandler run;
};

/// The method called `name` in STL or ASTF mode, or nullptr ("Method X not registered").
const Method* find_method(std::string_view name, bool astf = false);

/// Names of TRex's methods the emulator implements in a mode (get_supported_cmds).
std::vector<std::string> supported_method_names(bool astf = false);

/// TrexRpcCommand::run: api handle, ownership and params checks, then the handler.
/// Throws RpcFault.
Json::Value run_method(const Method& method, MethodContext& context, const Json::Value& params);

namespace handlers {
// common (trex_rpc_cmds_common.cpp)
Json::Value api_sync_v2(MethodContext&, const Json::Value&);
Json::Value ping(MethodContext&, const Json::Value&);
Json::Value get_version(MethodContext&, const Json::Value&);
Json::Value get_system_info(MethodContext&, const Json::Value&);
Json::Value get_supported_cmds(MethodContext&, const Json::Value&);
Json::Value get_port_status(MethodContext&, const Json::Value&);
Json::Value get_owner(MethodContext&, const Json::Value&);
Json::Value get_global_stats(MethodContext&, const Json::Value&);
Json::Value get_port_stats(MethodContext&, const Json::Value&);
Json::Value get_port_xstats_names(MethodContext&, const Json::Value&);
Json::Value get_port_xstats_values(MethodContext&, const Json::Value&);
Json::Value get_utilization(MethodContext&, const Json::Value&);
Json::Value set_port_attr(MethodContext&, const Json::Value&);
Json::Value set_rx_feature(MethodContext&, const Json::Value&);
Json::Value set_l2(MethodContext&, const Json::Value&);
Json::Value capture(MethodContext&, const Json::Value&);
Json::Value publish_now(MethodContext&, const Json::Value&);
Json::Value get_async_events(MethodContext&, const Json::Value&);
Json::Value emulator_control(MethodContext&, const Json::Value&);
// STL (trex_stl_rpc_cmds.cpp)
Json::Value acquire(MethodContext&, const Json::Value&);
Json::Value release(MethodContext&, const Json::Value&);
Json::Value service(MethodContext&, const Json::Value&);
Json::Value get_profile_list(MethodContext&, const Json::Value&);
Json::Value get_active_pgids(MethodContext&, const Json::Value&);
Json::Value get_pgid_stats(MethodContext&, const Json::Value&);
Json::Value get_stream_list(MethodContext&, const Json::Value&);
Json::Value get_stream(MethodContext&, const Json::Value&);
Json::Value get_all_streams(MethodContext&, const Json::Value&);
Json::Value add_stream(MethodContext&, const Json::Value&);
Json::Value remove_stream(MethodContext&, const Json::Value&);
Json::Value remove_all_streams(MethodContext&, const Json::Value&);
Json::Value start_traffic(MethodContext&, const Json::Value&);
Json::Value stop_traffic(MethodContext&, const Json::Value&);
Json::Value remove_rx_filters(MethodContext&, const Json::Value&);
Json::Value get_tpg_status(MethodContext&, const Json::Value&);
// ASTF (trex_astf_rpc_cmds.cpp)
Json::Value astf_acquire(MethodContext&, const Json::Value&);
Json::Value astf_release(MethodContext&, const Json::Value&);
Json::Value astf_sync(MethodContext&, const Json::Value&);
Json::Value astf_inc_epoch(MethodContext&, const Json::Value&);
Json::Value profile_fragment(MethodContext&, const Json::Value&);
Json::Value profile_clear(MethodContext&, const Json::Value&);
Json::Value astf_start(MethodContext&, const Json::Value&);
Json::Value astf_stop(MethodContext&, const Json::Value&);
Json::Value astf_update(MethodContext&, const Json::Value&);
Json::Value astf_profile_list(MethodContext&, const Json::Value&);
Json::Value astf_service(MethodContext&, const Json::Value&);
Json::Value get_counter_desc(MethodContext&, const Json::Value&);
Json::Value get_counter_values(MethodContext&, const Json::Value&);
Json::Value get_total_counter_values(MethodContext&, const Json::Value&);
Json::Value astf_stop_latency(MethodContext&, const Json::Value&);
Json::Value astf_latency_stats(MethodContext&, const Json::Value&);
Json::Value topo_get(MethodContext&, const Json::Value&);
Json::Value get_ignored_list(MethodContext&, const Json::Value&);
}  // namespace handlers

/// TRex's parse_port: a byte naming an existing port.
std::uint8_t parse_port(const StlState& state, const Json::Value& params);
/// TRex's parse_profile: params.profile_id or the default.
std::string parse_profile(const Json::Value& params, const std::string& fallback = "_");

}  // namespace trexsearch::trex::emu
