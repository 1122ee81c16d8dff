// Handlers of TRex's common methods (trex_rpc_cmds_common.cpp), on the emulator state.
#include <ctime>

#include "trex_client/api/async_event.hpp"
#include "trex_emulator/model/rpc_fault.hpp"
#include "trex_emulator/rpc/method_table.hpp"
#include "trex_emulator/rpc/param_reader.hpp"

namespace trexsearch::trex::emu::handlers {
namespace {

using P = ParamReader;

std::string hw_mac(std::uint8_t port) {
  char text[18];
  std::snprintf(text, sizeof text, "02:00:00:00:%02x:00", port);
  return text;
}

// The start time in TRex's "Mon DD YYYY @ HH:MM:SS" form.
std::string uptime_text() {
  static const std::string text = [] {
    const std::time_t now = std::time(nullptr);
    std::tm parts{};
    localtime_r(&now, &parts);
    char buffer[64];
    std::strftime(buffer, sizeof buffer, "%b %d %Y @ %H:%M:%S", &parts);
    return std::string(buffer);
  }();
  return text;
}

Json::Value port_attr(const StlState& state, std::uint8_t port) {
  Json::Value attr(Json::objectValue);
  attr["promiscuous"]["enabled"] = false;
  attr["multicast"]["enabled"] = false;
  attr["link"]["up"] = state.link_up(port);
  attr["speed"] = state.options().link_speed_gbps;
  attr["rx_filter_mode"] = "hw";
  attr["vxlan_fs"] = Json::Value(Json::arrayValue);
  attr["fc"]["mode"] = 0;
  // L2 mode with the peer port's MAC as destination: "resolved" for start (§2.3).
  Json::Value& layer = attr["layer_cfg"];
  layer["ether"]["src"] = hw_mac(port);
  layer["ether"]["dst"] = hw_mac(static_cast<std::uint8_t>(port ^ 1u));
  layer["ether"]["state"] = "configured";
  layer["ipv4"]["state"] = "none";
  layer["ipv6"]["enabled"] = false;
  attr["vlan"]["tags"] = Json::Value(Json::arrayValue);
  return attr;
}

Json::Value rx_info() {
  Json::Value info(Json::objectValue);
  info["queue"]["is_active"] = false;
  info["queue"]["count"] = 0;
  info["queue"]["size"] = 0;
  info["grat_arp"]["is_active"] = false;
  info["grat_arp"]["interval_sec"] = 0;
  info["latency"]["is_active"] = false;
  info["stack"]["is_active"] = true;
  info["capture_port"]["is_active"] = false;
  info["capwap_proxy"]["is_active"] = false;
  return info;
}

// The port's counters: STL traffic plus, in ASTF mode, the ASTF runs' packets.
PortStatsView port_stats_of(MethodContext& context, std::uint8_t port) {
  PortStatsView stats = context.state.port_stats(port, context.now);
  if (context.astf != nullptr) {
    const PortTotals astf = context.astf->port_totals(port, context.now);
    stats.totals.opackets += astf.opackets;
    stats.totals.obytes += astf.obytes;
    stats.totals.ipackets += astf.ipackets;
    stats.totals.ibytes += astf.ibytes;
  }
  return stats;
}

}  // namespace

Json::Value api_sync_v2(MethodContext& context, const Json::Value& params) {
  const std::string name = P::string(params, "name");
  const int major = P::integer(params, "major");
  const int minor = P::integer(params, "minor");
  Json::Value result(Json::objectValue);
  result["api_h"] = context.astf != nullptr ? context.astf->sync_api(name, major, minor)
                                            : context.state.sync_api(name, major, minor);
  return result;
}

Json::Value ping(MethodContext& context, const Json::Value&) {
  Json::Value result(Json::objectValue);
  result["ts"] = context.state.uptime(context.now).count();
  return result;
}

Json::Value get_version(MethodContext& context, const Json::Value&) {
  Json::Value result(Json::objectValue);
  result["version"] = context.state.options().version;
  result["build_date"] = __DATE__;
  result["build_time"] = __TIME__;
  result["built_by"] = "trex-emulator";
  result["mode"] = context.astf != nullptr ? "ASTF" : "STL";
  return result;
}

Json::Value get_system_info(MethodContext& context, const Json::Value&) {
  const StlState& state = context.state;
  const EmulatorOptions& options = state.options();
  Json::Value result(Json::objectValue);
  result["hostname"] = options.hostname;
  result["uptime"] = uptime_text();
  result["dp_core_count"] = options.dp_core_count;
  result["dp_core_count_per_port"] = options.dp_core_count / (state.port_count() / 2u);
  result["core_type"] = "Emulated CPU";
  result["is_multiqueue_mode"] = false;
  result["advanced_per_stream_stats"] = false;
  result["port_count"] = state.port_count();
  result["ports"] = Json::Value(Json::arrayValue);
  for (std::uint8_t p = 0; p < state.port_count(); ++p) {
    Json::Value port(Json::objectValue);
    port["index"] = p;
    port["driver"] = "net_trex_emulator";
    char pci[16];
    std::snprintf(pci, sizeof pci, "0000:00:%02x.0", p);
    port["pci_addr"] = pci;
    port["numa"] = 0;
    port["hw_mac"] = hw_mac(p);
    port["stack"] = "legacy";
    port["description"] = "trex-emulator port with simulated SUT '" + options.sut_model + "'";
    // Software-mode counting (virtual NICs): 1023 stats pg ids, rx bytes counted
    // (trex-flowstats-latency.md §1.2). Without RX statistics TRex lists no caps.
    port["rx"]["caps"] = Json::Value(Json::arrayValue);
    if (options.flow_stats) {
      port["rx"]["caps"].append("flow_stats");
      if (options.latency_caps) port["rx"]["caps"].append("latency");
      port["rx"]["caps"].append("rx_bytes");
    }
    port["rx"]["counters"] = options.flow_stats ? 1023 : 0;
    port["is_fc_supported"] = false;
    port["is_led_supported"] = false;
    port["is_link_supported"] = false;
    port["is_prom_supported"] = true;
    port["is_vxlan_supported"] = false;
    port["is_ieee1588_supported"] = false;
    port["is_virtual"] = false;
    port["supp_speeds"] = Json::Value(Json::arrayValue);
    port["supp_speeds"].append(static_cast<Json::UInt>(options.link_speed_gbps * 1000.0));
    port["cores"] = Json::Value(Json::arrayValue);
    for (std::uint32_t core = 0; core < options.dp_core_count; ++core) {
      port["cores"].append(core);
    }
    result["ports"].append(port);
  }
  return result;
}

Json::Value get_supported_cmds(MethodContext& context, const Json::Value&) {
  Json::Value result(Json::arrayValue);
  for (const std::string& name : supported_method_names(context.astf != nullptr)) {
    result.append(name);
  }
  return result;
}

Json::Value get_port_status(MethodContext& context, const Json::Value& params) {
  const std::uint8_t port = parse_port(context.state, params);
  if (!P::absent(params, "block")) P::boolean(params, "block");
  PortView view = context.state.port_view(port);
  if (context.astf != nullptr) {
    // Every port mirrors the ASTF context: its owner and its global state.
    context.astf->advance(context.now);
    view.owner = context.astf->owner();
    view.state = context.astf->port_state();
  }
  Json::Value result(Json::objectValue);
  result["owner"] = view.owner;
  result["state"] = view.state;
  const std::string profile = parse_profile(params, "");
  if (!profile.empty()) {
    Json::Value state_profile(Json::objectValue);
    if (profile == "*") {
      for (const auto& [id, text] : view.profile_states) state_profile[id] = text;
      result["state_profile"] = state_profile;
    } else {
      const auto it = view.profile_states.find(profile);
      if (it == view.profile_states.end()) {
        throw_execute_error("profile_id " + profile + " does not exists");
      }
      result["state_profile"] = it->second;
    }
  }
  result["service"] = view.service;
  result["service_filtered"] = false;
  result["profile_count"] = view.profile_count;
  result["max_stream_id"] = view.max_stream_id;
  result["attr"] = port_attr(context.state, port);
  result["rx_info"] = rx_info();
  return result;
}

Json::Value get_owner(MethodContext& context, const Json::Value& params) {
  const std::uint8_t port = parse_port(context.state, params);
  const std::string owner =
      context.astf != nullptr ? context.astf->owner() : context.state.port_view(port).owner;
  Json::Value result(Json::objectValue);
  result["owner"] = owner.empty() ? "<FREE>" : owner;
  return result;
}

Json::Value get_global_stats(MethodContext& context, const Json::Value&) {
  StlState& state = context.state;
  std::uint64_t tx_pkts = 0;
  std::uint64_t rx_pkts = 0;
  std::uint64_t tx_bytes = 0;
  std::uint64_t rx_bytes = 0;
  double tx_pps = 0.0;
  double rx_pps = 0.0;
  double tx_bps = 0.0;
  double rx_bps = 0.0;
  for (std::uint8_t p = 0; p < state.port_count(); ++p) {
    const PortStatsView stats = port_stats_of(context, p);
    tx_pkts += stats.totals.opackets;
    rx_pkts += stats.totals.ipackets;
    tx_bytes += stats.totals.obytes;
    rx_bytes += stats.totals.ibytes;
    tx_pps += stats.tx_pps;
    rx_pps += stats.rx_pps;
    tx_bps += stats.tx_bps;
    rx_bps += stats.rx_bps;
  }
  Json::Value result(Json::objectValue);
  for (const char* key : {"m_cpu_util", "m_cpu_util_raw", "m_bw_per_core", "m_rx_cpu_util",
                          "m_rx_core_pps", "m_tx_cps", "m_tx_expected_cps", "m_rx_drop_bps",
                          "m_active_flows", "m_open_flows", "m_socket_util"}) {
    result[key] = 0.0;
  }
  if (context.astf != nullptr) {
    const AstfGlobalView astf = context.astf->global_view(context.now);
    result["m_tx_cps"] = astf.tx_cps;
    result["m_active_flows"] = static_cast<double>(astf.active_flows);
    result["m_open_flows"] = static_cast<double>(astf.open_flows);
  }
  result["m_platform_factor"] = 1.0;
  result["m_tx_bps"] = tx_bps;
  result["m_rx_bps"] = rx_bps;
  result["m_tx_pps"] = tx_pps;
  result["m_rx_pps"] = rx_pps;
  result["m_tx_expected_pps"] = tx_pps;
  result["m_tx_expected_bps"] = tx_bps;
  result["m_total_tx_pkts"] = Json::UInt64(tx_pkts);
  result["m_total_rx_pkts"] = Json::UInt64(rx_pkts);
  result["m_total_tx_bytes"] = Json::UInt64(tx_bytes);
  result["m_total_rx_bytes"] = Json::UInt64(rx_bytes);
  for (const char* key :
       {"m_total_alloc_error", "m_total_queue_full", "m_total_queue_drop", "m_total_clients",
        "m_total_servers", "m_active_sockets", "m_total_nat_time_out",
        "m_total_nat_time_out_wait_ack", "m_total_nat_no_fid", "m_total_nat_active",
        "m_total_nat_syn_wait", "m_total_nat_open", "m_total_nat_learn_error"}) {
    result[key] = Json::UInt64(0);
  }
  return result;
}

Json::Value get_port_stats(MethodContext& context, const Json::Value& params) {
  const std::uint8_t port = parse_port(context.state, params);
  const PortStatsView stats = port_stats_of(context, port);
  Json::Value result(Json::objectValue);
  result["opackets"] = Json::UInt64(stats.totals.opackets);
  result["obytes"] = Json::UInt64(stats.totals.obytes);
  result["ipackets"] = Json::UInt64(stats.totals.ipackets);
  result["ibytes"] = Json::UInt64(stats.totals.ibytes);
  result["ierrors"] = Json::UInt64(0);
  result["oerrors"] = Json::UInt64(0);
  result["m_total_tx_bps"] = stats.tx_bps;
  result["m_total_tx_pps"] = stats.tx_pps;
  result["m_total_rx_bps"] = stats.rx_bps;
  result["m_total_rx_pps"] = stats.rx_pps;
  result["m_cpu_util"] = 0.0;
  return result;
}

Json::Value get_port_xstats_names(MethodContext& context, const Json::Value& params) {
  parse_port(context.state, params);
  Json::Value result(Json::objectValue);
  Json::Value& names = result["xstats_names"] = Json::Value(Json::arrayValue);
  for (const char* name : {"rx_good_packets", "tx_good_packets", "rx_good_bytes", "tx_good_bytes",
                           "rx_errors", "tx_errors"}) {
    names.append(name);
  }
  return result;
}

Json::Value get_port_xstats_values(MethodContext& context, const Json::Value& params) {
  const std::uint8_t port = parse_port(context.state, params);
  const PortStatsView stats = port_stats_of(context, port);
  Json::Value result(Json::objectValue);
  Json::Value& values = result["xstats_values"] = Json::Value(Json::arrayValue);
  values.append(Json::UInt64(stats.totals.ipackets));
  values.append(Json::UInt64(stats.totals.opackets));
  values.append(Json::UInt64(stats.totals.ibytes));
  values.append(Json::UInt64(stats.totals.obytes));
  values.append(Json::UInt64(0));
  values.append(Json::UInt64(0));
  return result;
}

Json::Value get_utilization(MethodContext& context, const Json::Value&) {
  Json::Value result(Json::objectValue);
  result["cpu"] = Json::Value(Json::arrayValue);
  for (std::uint8_t p = 0; p < context.state.port_count(); p = static_cast<std::uint8_t>(p + 2)) {
    Json::Value core(Json::objectValue);
    core["history"] = Json::Value(Json::arrayValue);
    for (int i = 0; i < 20; ++i) core["history"].append(0);
    core["ports"].append(p);
    core["ports"].append(p + 1);
    result["cpu"].append(core);
  }
  result["mbuf_stats"] = Json::Value(Json::objectValue);
  return result;
}

Json::Value set_port_attr(MethodContext& context, const Json::Value& params) {
  parse_port(context.state, params);
  const Json::Value& attr = P::object(params, "attr");
  for (const std::string& name : attr.getMemberNames()) {
    if (name != "promiscuous" && name != "multicast" && name != "link_status" &&
        name != "led_status" && name != "flow_ctrl_mode" && name != "vxlan_fs") {
      throw_execute_error("unknown attribute type: '" + name + "'");
    }
  }
  return Json::Value(Json::objectValue);
}

Json::Value set_rx_feature(MethodContext& context, const Json::Value& params) {
  parse_port(context.state, params);
  P::choice(params, "type", {"capture", "queue", "server", "latency"});
  return Json::Value(Json::objectValue);
}

Json::Value set_l2(MethodContext& context, const Json::Value& params) {
  parse_port(context.state, params);
  P::string(params, "dst");
  return Json::Value(Json::objectValue);
}

Json::Value capture(MethodContext&, const Json::Value& params) {
  const std::string command =
      P::choice(params, "command", {"start", "stop", "fetch", "status", "remove"});
  if (command == "status") return Json::Value(Json::arrayValue);
  throw_execute_error("capture '" + command + "' is not supported by the trex-emulator");
}

Json::Value publish_now(MethodContext& context, const Json::Value& params) {
  P::uint32(params, "key");
  P::boolean(params, "baseline");
  context.publish_requested = true;
  return Json::Value(Json::objectValue);
}

Json::Value get_async_events(MethodContext& context, const Json::Value& params) {
  const std::uint32_t session = P::uint32(params, "session_id");
  Json::Value result(Json::objectValue);
  Json::Value& data = result["data"] = Json::Value(Json::arrayValue);
  for (const EmulatorEvent& event : context.state.take_events(session)) {
    Json::Value entry(Json::objectValue);
    entry["name"] = "trex-event";
    entry["type"] = event.type;
    entry["seq"] = Json::UInt64(event.seq);
    Json::Value& payload = entry["data"] = Json::Value(Json::objectValue);
    if (event.type >= astf_event::state_changed && event.type <= astf_event::profile_cleared) {
      // TrexAstf::publish_astf_state, TrexAstfPerProfile::publish_astf_profile_state/clear.
      if (!event.profile_id.empty()) payload["profile_id"] = event.profile_id;
      if (event.astf_state >= 0) payload["state"] = event.astf_state;
      payload["epoch"] = Json::UInt64(event.epoch);
      if (!event.error.empty()) payload["error"] = event.error;
      data.append(entry);
      continue;
    }
    payload["port_id"] = event.port_id;
    if (!event.profile_id.empty()) payload["profile_id"] = event.profile_id;
    if (event.type == event_type::port_acquired || event.type == event_type::port_released) {
      payload["who"] = event.who;
      payload["session_id"] = event.session_id;
    }
    if (event.type == event_type::port_acquired) payload["force"] = event.force;
    data.append(entry);
  }
  return result;
}

}  // namespace trexsearch::trex::emu::handlers
