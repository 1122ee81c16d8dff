#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "daemon/model/fixed_load_spec.hpp"
#include "daemon/model/job_hooks.hpp"
#include "measure/units.hpp"
#include "plr/plr_config.hpp"
#include "search/controller_config.hpp"
#include "sim/sut_model.hpp"
#include "trex_client/measurer/astf_measurer_config.hpp"
#include "trex_client/profile/astf_profile.hpp"
#include "trex_client/tester/trex_tester.hpp"

namespace trexsearch::service {

/// Which search a job runs; each has its JobRunner.
enum class SearchMethod { mlr, plr, mrr, soak };
std::string_view to_string(SearchMethod method);

/// How long a resumed PLR job runs on (`plr_resume`; docs/daemon.md).
enum class PlrResume {
  /// Until the original deadline: wall time the daemon was down counts against the
  /// time budget (real-time jobs; compressed jobs have no downtime).
  deadline,
  /// For what was left of the time budget when it stopped: downtime is not counted.
  remaining,
};
std::string_view to_string(PlrResume resume);

/// Which clock a job's search runs on.
enum class TimeMode {
  /// Compressed: the clock advances by each trial's effective duration, nothing waits.
  virtual_time,
  /// Wall time: a simulated trial waits (interruptibly) for its duration.
  real_time,
};
std::string_view to_string(TimeMode mode);

/// `"kind": "sim"`: a built-in simulated SUT (sim/).
struct SimMeasurerSpec {
  std::string model;
  sim::SutOptions options;
  std::uint64_t seed = 1;
  /// Added to each trial's effective duration (trial setup, like CSIT's ~0.5 s).
  measure::Seconds trial_overhead{0.0};
  TimeMode time = TimeMode::virtual_time;
};

/// `"kind": "exec"`: an external process speaking docs/external-measurer.md.
struct ExecMeasurerSpec {
  std::string command;
  /// Reply timeout = intended trial duration + this.
  measure::Seconds reply_timeout_margin{60.0};
  /// Real by default: the process takes the trial's time itself.
  TimeMode time = TimeMode::real_time;
};

/// The `astf` section of a `trex` job (docs/astf.md): TRex in advanced stateful mode,
/// loads in transactions (connections) per second.
struct AstfJobSpec {
  /// Decoded once at submission (a template compiled, or TRex's own JSON checked).
  trex::AstfProfile profile;
  /// How trials run and count: counting, Σ cps, sessions and packets per transaction
  /// from the profile; the timing settings from the section.
  trex::AstfMeasurerConfig trial;
};

/// `"kind": "trex"`: a TRex server in interactive mode (trex_client): stateless, or
/// advanced stateful when the job has an `astf` section.
/// Absent optional fields take the daemon's settings (`trex-endpoint`,
/// `trex-reconnect-grace`) when the job runs.
struct TrexMeasurerSpec {
  /// "tcp://host:4501"; empty: the daemon's `trex-endpoint`, or its testbed's.
  std::string endpoint;
  /// The testbed the job names (the job's `"testbed"`, docs/testbeds.md); empty: the
  /// one its endpoint and ports belong to, or "default".
  std::string testbed;
  /// The traffic profile (docs/traffic-profiles.md), decoded once at submission
  /// (or when a stored job is read back): every later use takes this value.
  trex::TrafficProfile profile;
  /// Where the profile came from: its path, or "inline".
  std::string profile_source;
  /// Ports to own for the whole job; empty: the profile's ports.
  std::vector<std::uint8_t> ports;
  /// Take ports another user holds (TRex's acquire force).
  bool force_acquire = false;
  /// The TRex clock's speed relative to real time (an emulator's `--speed`); 1 for TRex.
  double speed = 1.0;
  /// How long TRex may stay unreachable before the job fails; absent: the daemon's.
  std::optional<measure::Seconds> reconnect_grace;
  /// Deadline of each RPC [real s]: a TRex that does not answer within it counts as
  /// unreachable (reconnect). Lower it for an emulator's compressed time.
  measure::Seconds rpc_timeout{3.0};
  /// The TRex session id of every connection the job makes (1..2^32-1), random
  /// unless given, and stored with the job: a job resumed after the daemon died
  /// is the same user and session to TRex, so it gets its own ports back without
  /// forcing anyone else off them (trex-protocol.md §2: acquire).
  std::uint32_t session_id = 0;
  /// How trials run: counters, settle, stop slack, warmup (docs/trials.md). Its
  /// directions are filled in from the profile when the job runs.
  trex::TrexMeasurerConfig trial;
  /// Speed of the ports the profile sends on [Gbit/s]: given, or TRex's at
  /// submission; absent when neither was known. The job checks it at start.
  std::optional<double> port_speed_gbps;
  /// The job's highest load [pps per direction] (from its spec, not stored in the
  /// measurer's JSON): checked against the ports' line rate when the job starts.
  std::optional<double> max_load_pps;
  /// Present: TRex in ASTF mode with this profile; `profile` and `trial` above are
  /// then unused.
  std::optional<AstfJobSpec> astf;
};

/// One alternative per measurer kind.
using MeasurerSpec = std::variant<SimMeasurerSpec, ExecMeasurerSpec, TrexMeasurerSpec>;

/// "sim", "exec", "trex".
std::string_view measurer_kind(const MeasurerSpec& spec);
/// Whether the job runs ASTF (stateful) traffic: its loads are transactions/s.
bool is_astf_job(const MeasurerSpec& spec);

/// The job spec's `latency` section (docs/latency.md): latency trials after an MLR
/// search at fractions of chosen goals' conditional throughput (CSIT's 0/10/50/90 %
/// of PDR, trex-flowstats-latency.md §3.1), and/or latency on every trial.
struct LatencySpec {
  /// Of each chosen goal's conditional throughput, in increasing order, no
  /// duplicates, each in [0, 1]; 0 sends the latency streams alone. Empty: no
  /// latency phase.
  std::vector<double> fractions{0.0, 0.1, 0.5, 0.9};
  /// Goal labels (SearchGoal::label); empty: the goal with the highest loss ratio
  /// (PDR in an NDR/PDR job; the first of equals).
  std::vector<std::string> goals;
  /// Of each latency trial; absent: the goal's final_trial_duration.
  std::optional<measure::Seconds> duration;
  /// Every search trial a latency trial (NFVbench's way); min_load must then be at
  /// least the latency streams' rate.
  bool every_trial = false;
};

/// Whether a job measures latency.
enum class LatencyMode {
  /// No `latency` key: when the measurer has latency streams, with LatencySpec's
  /// defaults (MLR: the latency phase; PLR: latency on every trial); else none.
  automatic,
  /// `"latency": {...}`: as the section says; a measurer without latency streams
  /// fails the job at start.
  on,
  /// `"latency": false`: none, whatever the measurer can do.
  off,
};

/// A validated job: what to search for and how to measure. Built only by
/// decode_job_spec, so every instance has passed validation.
struct JobSpec {
  /// Optional label for lists and logs.
  std::string name;
  SearchMethod method = SearchMethod::mlr;
  /// The MLRsearch spec (as `trex-search simulate --spec`), for method mlr.
  mlr::ControllerConfig mlr;
  /// The PLRsearch spec (PLR.json), for method plr.
  plr::PlrConfig plr;
  /// For method plr: how a resumed run counts the downtime; absent: the daemon's
  /// `plr-resume` setting.
  std::optional<PlrResume> plr_resume;
  /// For method mrr (docs/mrr.md).
  MrrSpec mrr;
  /// For method soak (docs/mrr.md).
  SoakSpec soak;
  MeasurerSpec measurer;
  LatencyMode latency_mode = LatencyMode::automatic;
  /// The `latency` section (defaults unless latency_mode is `on`).
  LatencySpec latency;
  /// Traffic profile the job runs with (kept with the job record; used by `trex`).
  std::string profile;
  /// The operator's hooks the job names (docs/testbeds.md "Hooks").
  JobHooks hooks;
};

/// The lane a job runs in: jobs of one lane run one at a time, in order; jobs of
/// different lanes at the same time (docs/testbeds.md). A trex job's is its testbed
/// ("testbed lab-a"), or without one its endpoint ("trex tcp://...", "trex" for the
/// daemon's trex-endpoint); jobs that use no TRex share "no TRex".
std::string job_lane(const JobSpec& spec);
/// The testbed a trex job was placed on; "" for other jobs and without testbed
/// sections.
std::string job_testbed(const JobSpec& spec);

/// Method mrr or soak: the same runner at one fixed load (fixed_load_job_runner.hpp).
bool is_fixed_load(SearchMethod method);
/// The spec's fixed-load plan; only for is_fixed_load(spec.method).
FixedLoadPlan fixed_load_plan(const JobSpec& spec);

}  // namespace trexsearch::service
