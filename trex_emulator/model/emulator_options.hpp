#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "measure/units.hpp"
#include "sim/sut_model.hpp"
#include "trex_emulator/model/astf_sut_limits.hpp"

namespace trexsearch::trex::emu {

/// Everything the trex-emulator can be configured with. Validated by validate().
struct EmulatorOptions {
  /// ZeroMQ endpoints; "tcp://127.0.0.1:*" binds an ephemeral port (tests).
  std::string rpc_endpoint = "tcp://127.0.0.1:4501";
  std::string pub_endpoint = "tcp://127.0.0.1:4500";

  /// Ports 0..n-1, paired (0,1), (2,3), ...: traffic sent on one port of a pair
  /// arrives on the other through that pair's simulated SUT. Even, 2..254.
  std::uint32_t port_count = 2;
  /// Link speed of every port [Gb/s] (attr.speed, line-rate checks).
  double link_speed_gbps = 10.0;
  /// Ports have RX statistics (caps flow_stats, latency, rx_bytes). False: like a NIC
  /// without them, no caps and add_stream refuses streams with flow stats enabled.
  bool flow_stats = true;
  /// With flow_stats: ports also have the `latency` capability. False: `rx.caps` lacks
  /// it and add_stream refuses latency streams ("Interface does not support given
  /// rule type"), to test a client's refusal.
  bool latency_caps = true;
  /// get_pgid_stats includes `lat.hdrh`, as TRex started with --hdrh
  /// (trex-flowstats-latency.md §2.2).
  bool hdrh = false;

  /// The simulated SUT (sim/ models) and its options. Each direction (tx port)
  /// gets its own instance seeded with `seed + tx port id`. The `latency_*` options
  /// (but latency_rate_pps: the profile's latency streams set the rate) shape the
  /// latency samples of that direction's latency streams.
  std::string sut_model = "sharp";
  sim::SutOptions sut_options;
  /// Per-direction SUT options: tx port -> options replacing the same-named
  /// sut_options for the traffic that port sends (e.g. a slower reverse direction).
  std::map<std::uint32_t, sim::SutOptions> sut_port_options;
  std::uint64_t seed = 1;
  /// Time a frame spends in the SUT: RX counters lag TX counters by this much.
  measure::Seconds sut_latency{0.0};
  /// Frames the SUT itself sends (ARP, LLDP, ...) into each receiving port per traffic
  /// run: on port counters only (never on a pg id), where they make the measured loss
  /// negative when the SUT loses fewer.
  std::uint64_t dut_frames_per_run = 0;
  /// The fastest a port can transmit [pps], shared by its running profiles; above it
  /// TRex-style duration stretching happens: all frames are sent, over a longer time.
  /// Absent: no limit.
  std::optional<double> max_tx_pps;
  /// From a start request to the run's first frame: TRex's DP cores schedule it 100 us
  /// later (trex-protocol.md §2.9), and the measurer judges a port's pace from then.
  measure::Seconds data_plane_start_delay{100e-6};

  /// Serve TRex's advanced stateful mode (ASTF, API 2.3) instead of STL (--astf).
  bool astf = false;
  /// ASTF: the stateful SUT of every port pair (--astf-sut-cps, --astf-sut-sessions,
  /// --astf-sut-session-timeout).
  AstfSutLimits astf_sut;
  /// ASTF: the most new flows per second TRex itself creates, all ports together
  /// (--astf-max-cps); above it flows start late. None: no limit.
  std::optional<double> astf_max_cps;

  /// Emulated time runs this many times faster than real time (tests: 100..10000).
  double speed = 1.0;

  /// Reported by get_version and get_system_info.
  std::string version = "v3.03";
  std::string hostname = "trex-emulator";
  std::uint32_t dp_core_count = 2;

  /// The SUT options of the direction `tx_port` sends: sut_options with that port's
  /// sut_port_options applied.
  sim::SutOptions sut_options_for(std::uint32_t tx_port) const;

  /// Throws ConfigError naming the first invalid option; also builds the SUT model
  /// of every direction once so that unknown models or options fail here, not at the
  /// first trial.
  void validate() const;
};

}  // namespace trexsearch::trex::emu
