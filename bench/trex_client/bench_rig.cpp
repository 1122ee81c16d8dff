#include "bench/trex_client/bench_rig.hpp"

#include <algorithm>
#include <cmath>

#include "trex_client/transport/zmq_rpc_channel.hpp"

namespace trexsearch::trex::bench {

std::string BenchTarget::describe() const {
  std::string text = endpoint ? "TRex at " + *endpoint : "in-process trex-emulator (loopback)";
  text += ", port " + std::to_string(tx_port) + (bidirectional ? " <-> " : " -> ") +
          std::to_string(rx_port) + ", " + std::to_string(frame_size) + " B, " +
          to_string(counters) + " counters" + (force_start ? "" : ", force_start off");
  return text;
}

BenchRig::BenchRig(const BenchTarget& target, double speed, double capacity_pps,
                   TrexMeasurerConfig config) {
  std::string rpc_endpoint;
  if (target.endpoint) {
    rpc_endpoint = *target.endpoint;
    speed = 1.0;  // a real TRex runs in real time
  } else {
    emu::EmulatorOptions options;
    options.rpc_endpoint = "tcp://127.0.0.1:*";
    options.pub_endpoint = "tcp://127.0.0.1:*";
    options.speed = speed;
    options.sut_model = "sharp";
    options.sut_options = {{"capacity_pps", capacity_pps}};
    emulator = std::make_unique<emu::EmulatorServer>(options);
    rpc_endpoint = emulator->rpc_endpoint();
  }

  SessionConfig session_config;
  session_config.user = "bench";
  session_config.ports = {target.tx_port, target.rx_port};
  session_config.force_acquire = target.force_acquire;
  session =
      std::make_unique<TrexSession>(std::make_unique<ZmqRpcChannel>(rpc_endpoint), session_config);
  session->connect();
  // The stand's guide profile (real-trex-stand.md): IPv4/UDP, one flow.
  TrafficProfile profile;
  profile.name = "bench";
  profile.port_pairs = {{target.tx_port, target.rx_port, target.bidirectional}};
  profile.frame_sizes = {{target.frame_size, 1}};
  const CompiledProfile compiled = compile_profile(profile, target.counters);
  session->load_streams(compiled.ports);
  config.directions = compiled.directions;
  config.counters = target.counters;
  config.force_start = target.force_start;
  if (target.tx_poll_interval_s) {
    config.tx_poll_interval = measure::Seconds{*target.tx_poll_interval_s};
  }
  clock = std::make_unique<SteadyWaitClock>(speed);
  measurer = std::make_unique<TrexMeasurer>(*session, config, *clock);
}

double quantile(std::vector<double> values, double q) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const auto rank =
      static_cast<std::size_t>(std::clamp(std::ceil(q * static_cast<double>(values.size())) - 1.0,
                                          0.0, static_cast<double>(values.size() - 1)));
  return values[rank];
}

}  // namespace trexsearch::trex::bench
