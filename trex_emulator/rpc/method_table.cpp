#include "trex_emulator/rpc/method_table.hpp"

#include <array>

#include "trex_emulator/model/rpc_fault.hpp"
#include "trex_emulator/rpc/param_reader.hpp"

namespace trexsearch::trex::emu {
namespace {

using namespace handlers;

// Registration flags as in trex_rpc_cmds_common.cpp / trex_stl_rpc_cmds.cpp
// (TREX_RPC_CMD = api, TREX_RPC_CMD_NOAPI = no api, TREX_RPC_CMD_OWNED = api + owner).
const std::array common_methods{
    Method{"api_sync_v2", false, false, "common", api_sync_v2},
    Method{"ping", false, false, "common", ping},
    Method{"get_version", false, false, "common", get_version},
    Method{"get_system_info", true, false, "common", get_system_info},
    Method{"get_supported_cmds", true, false, "common", get_supported_cmds},
    Method{"get_port_status", true, false, "common", get_port_status},
    Method{"get_owner", true, false, "common", get_owner},
    Method{"get_global_stats", true, false, "common", get_global_stats},
    Method{"get_port_stats", true, false, "common", get_port_stats},
    Method{"get_port_xstats_names", true, false, "common", get_port_xstats_names},
    Method{"get_port_xstats_values", true, false, "common", get_port_xstats_values},
    Method{"get_utilization", true, false, "common", get_utilization},
    Method{"set_port_attr", true, false, "common", set_port_attr},
    Method{"set_rx_feature", true, false, "common", set_rx_feature},
    Method{"set_l2", true, false, "common", set_l2},
    Method{"capture", true, false, "common", capture},
    Method{"publish_now", true, false, "common", publish_now},
    Method{"get_async_events", true, false, "common", get_async_events},
    // Not a TRex method: fault injection for tests driving the executable. Not listed
    // by get_supported_cmds.
    Method{"emulator_control", false, false, "common", emulator_control},
};

const std::array stl_methods{
    Method{"acquire", true, false, "STL", acquire},
    Method{"release", true, true, "STL", release},
    Method{"service", true, true, "STL", service},
    Method{"get_profile_list", true, false, "STL", get_profile_list},
    Method{"get_active_pgids", true, false, "STL", get_active_pgids},
    Method{"get_pgid_stats", true, false, "STL", get_pgid_stats},
    Method{"get_stream_list", true, false, "STL", get_stream_list},
    Method{"get_stream", true, false, "STL", get_stream},
    Method{"get_all_streams", true, false, "STL", get_all_streams},
    Method{"add_stream", true, true, "STL", add_stream},
    Method{"remove_stream", true, true, "STL", remove_stream},
    Method{"remove_all_streams", true, true, "STL", remove_all_streams},
    Method{"start_traffic", true, true, "STL", start_traffic},
    Method{"stop_traffic", true, true, "STL", stop_traffic},
    Method{"remove_rx_filters", true, true, "STL", remove_rx_filters},
    Method{"get_tpg_status", true, false, "STL", get_tpg_status},
};

// trex_astf_rpc_cmds.cpp: TREX_RPC_CMD = api, TREX_RPC_CMD_ASTF_OWNED = api + context.
const std::array astf_methods{
    Method{"acquire", true, false, "ASTF", astf_acquire},
    Method{"release", true, true, "ASTF", astf_release},
    Method{"sync", true, false, "ASTF", astf_sync},
    Method{"inc_epoch", true, true, "ASTF", astf_inc_epoch},
    Method{"profile_fragment", true, true, "ASTF", profile_fragment},
    Method{"profile_clear", true, true, "ASTF", profile_clear},
    Method{"start", true, true, "ASTF", astf_start},
    Method{"stop", true, true, "ASTF", astf_stop},
    Method{"update", true, true, "ASTF", astf_update},
    Method{"get_profile_list", true, true, "ASTF", astf_profile_list},
    Method{"service", true, true, "ASTF", astf_service},
    Method{"stop_latency", true, true, "ASTF", astf_stop_latency},
    Method{"get_counter_desc", true, false, "ASTF", get_counter_desc},
    Method{"get_counter_values", true, false, "ASTF", get_counter_values},
    Method{"get_total_counter_values", true, false, "ASTF", get_total_counter_values},
    Method{"get_latency_stats", true, false, "ASTF", astf_latency_stats},
    Method{"topo_get", true, false, "ASTF", topo_get},
    Method{"get_ignored_ips", true, false, "ASTF", get_ignored_list},
    Method{"get_ignored_macs", true, false, "ASTF", get_ignored_list},
};

template <typename Table>
const Method* find_in(const Table& table, std::string_view name) {
  for (const Method& method : table) {
    if (name == method.name) return &method;
  }
  return nullptr;
}

}  // namespace

const Method* find_method(std::string_view name, bool astf) {
  if (const Method* method = find_in(common_methods, name)) return method;
  return astf ? find_in(astf_methods, name) : find_in(stl_methods, name);
}

std::vector<std::string> supported_method_names(bool astf) {
  std::vector<std::string> names;
  for (const Method& method : common_methods) {
    if (std::string_view(method.name) != "emulator_control") names.emplace_back(method.name);
  }
  if (astf) {
    for (const Method& method : astf_methods) names.emplace_back(method.name);
  } else {
    for (const Method& method : stl_methods) names.emplace_back(method.name);
  }
  return names;
}

std::uint8_t parse_port(const StlState& state, const Json::Value& params) {
  const std::uint8_t port = ParamReader::byte(params, "port_id");
  state.check_port(port);
  return port;
}

std::string parse_profile(const Json::Value& params, const std::string& fallback) {
  if (!params.isObject() || params["profile_id"].isNull()) return fallback;
  return params["profile_id"].isString() ? params["profile_id"].asString()
                                         : params["profile_id"].toStyledString();
}

Json::Value run_method(const Method& method, MethodContext& context, const Json::Value& params) {
  if (method.needs_api) {
    const std::string api_h = ParamReader::string(params, "api_h");
    if (api_h != context.state.api_handle()) {
      throw_execute_error(
          std::string("API verification failed - API handler provided mismatch for class: '") +
          method.component + "'");
    }
  }
  if (method.needs_owner && context.astf != nullptr) {
    // TrexRpcAstfCommand::verify_ownership: the context's handler, no port.
    context.astf->verify_owner(ParamReader::string(params, "handler"));
  } else if (method.needs_owner) {
    const std::string handler = ParamReader::string(params, "handler");
    const std::uint8_t port = parse_port(context.state, params);
    context.state.verify_owner(port, handler);
  }
  if (!params.isObject()) {
    // Sic, with the trailing space (TrexRpcCommand::run).
    throw_execute_error("JSON-RPC2 params should be object in TRex case ");
  }
  return method.run(context, params);
}

}  // namespace trexsearch::trex::emu
