#include "trex_client/session/astf_session.hpp"

#include <algorithm>

#include "measure/errors.hpp"

namespace trexsearch::trex {
namespace {

// Steady states a profile rests in; the rest TRex leaves by itself (§1.3).
bool steady(const AstfSync& sync) {
  return !is_transient(sync.profile_state(astf_default_profile));
}

// How long TRex may take to leave a transient state (PARSE, BUILD, CLEANUP run on
// the DP cores and cannot be cancelled; a stop waits for the server side's flows).
constexpr measure::Seconds kSteadyBound{30.0};

SessionConfig astf_config(SessionConfig config) {
  config.api.name = std::string(astf_api_name);
  config.api.major = astf_api_major;
  config.api.minor = astf_api_minor;
  return config;
}

}  // namespace

AstfSession::AstfSession(std::unique_ptr<RpcChannel> channel, SessionConfig config)
    : RecoveringSession(std::move(channel), astf_config(std::move(config))), astf_(api_) {}

AstfSession::~AstfSession() {
  if (!connected_) return;
  try {
    api_.set_timeout(std::min(config_.rpc_timeout, measure::Seconds{0.5}));
    close();
  } catch (...) {
    // Best effort: TRex may be gone; never throw from a destructor.
  }
}

void AstfSession::sync_and_acquire() {
  try {
    astf_.api_sync_v2();
  } catch (const TrexError& error) {
    // A TRex in stateless mode answers ASTF's version check with an error, not an
    // outage: say what to do about it.
    if (error.kind() != TrexErrorKind::rpc || error.is_api_verification_failure()) throw;
    throw TrexError(
        TrexErrorKind::rpc, error.endpoint(), error.method(),
        error.detail() + " (an ASTF job needs TRex in advanced stateful mode: t-rex-64 -i --astf)",
        error.rpc_code(), error.specific_err());
  }
  context_ = astf_.acquire(config_.user, config_.session_id, config_.force_acquire);
  desc_.clear();
  // Events queued before this session's requests say nothing about them.
  take_profile_error();
}

void AstfSession::reset_profile() {
  std::stop_source never;
  auto sync = poll_until(steady, kSteadyBound, never.get_token());
  if (!sync) {
    throw TrexError(TrexErrorKind::transport, api_.endpoint(), "sync",
                    "the ASTF profile stayed in a transient state for 30 s");
  }
  if (sync->profile_state(astf_default_profile) == AstfState::tx) {
    astf_.stop(context_, astf_default_profile);
    sync = poll_until(
        [](const AstfSync& s) {
          return steady(s) && s.profile_state(astf_default_profile) != AstfState::tx;
        },
        kSteadyBound, never.get_token());
    if (!sync) {
      throw TrexError(TrexErrorKind::transport, api_.endpoint(), "stop",
                      "traffic left running did not stop within 30 s");
    }
  }
  if (sync->profile_state(astf_default_profile) == AstfState::loaded) {
    astf_.profile_clear(context_, astf_default_profile);
    poll_until(
        [](const AstfSync& s) { return s.profile_state(astf_default_profile) == AstfState::idle; },
        kSteadyBound, never.get_token());
  }
}

void AstfSession::connect() {
  sync_and_acquire();
  reset_profile();
  profile_.reset();
  connected_ = true;
  outage_.reachable();
  log("trex_connect endpoint=" + api_.endpoint() +
      " mode=ASTF session_id=" + std::to_string(config_.session_id));
}

void AstfSession::load_profile(AstfUpload profile) {
  astf_.upload_profile(context_, astf_default_profile, profile.json, profile.md5_hex);
  profile_ = std::move(profile);
}

void AstfSession::close() {
  connected_ = false;
  const AstfSync sync = astf_.sync();
  if (sync.profile_state(astf_default_profile) == AstfState::tx) {
    astf_.stop(context_, astf_default_profile);
  }
  astf_.release(context_);
}

void AstfSession::recover(const TrexError& cause) {
  log("trex_reconnect endpoint=" + api_.endpoint() + " cause=\"" + cause.what() + "\"");
  sync_and_acquire();
  reset_profile();
  if (profile_)
    astf_.upload_profile(context_, astf_default_profile, profile_->json, profile_->md5_hex);
  connected_ = true;
  outage_.reachable();
  ++recoveries_;
  log("trex_reconnected endpoint=" + api_.endpoint() +
      " recoveries=" + std::to_string(recoveries_));
}

const std::vector<AstfCounterDesc>& AstfSession::counter_desc() {
  if (desc_.empty()) desc_ = astf_.get_counter_desc(astf_default_profile);
  return desc_;
}

std::optional<AstfSync> AstfSession::poll_until(const std::function<bool(const AstfSync&)>& done,
                                                measure::Seconds bound, std::stop_token stop) {
  const measure::Seconds until = retry_clock_.now() + bound;
  measure::Seconds pause{0.001};
  for (;;) {
    AstfSync sync = astf_.sync();
    if (done(sync)) return sync;
    if (retry_clock_.now() >= until) return std::nullopt;
    if (!retry_clock_.sleep_until(std::min(until, retry_clock_.now() + pause), stop)) {
      throw measure::MeasurementCancelled();
    }
    pause = std::min(pause * 2.0, measure::Seconds{0.02});
  }
}

std::string AstfSession::take_profile_error() {
  std::string error;
  for (const AsyncEvent& event : api_.get_async_events(config_.session_id)) {
    if (event.type == event_type::astf_profile_state_changed && !event.error.empty()) {
      error = event.error;
    }
  }
  return error;
}

}  // namespace trexsearch::trex
