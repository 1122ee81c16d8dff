// bench_astf_trials: runs ASTF connection-rate trials at given loads against a TRex in
// advanced stateful mode and prints what each trial counted (docs/astf.md "Checked on a
// real TRex"). Usage:
//   bench_astf_trials [--endpoint tcp://127.0.0.1:4501] [--protocol tcp|udp]
//                     [--duration S] [--sessions N] LOAD_CPS...
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "measure/trial_result.hpp"
#include "trex_client/codec/astf/astf_profile_codec.hpp"
#include "trex_client/measurer/astf_measurer.hpp"
#include "trex_client/session/astf_session.hpp"
#include "trex_client/transport/zmq_rpc_channel.hpp"

using namespace trexsearch;

namespace {

struct Args {
  std::string endpoint = "tcp://127.0.0.1:4501";
  trex::AstfTemplate profile;
  double duration_s = 1.0;
  std::vector<double> loads;
};

Args parse_args(int argc, char** argv) {
  Args args;
  args.profile.protocol = trex::AstfProtocol::tcp;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&] {
      if (i + 1 >= argc) throw std::runtime_error(arg + " needs a value");
      return std::string(argv[++i]);
    };
    if (arg == "--endpoint") {
      args.endpoint = value();
    } else if (arg == "--protocol") {
      args.profile.protocol = value() == "udp" ? trex::AstfProtocol::udp : trex::AstfProtocol::tcp;
    } else if (arg == "--duration") {
      args.duration_s = std::stod(value());
    } else if (arg == "--sessions") {
      args.profile.sessions = std::stoull(value());
    } else {
      args.loads.push_back(std::stod(arg));
    }
  }
  if (args.loads.empty()) throw std::runtime_error("give at least one load [cps]");
  return args;
}

}  // namespace

int main(int argc, char** argv) try {
  const Args args = parse_args(argc, argv);
  const trex::AstfProfile profile = trex::compile_astf_template(args.profile);
  trex::SessionConfig config;
  config.user = "bench_astf_trials";
  config.ports = {0, 1};
  config.force_acquire = true;
  trex::AstfSession session(std::make_unique<trex::ZmqRpcChannel>(args.endpoint), config);
  session.connect();
  session.load_profile({profile.json, profile.md5_hex});
  trex::AstfMeasurerConfig trial;
  trial.counting = profile.protocol == trex::AstfProtocol::tcp
                       ? trex::AstfCounting::tcp_connections
                       : trex::AstfCounting::udp_transactions;
  trial.total_cps = profile.total_cps;
  trial.sessions = profile.sessions;
  trial.server_packets_per_transaction = profile.server_packets_per_transaction;
  trial.client_packets_per_transaction = profile.client_packets_per_transaction;
  trial.client_mask = 1;
  trex::SteadyWaitClock clock;
  trex::AstfMeasurer measurer(session, trial, clock);
  std::printf(
      "load_cps,offered,lost,intended,loss_ratio,tester_limited,wall_s,start_latency_s,"
      "exchanges\n");
  for (const double load : args.loads) {
    const std::uint64_t exchanges = session.api().exchanges();
    const measure::TrialOutcome outcome =
        measurer.measure(measure::Seconds{args.duration_s}, load, std::stop_token{});
    const auto result =
        measure::TrialResult::from_outcome(load, measure::Seconds{args.duration_s}, outcome);
    std::printf("%.0f,%lld,%lld,%lld,%.5f,%s,%.3f,%.4f,%llu\n", load,
                static_cast<long long>(outcome.offered_count),
                static_cast<long long>(outcome.loss_count),
                static_cast<long long>(outcome.intended_count.value_or(-1)),
                result.measured_loss_ratio(), result.tester_limited() ? "yes" : "no",
                result.effective_duration().count(), measurer.last_start_latency().count(),
                static_cast<unsigned long long>(session.api().exchanges() - exchanges));
    for (const auto& note : outcome.notes) std::printf("  %s\n", note.text().c_str());
  }
  session.close();
  return 0;
} catch (const std::exception& error) {
  std::fprintf(stderr, "bench_astf_trials: %s\n", error.what());
  return 1;
}
