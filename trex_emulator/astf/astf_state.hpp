#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "measure/units.hpp"
#include "trex_emulator/astf/astf_counters.hpp"
#include "trex_emulator/astf/astf_profile_model.hpp"
#include "trex_emulator/astf/astf_run.hpp"
#include "trex_emulator/astf/astf_sut.hpp"
#include "trex_emulator/model/counter_book.hpp"
#include "trex_emulator/model/emulator_options.hpp"

namespace trexsearch::trex::emu {

class StlState;

/// ASTF event types (trex-astf.md §1.4).
namespace astf_event {
inline constexpr int state_changed = 50;
inline constexpr int profile_state_changed = 60;
inline constexpr int profile_cleared = 61;
}  // namespace astf_event

/// A profile's state as sent on the wire (trex_astf.h).
enum class AstfProfileState { idle = 0, loaded, parse, build, tx, cleanup, del };

/// TRex's state names ("Loaded profile", ...), as its error texts use them.
const char* astf_state_name(AstfProfileState state);

/// The `start` parameters the emulator uses.
struct AstfStartRequest {
  double mult = 1.0;
  /// <= 0: no duration.
  double duration = 0.0;
  bool nc = false;
  std::uint32_t client_mask = 0xffffffff;
};

/// What PARSE makes of an uploaded profile: the model, or TRex's error text.
struct AstfParseOutcome {
  std::optional<AstfProfileModel> profile;
  std::string error;
};

/// What get_global_stats adds in ASTF mode.
struct AstfGlobalView {
  double tx_cps = 0.0;
  std::uint64_t active_flows = 0;
  std::uint64_t open_flows = 0;
};

/// TRex's ASTF server as a typed state machine (trex-astf.md §1): the context owner,
/// profiles uploaded in fragments, the profile states IDLE / LOADED / PARSE / BUILD /
/// TX / CLEANUP in emulated time, traffic runs (AstfRun) through a stateful SUT per
/// port pair (AstfSut), L7 and port counters, and the events 50 / 60 / 61, queued
/// through the common part (StlState: api handle, sessions). No JSON, no clock.
class AstfState {
 public:
  /// `common` must outlive this object.
  AstfState(StlState& common, const EmulatorOptions& options, measure::Seconds now);

  /// A TRex restart: context free, profiles gone, epoch 1, counters zero. The SUT
  /// keeps its sessions (it is another device).
  void restart(measure::Seconds now);
  /// Moves profiles through their states and runs up to `now`.
  void advance(measure::Seconds now);
  std::optional<measure::Seconds> next_deadline() const;
  /// Forgets every session of every SUT (SIGUSR1).
  void flush_sut_sessions();
  /// Sessions the SUT of `pair` holds at `now` (tests).
  std::uint64_t sut_sessions(std::uint32_t pair, measure::Seconds now);

  /// api_sync_v2's check against ASTF 2.3; returns the api handle.
  const std::string& sync_api(const std::string& name, int major, int minor) const;

  // --- the context (§1.2)
  void verify_owner(const std::string& handler) const;
  /// Returns the context handler; `port_handlers` gets each port's.
  std::string acquire(const std::string& user, std::uint32_t session_id, bool force,
                      std::vector<std::string>& port_handlers);
  void release();
  /// The owner's name, empty when free.
  const std::string& owner() const { return owner_; }

  // --- states (§1.3)
  std::uint64_t epoch() const { return epoch_; }
  /// Refused in PARSE / BUILD / CLEANUP.
  void inc_epoch();
  AstfProfileState global_state() const;
  std::map<std::string, AstfProfileState> profile_states() const;
  /// The port state get_port_status shows ("ASTF_LOADED", "TX", ...).
  std::string port_state() const;

  // --- profiles (§1.5)
  /// profile_fragment's shortcut: true when `profile_id` already holds a profile whose
  /// MD5 is `md5`; throws when another profile does.
  bool matches_loaded(const std::string& profile_id, const std::string& md5) const;
  /// profile_fragment: the first fragment starts the text over, the last one loads it.
  void add_fragment(const std::string& profile_id, const std::string& fragment, bool first,
                    bool last);
  void clear_profile(const std::string& profile_id, measure::Seconds now);
  /// The profile must be parsed at the next start (uploaded since the last parse).
  bool needs_parse(const std::string& profile_id) const;
  /// The uploaded text (empty for an unknown profile).
  std::string profile_text(const std::string& profile_id) const;
  /// `parsed`: the outcome of parsing the text, when needs_parse().
  void start(const std::string& profile_id, const AstfStartRequest& request,
             std::optional<AstfParseOutcome> parsed, measure::Seconds now);
  void stop(const std::string& profile_id, measure::Seconds now);
  void update(const std::string& profile_id, double mult, measure::Seconds now);
  std::vector<std::string> profile_ids() const;

  // --- counters (§1.7)
  AstfCounterValues counter_values(const std::string& profile_id, measure::Seconds now);
  AstfCounterValues total_counter_values(measure::Seconds now);
  PortTotals port_totals(std::uint8_t port, measure::Seconds now);
  AstfGlobalView global_view(measure::Seconds now);

 private:
  struct Profile {
    AstfProfileState state = AstfProfileState::idle;
    std::string buffer;
    std::string hash;
    bool parsed = false;
    std::optional<AstfProfileModel> model;
    std::optional<AstfParseOutcome> pending_parse;
    AstfStartRequest request;
    /// End of the current transient state [s].
    double deadline = 0.0;
    std::unique_ptr<AstfRun> run;
    /// The last run's counters once it ended (zero after a start).
    AstfCounterValues counters;
  };

  Profile& profile_at(const std::string& profile_id);
  const Profile& profile_at(const std::string& profile_id) const;
  void check_states(const Profile& profile, std::initializer_list<AstfProfileState> allowed) const;
  void change_state(const std::string& id, Profile& profile, AstfProfileState state,
                    const std::string& error = "");
  /// One step of `profile` due by `now`; false when nothing was due.
  bool step(const std::string& id, Profile& profile, double now);
  void end_parse(const std::string& id, Profile& profile);
  void enter_tx(const std::string& id, Profile& profile, double at);
  void enter_cleanup(const std::string& id, Profile& profile, double at);
  /// Event 50 when the global state changed since it was last published.
  void publish_global();
  void publish_profile(int type, const std::string& id, AstfProfileState state,
                       const std::string& error);
  std::string token();

  StlState& common_;
  EmulatorOptions options_;
  std::string owner_;
  std::string handler_;
  std::uint64_t epoch_ = 1;
  AstfProfileState published_global_ = AstfProfileState::idle;
  std::map<std::string, Profile> profiles_;
  std::vector<AstfSut> suts_;
  /// Port counters of the runs that ended (index = port id).
  std::vector<PortTotals> ended_ports_;
  std::uint64_t ended_flows_ = 0;
  std::mt19937_64 random_;
};

}  // namespace trexsearch::trex::emu
