#pragma once

#include <json/json.h>

#include "trex_client/emulator/emulated_stream.hpp"

namespace trexsearch::trex::emu {

/// Parses add_stream's `stream` object in TRex's order with TRex's errors
/// (TrexRpcCmdAddStream::_run): mode, flags, isg, packet (base64, 14..9238 bytes),
/// vm instructions (types and fields checked), flow_stats. `rx_stats`: the port has
/// RX statistics capabilities; without them flow stats are refused. Throws RpcFault.
EmulatedStream parse_stream(const Json::Value& section, bool rx_stats = true);

}  // namespace trexsearch::trex::emu
