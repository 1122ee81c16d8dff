#pragma once

#include <string>
#include <string_view>

#include "measure/units.hpp"
#include "trex_emulator/astf/astf_state.hpp"
#include "trex_emulator/model/fault_plan.hpp"
#include "trex_emulator/model/stl_state.hpp"

namespace trexsearch::trex::emu {

/// The reply to one request message and what the server must do besides sending it.
struct ProcessedRequest {
  std::string reply;
  /// publish_now was called: publish a "{}" barrier on the PUB socket.
  bool publish_barrier = false;
};

/// One request message -> one reply message, like TRex's REQ/REP server and JSON-RPC
/// parser (trex-protocol.md §1): size limit (999,999 bytes, raw and decompressed),
/// compression mirrored from the request, batches in order with the single-reply
/// unwrap quirk ("null" for an empty batch), envelope checks and error codes. No I/O.
/// With `astf`, the ASTF methods replace the STL ones (trex-emulator --astf).
ProcessedRequest process_request(std::string_view message, StlState& state, measure::Seconds now,
                                 FaultPlan& faults, AstfState* astf = nullptr);

}  // namespace trexsearch::trex::emu
