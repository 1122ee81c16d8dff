#include "daemon/job_measurers/astf_profile_probe.hpp"

#include <algorithm>

#include "measure/errors.hpp"
#include "trex_client/session/astf_session.hpp"
#include "trex_client/transport/zmq_rpc_channel.hpp"

namespace trexsearch::service {
namespace {

// TRex refuses a `cps` below 0.5 (its schema): the slowest start there is.
constexpr double kLowestCps = 0.5;
constexpr measure::Seconds kStateBound{2.0};

bool parsed(const trex::AstfSync& sync) {
  const trex::AstfState state = sync.profile_state(trex::astf_default_profile);
  return state != trex::AstfState::parse && state != trex::AstfState::build;
}

bool ended(const trex::AstfSync& sync) {
  const trex::AstfState state = sync.profile_state(trex::astf_default_profile);
  return state == trex::AstfState::loaded || state == trex::AstfState::idle;
}

// The probe proper; TrexError and MeasurementCancelled pass through.
std::optional<std::string> ask(trex::AstfSession& session, const AstfJobSpec& job) {
  session.connect();
  session.load_profile({job.profile.json, job.profile.md5_hex});
  trex::AstfStartRequest start;
  start.mult = kLowestCps / job.trial.total_cps;
  start.duration_s = 0.01;
  start.client_mask = job.trial.client_mask;
  session.astf().start(session.context(), start);
  std::stop_source never;
  const auto sync = session.poll_until(parsed, kStateBound, never.get_token());
  std::optional<std::string> refused;
  if (sync && ended(*sync)) {
    const std::string error = session.take_profile_error();
    if (!error.empty()) refused = error;
  }
  if (sync && !ended(*sync)) {
    session.astf().stop(session.context(), trex::astf_default_profile);
    session.poll_until(ended, kStateBound, never.get_token());
  }
  return refused;
}

}  // namespace

std::optional<std::string> probe_astf_profile(const std::string& endpoint, const std::string& user,
                                              const AstfJobSpec& job,
                                              measure::Seconds rpc_timeout) {
  trex::SessionConfig config;
  config.user = user;
  config.ports = job.trial.ports;
  config.force_acquire = false;  // a running job's context is never taken from it
  config.rpc_timeout = std::min(rpc_timeout, measure::Seconds{1.0});
  config.reconnect_grace = config.rpc_timeout;
  try {
    trex::AstfSession session(std::make_unique<trex::ZmqRpcChannel>(endpoint), config);
    return ask(session, job);
  } catch (const trex::TrexError&) {
    return std::nullopt;  // not asked: busy, away or stateless; the job's start tells
  } catch (const measure::MeasurementCancelled&) {
    return std::nullopt;
  }
}

}  // namespace trexsearch::service
