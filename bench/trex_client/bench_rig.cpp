#include "bench/trex_client/bench_rig.hpp"

#include <algorithm>
#include <cmath>

#include "trex_client/transport/zmq_rpc_channel.hpp"

namespace trexsearch::trex::bench {

BenchRig::BenchRig(double speed, double capacity_pps, TrexMeasurerConfig config) {
  emu::EmulatorOptions options;
  options.rpc_endpoint = "tcp://127.0.0.1:*";
  options.pub_endpoint = "tcp://127.0.0.1:*";
  options.speed = speed;
  options.sut_model = "sharp";
  options.sut_options = {{"capacity_pps", capacity_pps}};
  emulator = std::make_unique<emu::EmulatorServer>(options);

  SessionConfig session_config;
  session_config.user = "bench";
  session_config.ports = {0, 1};
  session = std::make_unique<TrexSession>(std::make_unique<ZmqRpcChannel>(emulator->rpc_endpoint()),
                                          session_config);
  session->connect();
  TrafficProfile profile;
  profile.name = "bench";
  profile.port_pairs = {{0, 1, true}};
  profile.frame_sizes = {{64, 1}};
  const CompiledProfile compiled = compile_profile(profile);
  session->load_streams(compiled.ports);
  config.directions = compiled.directions;
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
