#include "trex_client/tester/trex_tester.hpp"

#include <utility>

#include "trex_client/api/trex_api.hpp"
#include "trex_client/transport/zmq_rpc_channel.hpp"

namespace trexsearch::trex {

std::unique_ptr<TrexSession> open_session(const std::string& endpoint,
                                          const ChannelFactory& make_channel,
                                          SessionConfig config) {
  return std::make_unique<TrexSession>(
      make_channel ? make_channel(endpoint) : std::make_unique<ZmqRpcChannel>(endpoint),
      std::move(config));
}

std::unique_ptr<TrexMeasurer> build_measurer(TrexSession& session, TrexMeasurerConfig config,
                                             const CompiledProfile& profile, WaitClock& clock) {
  config.directions = profile.directions;
  return std::make_unique<TrexMeasurer>(session, std::move(config), clock);
}

std::vector<PortStatus> read_port_statuses(const std::string& endpoint,
                                           const std::vector<std::uint8_t>& ports,
                                           measure::Seconds timeout) {
  TrexApi api(std::make_unique<ZmqRpcChannel>(endpoint), timeout);
  api.api_sync_v2();
  return api.get_port_statuses(ports);
}

}  // namespace trexsearch::trex
