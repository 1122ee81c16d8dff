#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "trex_emulator/astf/astf_counters.hpp"
#include "trex_emulator/astf/astf_profile_model.hpp"
#include "trex_emulator/astf/astf_sut.hpp"
#include "trex_emulator/model/counter_book.hpp"

namespace trexsearch::trex::emu {

/// One template as a run generates it.
struct AstfTemplatePlan {
  AstfFlowShape shape;
  /// New flows per second at multiplier 1, whole TRex.
  double cps = 1.0;
  std::optional<std::uint64_t> limit;
};

/// How a run was started (the `start` parameters and the emulator's options).
struct AstfRunSettings {
  /// When the first flow is due (start of TX + 0.11 s, trex-astf.md §1.6) [s].
  double first_flow = 0.0;
  /// Generation time from the first flow [s]; none: until limits or a stop.
  std::optional<double> duration;
  /// Cut the flows still open when the duration ends (TRex's `nc`).
  bool nc = false;
  double mult = 1.0;
  /// Per port pair: its client port generates (client_mask bit of the even port).
  std::vector<bool> generating_pairs;
  /// The most new flows per second TRex creates (all pairs) [cps]; none: no limit.
  std::optional<double> max_cps;
  /// One-way time through the SUT [s].
  double latency_s = 50e-6;
  /// Idle time after which a cut TCP flow's session leaves the SUT [s].
  double session_timeout_s = 30.0;
};

/// One ASTF traffic run of a profile: flows generated per 10 ms tick on each client
/// port, in cohorts that share their fate at the SUT, and followed through TCP's
/// handshake, SYN retransmissions, data and close, or UDP's request and answer. Counts
/// TRex's L7 counters (client and server side) and the port counters of exactly the
/// same packets. Deterministic. Times are emulated seconds.
class AstfRun {
 public:
  /// `suts` (one per port pair) must outlive the run.
  AstfRun(std::vector<AstfTemplatePlan> templates, AstfRunSettings settings,
          std::vector<AstfSut>& suts);

  /// Processes every tick and flow event due by `now`.
  void advance(double now);
  /// Stops generating and cuts every open flow at `at` (the stop RPC; `nc`).
  void terminate(double at);
  /// New multiplier from `at` on (the update RPC).
  void set_mult(double mult, double at);

  /// Nothing left to generate and no flow open.
  bool finished() const { return !generating_ && pending_.empty(); }
  /// When it finished (the last flow closed or was cut).
  double finished_at() const { return last_event_; }
  /// When advance() next has something to do that changes the run's state
  /// (the end of the duration), or a poll time while flows run.
  std::optional<double> next_deadline() const;

  /// The counters at `now` (after advance(now)), derived ones included.
  AstfCounterValues counters(double now) const;
  /// Port counters of this run (index = port id).
  const std::vector<PortTotals>& ports() const { return ports_; }
  /// Flows created so far and the rate since the first flow [cps].
  std::uint64_t flows_created() const { return created_total_; }
  double created_cps(double now) const;

 private:
  enum class Step { syn_retry, tcp_connected, tcp_completed, udp_answered, udp_timeout };
  struct Cohort {
    Step step = Step::syn_retry;
    std::uint32_t pair = 0;
    std::uint32_t tmpl = 0;
    std::uint64_t count = 0;
    /// When the flows' first SYN was sent.
    double born = 0.0;
    /// When their SUT sessions are due to be released (TCP, admitted).
    double release = 0.0;
  };
  /// Generation state of one template on one pair.
  struct Generator {
    double due = 0.0;
    double budget = 0.0;
    std::uint64_t backlog = 0;
    std::uint64_t scheduled = 0;
    std::uint64_t created = 0;
    std::optional<std::uint64_t> limit;
  };

  void tick(double at);
  std::uint64_t generate(Generator& generator, const AstfTemplatePlan& plan, double span);
  bool limits_exhausted() const;
  void end_generation(double at);
  void handle(double at, const Cohort& cohort);
  void cut(double at, const Cohort& cohort);

  // Flow steps (astf_flow_steps.cpp).
  void start_flows(double at, std::uint32_t pair, std::uint32_t tmpl, std::uint64_t count);
  void send_syn(double at, Cohort cohort);
  void syn_retry(double at, const Cohort& cohort);
  void tcp_connected(double at, const Cohort& cohort);
  void tcp_completed(double at, const Cohort& cohort);
  void udp_start(double at, std::uint32_t pair, std::uint32_t tmpl, std::uint64_t count);
  void udp_answered(double at, const Cohort& cohort);
  void udp_timeout(double at, const Cohort& cohort);
  void schedule(double at, Cohort cohort);
  /// Packets from the client (or server) side of `pair`: its port's TX, and the
  /// peer's RX when they arrive.
  void wire(std::uint32_t pair, bool from_client, std::uint64_t packets, std::uint64_t bytes,
            bool arrives);
  void closed(bool client, double at);

  std::vector<AstfTemplatePlan> templates_;
  AstfRunSettings settings_;
  std::vector<AstfSut>& suts_;
  double tick_ = 0.01;
  double next_tick_ = 0.0;
  std::uint64_t ticks_ = 0;
  bool generating_ = true;
  /// [pair][template]
  std::vector<std::vector<Generator>> generators_;
  std::multimap<double, Cohort> pending_;
  AstfCounterValues counters_;
  std::vector<PortTotals> ports_;
  std::uint64_t created_total_ = 0;
  double last_event_ = 0.0;
  /// Per side (0 client, 1 server): first established / accepted flow, last close.
  std::optional<double> first_[2];
  double last_close_[2] = {0.0, 0.0};
};

}  // namespace trexsearch::trex::emu
