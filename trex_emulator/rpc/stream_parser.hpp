#pragma once

#include <json/json.h>

#include <cstdint>

#include "trex_emulator/model/emulated_stream.hpp"

namespace trexsearch::trex::emu {

/// What the port offers that add_stream checks a stream against.
struct StreamLimits {
  /// RX statistics capabilities; without them flow stats are refused.
  bool rx_stats = true;
  /// The `latency` capability (payload rules); without it latency streams are refused.
  bool latency = true;
  /// core_id must be below it.
  std::uint32_t dp_core_count = 2;
};

/// Parses add_stream's `stream` object in TRex's order with TRex's errors
/// (TrexRpcCmdAddStream::_run): mode, flags, isg, core_id, packet (base64, 14..9238
/// bytes), vm instructions (types and fields checked), flow_stats; for latency streams
/// also the checks of CFlowStatRuleMgr::add_stream_internal (trex-flowstats-latency.md
/// §1.1): no core_id pinning, the latency capability, >= 16 L4 payload bytes.
/// Throws RpcFault.
EmulatedStream parse_stream(const Json::Value& section, const StreamLimits& limits = {});

}  // namespace trexsearch::trex::emu
