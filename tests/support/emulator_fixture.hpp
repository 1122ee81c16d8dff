#pragma once

// An in-process trex-emulator on tcp://127.0.0.1:* and clients for it.

#include <memory>
#include <string>

#include "trex_client/api/trex_api.hpp"
#include "trex_client/session/trex_session.hpp"
#include "trex_client/transport/zmq_rpc_channel.hpp"
#include "trex_emulator/server/emulator_server.hpp"

namespace test_support {

/// Emulator options for tests: ephemeral loopback ports, a sharp SUT.
inline trexsearch::trex::emu::EmulatorOptions emulator_options(double speed = 1000.0) {
  trexsearch::trex::emu::EmulatorOptions options;
  options.rpc_endpoint = "tcp://127.0.0.1:*";
  options.pub_endpoint = "tcp://127.0.0.1:*";
  options.speed = speed;
  options.sut_model = "sharp";
  options.sut_options = {{"capacity_pps", 1e6}};
  return options;
}

/// A fresh typed API on the emulator's RPC endpoint.
inline trexsearch::trex::TrexApi make_api(const trexsearch::trex::emu::EmulatorServer& emulator,
                                          double timeout_s = 2.0, bool compress = true) {
  return trexsearch::trex::TrexApi(
      std::make_unique<trexsearch::trex::ZmqRpcChannel>(
          emulator.rpc_endpoint(), trexsearch::trex::ZmqChannelOptions{compress}),
      trexsearch::measure::Seconds{timeout_s});
}

/// A session owning `ports` on the emulator (not connected yet).
inline std::unique_ptr<trexsearch::trex::TrexSession> make_session(
    const trexsearch::trex::emu::EmulatorServer& emulator, std::vector<std::uint8_t> ports,
    const std::string& user = "tester", bool force = false, double timeout_s = 2.0) {
  trexsearch::trex::SessionConfig config;
  config.user = user;
  config.ports = std::move(ports);
  config.force_acquire = force;
  config.rpc_timeout = trexsearch::measure::Seconds{timeout_s};
  return std::make_unique<trexsearch::trex::TrexSession>(
      std::make_unique<trexsearch::trex::ZmqRpcChannel>(emulator.rpc_endpoint()), config);
}

}  // namespace test_support
