#pragma once

// The TRex client as the daemon sees it (issue #15 item 4): load and compile a
// traffic profile, open a session to TRex, build the TRex measurer over it, read the
// ports' speed; plus the types those take and return, and the errors and the stop
// scope they raise or honour. The layers below (transport, codec, api) are the
// client's own business: the daemon includes this header and no other from trex_client.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "measure/units.hpp"
#include "trex_client/api/port_status.hpp"
#include "trex_client/api/system_info.hpp"
#include "trex_client/measurer/repeating_measurer.hpp"
#include "trex_client/measurer/trex_measurer.hpp"
#include "trex_client/measurer/trex_measurer_config.hpp"
#include "trex_client/profile/compiled_profile.hpp"
#include "trex_client/profile/line_rate.hpp"
#include "trex_client/session/latency_support.hpp"
#include "trex_client/session/retries_exhausted.hpp"
#include "trex_client/session/retry_decision.hpp"
#include "trex_client/session/trex_session.hpp"
#include "trex_client/session/wait_clock.hpp"
#include "trex_client/transport/rpc_channel.hpp"
#include "trex_client/transport/rpc_stop.hpp"
#include "trex_client/transport/trex_error.hpp"

namespace trexsearch::trex {

/// Makes the channel to TRex at an endpoint: a test seam; empty means ZeroMQ.
using ChannelFactory = std::function<std::unique_ptr<RpcChannel>(const std::string& endpoint)>;

/// A session to TRex at `endpoint` over `make_channel(endpoint)`, or over ZeroMQ
/// when `make_channel` is empty. Does not talk to TRex yet (TrexSession::connect).
std::unique_ptr<TrexSession> open_session(const std::string& endpoint,
                                          const ChannelFactory& make_channel, SessionConfig config);

/// The TRex measurer of `profile`'s directions over `session`, timed by `clock`:
/// `config` as given except its directions, which are the profile's.
std::unique_ptr<TrexMeasurer> build_measurer(TrexSession& session, TrexMeasurerConfig config,
                                             const CompiledProfile& profile, WaitClock& clock);

/// The status of `ports` from TRex at `endpoint` over ZeroMQ, each RPC within
/// `timeout`, without a session: nothing is acquired. Throws TrexError.
std::vector<PortStatus> read_port_statuses(const std::string& endpoint,
                                           const std::vector<std::uint8_t>& ports,
                                           measure::Seconds timeout);

}  // namespace trexsearch::trex
