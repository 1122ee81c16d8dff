#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "measure/units.hpp"
#include "sim/latency_model.hpp"
#include "sim/sut_model.hpp"
#include "trex_emulator/model/counter_book.hpp"
#include "trex_emulator/model/emulated_stream.hpp"
#include "trex_emulator/model/emulator_options.hpp"
#include "trex_emulator/model/latency_record.hpp"
#include "trex_emulator/model/traffic_plan.hpp"

namespace trexsearch::trex::emu {

/// One event as get_async_events returns it (trex-protocol.md §4.2).
struct EmulatorEvent {
  int type = 0;
  std::uint64_t seq = 0;
  std::uint8_t port_id = 0;
  /// Set for profile events (10..17).
  std::string profile_id;
  /// Set for acquire/release events.
  std::string who;
  std::uint32_t session_id = 0;
  bool force = false;
  /// ASTF events (50, 60, 61): the state (-1: none), the epoch and the error text.
  int astf_state = -1;
  std::uint64_t epoch = 0;
  std::string error;
};

/// What get_port_status reports.
struct PortView {
  std::string owner;
  std::string state;
  bool service = false;
  std::uint32_t max_stream_id = 0;
  std::uint32_t profile_count = 0;
  /// profile id -> state text.
  std::map<std::string, std::string> profile_states;
};

/// One pg_id's counters as get_pgid_stats reports them (trex-protocol.md §2.10).
struct PgStatsView {
  /// Some stream with this pg_id is a latency stream.
  bool latency = false;
  /// ver_id: changes when the pg_id is created anew after its last stream was removed.
  std::uint64_t version = 0;
  /// Index = port id, every port: tp = opackets, tb = obytes, rp = ipackets, rb = ibytes.
  std::vector<PortTotals> ports;
  /// For a latency pg_id: what TRex's RX core measured of it so far (§2.1).
  std::optional<LatencyRecord> latency_record;
};

/// What get_port_stats reports.
struct PortStatsView {
  PortTotals totals;
  double tx_pps = 0.0;
  double rx_pps = 0.0;
  double tx_bps = 0.0;
  double rx_bps = 0.0;
};

/// TRex's stateless server as a typed state machine with a simulated SUT behind
/// every port pair: api handle, port ownership, profiles of streams, traffic runs,
/// cumulative counters and per-session event queues. No JSON, no sockets, no clock:
/// every call that depends on time gets `now` (emulated seconds since start).
/// Errors are RpcFault with TRex's codes and messages.
class StlState {
 public:
  /// Throws ConfigError for invalid options.
  StlState(EmulatorOptions options, measure::Seconds now);

  const EmulatorOptions& options() const { return options_; }
  std::uint8_t port_count() const { return static_cast<std::uint8_t>(ports_.size()); }
  double link_bps() const { return options_.link_speed_gbps * 1e9; }
  /// Emulated seconds since the last (re)start, like TRex's ping `ts`.
  measure::Seconds uptime(measure::Seconds now) const { return now - started_; }

  /// Forgets everything a TRex restart forgets: api handle, owners, handlers,
  /// streams, traffic, sessions; counters restart from zero. The SUT is not restarted.
  void restart(measure::Seconds now);
  /// Ends traffic runs whose time is over (queueing their events) and settles counters.
  void advance(measure::Seconds now);
  /// The next moment advance() has work to do, if any.
  std::optional<measure::Seconds> next_deadline() const;
  /// Grows by one for every event queued: the server publishes "{}" when it changes.
  std::uint64_t event_generation() const { return event_generation_; }

  /// Throws "invalid port id - should be: 0 1 ..." for unknown ports.
  void check_port(std::uint8_t port) const;

  // --- API handle (trex-protocol.md §2.1)
  /// api_sync_v2's version check against STL 5.1; returns the api handle.
  const std::string& sync_api(const std::string& name, int major, int minor) const;
  const std::string& api_handle() const { return api_h_; }

  // --- ownership (§2.4)
  /// The check TRex runs before every owned command.
  void verify_owner(std::uint8_t port, const std::string& handler) const;
  std::string acquire(std::uint8_t port, const std::string& user, std::uint32_t session_id,
                      bool force);
  void release(std::uint8_t port);
  void set_service(std::uint8_t port, bool enabled);

  PortView port_view(std::uint8_t port) const;
  /// The port's link (get_port_status attr.link.up). Down: TRex refuses to start
  /// the port unless forced, and a forced run's frames reach nobody (nor do frames
  /// sent towards it). A restart keeps it: the link is physical.
  bool link_up(std::uint8_t port) const;
  void set_link_up(std::uint8_t port, bool up);

  // --- streams (§2.7)
  /// A latency stream's pg_id must be new ("For payload rules: Can't have two streams
  /// with same pg_id, or same stream on more than one port"), and a stats pg_id cannot
  /// take a latency stream ("Can't use same pg_id for streams with different l4
  /// protocol"), as CFlowStatUserIdMap::add_stream refuses them.
  void add_stream(std::uint8_t port, const std::string& profile, std::uint32_t stream_id,
                  EmulatedStream stream);
  void remove_stream(std::uint8_t port, const std::string& profile, std::uint32_t stream_id);
  /// "*" for every profile.
  void remove_all_streams(std::uint8_t port, const std::string& profile);
  /// Profiles of the port ("_" always exists).
  std::vector<std::string> profile_ids(std::uint8_t port) const;
  /// Streams of a profile; nullptr when the profile does not exist.
  const std::map<std::uint32_t, EmulatedStream>* streams(std::uint8_t port,
                                                         const std::string& profile) const;
  /// pg ids of flow-stats / latency streams on any port.
  std::vector<std::uint32_t> active_pgids(bool latency) const;
  /// Counters of a pg id at `now`, live like the port counters (TX as frames go out,
  /// RX as they leave the SUT); none for a pg id without streams.
  std::optional<PgStatsView> pg_stats(std::uint32_t pg_id, measure::Seconds now);

  // --- traffic (§2.9)
  /// Returns the multiplier (factor) applied.
  double start_traffic(std::uint8_t port, const std::string& profile,
                       const MultiplierRequest& multiplier, measure::Seconds duration, bool force,
                       measure::Seconds now);
  /// "*" for every profile; a no-op for profiles not transmitting.
  void stop_traffic(std::uint8_t port, const std::string& profile, measure::Seconds now);
  void remove_rx_filters(std::uint8_t port, const std::string& profile);

  // --- statistics (§2.10)
  PortStatsView port_stats(std::uint8_t port, measure::Seconds now);

  // --- events (§4.3)
  /// Queues an event for every session (the ASTF state publishes through it too).
  void publish(const EmulatorEvent& event);
  /// Creates a session's event queue if it does not exist (ASTF acquire).
  void add_session(std::uint32_t session_id) { sessions_.try_emplace(session_id); }
  /// Drains a session's queue; an unknown session is created (reader) with none.
  std::vector<EmulatorEvent> take_events(std::uint32_t session_id);

  /// Traffic runs that reached their end so far (tests use it to follow the SUT).
  std::uint64_t completed_runs() const { return completed_runs_; }

 private:
  enum class ProfileState { idle, streams, tx };
  /// Masks of states a command is allowed in (verify_profile_state).
  static constexpr int allow_idle = 1;
  static constexpr int allow_streams = 2;
  static constexpr int allow_tx = 4;

  struct Run {
    /// When the first frame leaves: the start request + the data-plane start delay.
    measure::Seconds start{0.0};
    /// Infinite for unbounded runs; moves when the port's pace changes.
    measure::Seconds tx_end{0.0};
    bool unbounded = false;
    /// What the streams ask for [pps]; --max-tx-pps is shared by a port's runs' demand.
    double demand_pps = 0.0;
    /// Fraction of the demand the port achieves: below 1 the run is stretched (§5.5).
    double pace = 1.0;
    /// Mean rate while transmitting [pps] and the share the SUT forwards (port rates).
    double tx_pps = 0.0;
    double forward_ratio = 1.0;
    double bytes_per_packet = 64.0;
    /// The transmitting streams: their frames split over pg_ids.
    std::vector<PlannedStream> streams;
    /// Bounded runs: the delivery carrying the frames not yet sent.
    std::optional<std::uint64_t> delivery;
    /// Unbounded runs are accounted in chunks up to here.
    measure::Seconds accounted_until{0.0};
    /// Latency pg_ids it transmits: their samples are drawn when the run ends (or,
    /// unbounded, per accounted chunk), from the frames that arrived.
    std::vector<std::uint32_t> latency_pgs;
    /// The port's highest total rate (all its profiles) while this run transmitted
    /// [pps]: what the SUT's queues see, so a latency stream in its own profile
    /// shows the latency of the main traffic next to it.
    double port_load_pps = 0.0;
  };

  struct Profile {
    std::map<std::uint32_t, EmulatedStream> streams;
    ProfileState state = ProfileState::idle;
    std::optional<Run> run;
    /// A run attached RX rules for its flow-stats streams and remove_rx_filters has
    /// not been called since.
    bool rx_rules_attached = false;
  };

  struct Port {
    std::string owner_user;
    std::uint32_t owner_session = 0;
    std::string handler;
    bool service = false;
    std::map<std::string, Profile> profiles;
    bool owned() const { return !handler.empty(); }
  };

  struct Session {
    std::deque<EmulatorEvent> queue;
    std::uint64_t next_seq = 0;
  };

  static const char* state_name(ProfileState state);
  std::string port_state(const Port& port) const;
  bool port_transmitting(const Port& port) const;
  Port& port_at(std::uint8_t port);
  const Port& port_at(std::uint8_t port) const;
  Profile& existing_profile(Port& port, const std::string& profile);
  void verify_profile_state(const Profile& profile, const std::string& id, int allowed,
                            const std::string& command) const;
  std::string random_token();
  /// Ends a run at `at`: its events, and the port's other runs may speed up.
  void finish_run(std::uint8_t port_id, const std::string& profile_id, Profile& profile,
                  bool stopped, measure::Seconds at);
  void account_unbounded(std::uint8_t port_id, Run& run, measure::Seconds now);
  /// A bounded run's whole traffic, simulated at its start: the SUT's trial, the
  /// frames delivered to the peer port (per stream, latency and the DUT's own
  /// frames included), and the run's TX end and rate.
  void simulate_bounded_run(std::uint8_t port_id, const TrafficPlan& plan, const Profile& profile,
                            Run& run);
  /// What the SUT was offered of a stretch of traffic, and what it forwarded (none on
  /// a dead link).
  static std::uint64_t offered_frames(const measure::TrialOutcome& outcome);
  std::uint64_t forwarded_frames(std::uint8_t port_id, const measure::TrialOutcome& outcome) const;
  /// A delivery from `port_id` to its peer over [begin, end], its parts still to add.
  Delivery sut_delivery(std::uint8_t port_id, measure::Seconds begin, measure::Seconds end) const;
  /// Every run on the port shares the SUT with the others: each sees at least their
  /// summed rate.
  static void share_port_load(Port& port);
  /// profile_started, and port_started when the port was idle.
  void publish_started(std::uint8_t port_id, const std::string& profile_id, bool was_transmitting);
  /// advance() plus accounting of unbounded runs: every counter is current at `now`.
  void settle(measure::Seconds now);
  /// Layer-1 rate of `pps` frames of `bytes_per_packet` (with FCS): 20 B of
  /// preamble and gap each, as TRex's line-rate check counts.
  static double l1_bps(double pps, double bytes_per_packet) {
    return pps * (bytes_per_packet + 20.0) * 8.0;
  }
  /// What a port's runs ask of it together.
  struct PortDemand {
    double pps = 0.0;
    /// At layer 1: frames plus FCS, preamble and gap [bit/s].
    double l1_bps = 0.0;
  };
  /// The fraction of the demand a port sends at: under --max-tx-pps and under its
  /// line rate (a forced start above it: the wire is the limit).
  double pace_for(const PortDemand& demand) const;
  /// Sum of the demand of the port's runs, plus `extra`.
  PortDemand port_demand(const Port& port, PortDemand extra) const;
  /// Gives every run of the port the pace its total demand allows from `at` on.
  void repace_port(std::uint8_t port_id, measure::Seconds at);
  /// Forgets the counters of pg ids whose last stream was removed.
  void forget_unused_pgids();
  /// Decides which frames of latency parts arrive (the direction's latency model: overload
  /// and latency-path loss, never the main parts' counts) at load `load_pps`.
  void apply_latency_loss(std::uint8_t port_id, std::vector<DeliveryPart>& parts, double load_pps);
  /// Draws samples for the frames of latency pg_ids that arrived since the last call,
  /// for traffic from `port_id` at `load_pps` over [begin, end].
  void draw_latency(std::uint8_t port_id, const std::vector<std::uint32_t>& pg_ids, double load_pps,
                    measure::Seconds begin, measure::Seconds end);
  /// The SUT capacity the direction's latency queue fills towards [pps].
  double latency_capacity_pps(std::uint8_t port_id) const;
  std::uint8_t peer(std::uint8_t port) const { return static_cast<std::uint8_t>(port ^ 1u); }
  /// Both ends of the port's path to its peer are up.
  bool path_up(std::uint8_t port) const { return link_up(port) && link_up(peer(port)); }

  EmulatorOptions options_;
  measure::Seconds started_{0.0};
  std::mt19937_64 random_;
  std::string api_h_;
  std::vector<Port> ports_;
  /// Per port; outside Port, which a restart resets.
  std::vector<bool> link_up_;
  std::vector<std::unique_ptr<sim::SutModel>> sut_;
  /// One per direction (tx port), from that direction's `latency_*` SUT options.
  std::vector<sim::LatencyModel> latency_models_;
  /// Latency pg_id -> what was measured of it (lives as long as its counters).
  std::map<std::uint32_t, LatencyRecord> latency_records_;
  std::unique_ptr<CounterBook> counters_;
  std::map<std::uint32_t, Session> sessions_;
  /// pg id -> ver_id, for pg ids that have streams.
  std::map<std::uint32_t, std::uint64_t> pg_versions_;
  std::uint64_t next_pg_version_ = 1;
  std::uint64_t event_generation_ = 0;
  std::uint64_t completed_runs_ = 0;
};

}  // namespace trexsearch::trex::emu
