#include "daemon/job_measurers/measurer_factory.hpp"

#include <set>

#include "daemon/job_measurers/port_speed_probe.hpp"
#include "trex_client/tester/trex_tester.hpp"

#include "daemon/job_measurers/astf_job_measurer.hpp"
#include "daemon/job_measurers/astf_profile_probe.hpp"
#include "daemon/job_measurers/trex_job_measurer.hpp"
#include "daemon/measurers/exec_measurer.hpp"
#include "daemon/model/service_errors.hpp"
#include "measure/errors.hpp"
#include "sim/sut_measurer.hpp"

namespace trexsearch::service {

void MeasurerFactory::check_allowed(const MeasurerSpec&) const {}

LiveMeasurer SimMeasurerFactory::make(const MeasurerSpec& spec) const {
  const auto& sim_spec = std::get<SimMeasurerSpec>(spec);
  LiveMeasurer live;
  live.measurer = std::make_unique<sim::SutMeasurer>(
      sim::make_sut(sim_spec.model, sim_spec.options, sim_spec.seed), sim_spec.trial_overhead);
  live.paces_itself = false;
  return live;
}

void ExecMeasurerFactory::check_allowed(const MeasurerSpec&) const {
  if (!allowed_.load()) {
    throw RequestError(ResultCode::permission_denied,
                       "measurer.kind = \"exec\": external measurers are disabled on this daemon "
                       "(allow-exec-measurer = false)");
  }
}

LiveMeasurer ExecMeasurerFactory::make(const MeasurerSpec& spec) const {
  const auto& exec_spec = std::get<ExecMeasurerSpec>(spec);
  ExecMeasurerOptions options;
  options.command = exec_spec.command;
  options.reply_timeout_margin = exec_spec.reply_timeout_margin;
  LiveMeasurer live;
  live.measurer = std::make_unique<ExecMeasurer>(std::move(options));
  live.paces_itself = true;
  return live;
}

namespace {

// Where a trex job runs: its testbed's endpoint and owner name, or without
// testbeds its own endpoint or the daemon's.
struct TrexTarget {
  std::string endpoint;
  std::string user;
  /// The testbed's name, recorded with the job; empty without testbed sections
  /// (then every job runs and is recorded as before testbeds).
  std::string testbed;
  /// The testbed's `port-speed`, when it gives one.
  std::optional<double> port_speed_gbps;
};

std::set<std::uint8_t> job_ports(const TrexMeasurerSpec& spec) {
  if (!spec.ports.empty()) return {spec.ports.begin(), spec.ports.end()};
  std::set<std::uint8_t> ports;
  for (const trex::PortPair& pair : spec.profile.port_pairs) {
    ports.insert(pair.first);
    ports.insert(pair.second);
  }
  return ports;
}

TrexTarget target_of(const TrexMeasurerSpec& spec, const TrexDefaults& defaults) {
  const bool endpoint_given = !spec.endpoint.empty();
  const std::string endpoint = endpoint_given ? spec.endpoint : defaults.endpoint;
  if (!defaults.testbeds) return {endpoint, defaults.user, "", std::nullopt};
  const bool implicit = defaults.testbeds->implicit();
  // Without sections a job that names none runs where its endpoint says, as before.
  if (implicit && spec.testbed.empty() && endpoint != defaults.endpoint) {
    return {endpoint, defaults.user, "", std::nullopt};
  }
  try {
    const Testbed& testbed =
        defaults.testbeds->resolve(spec.testbed, endpoint, endpoint_given, job_ports(spec));
    return {testbed.endpoint, testbed.trex_user.value_or(defaults.user),
            implicit ? "" : testbed.name, testbed.port_speed_gbps};
  } catch (const measure::ConfigError& error) {
    throw RequestError(ResultCode::bad_request, error.what());
  }
}

}  // namespace

void TrexMeasurerFactory::check_allowed(const MeasurerSpec& spec) const {
  std::lock_guard lock(mutex_);
  static_cast<void>(target_of(std::get<TrexMeasurerSpec>(spec), defaults_));
}

void TrexMeasurerFactory::place(MeasurerSpec& spec) const {
  auto& trex_spec = std::get<TrexMeasurerSpec>(spec);
  std::lock_guard lock(mutex_);
  const TrexTarget target = target_of(trex_spec, defaults_);
  if (!target.testbed.empty()) trex_spec.testbed = target.testbed;
  // Recorded with the job, so that its loads mean the same on a later run.
  if (!trex_spec.port_speed_gbps) trex_spec.port_speed_gbps = target.port_speed_gbps;
}

LiveMeasurer TrexMeasurerFactory::make(const MeasurerSpec& spec) const {
  const auto& trex_spec = std::get<TrexMeasurerSpec>(spec);
  TrexDefaults defaults;
  {
    std::lock_guard lock(mutex_);
    defaults = defaults_;
  }
  const TrexTarget target = target_of(trex_spec, defaults);
  TrexJobSettings settings;
  settings.endpoint = target.endpoint;
  settings.user = target.user;
  settings.ports = trex_spec.ports;
  settings.force_acquire = trex_spec.force_acquire;
  settings.session_id = trex_spec.session_id;
  settings.rpc_timeout = trex_spec.rpc_timeout;
  settings.speed = trex_spec.speed;
  settings.reconnect_grace = trex_spec.reconnect_grace.value_or(defaults.reconnect_grace);
  settings.log = defaults.log;
  settings.link = defaults.link;
  if (trex_spec.astf) {
    // Stateful traffic (docs/astf.md): the context, not ports, and its own trials.
    auto measurer = std::make_unique<AstfJobMeasurer>(*trex_spec.astf, std::move(settings));
    if (defaults.connected) defaults.connected(target.endpoint);
    LiveMeasurer live;
    live.paces_itself = true;
    live.clock = &measurer->clock();
    live.trex_version = measurer->trex_version();
    live.measurer = std::move(measurer);
    return live;
  }
  settings.trial = trex_spec.trial;
  settings.port_speed_gbps = trex_spec.port_speed_gbps;
  settings.max_load_pps = trex_spec.max_load_pps;
  settings.mean_frame_bytes = trex::mean_frame_bytes(trex_spec.profile);
  auto measurer = std::make_unique<TrexJobMeasurer>(
      trex::compile_profile(trex_spec.profile, trex_spec.trial.counters), std::move(settings));
  if (defaults.connected) defaults.connected(target.endpoint);
  LiveMeasurer live;
  live.paces_itself = true;
  live.clock = &measurer->clock();
  live.trex_version = measurer->trex_version();
  live.measurer = std::move(measurer);
  return live;
}

std::variant<double, std::string> TrexMeasurerFactory::probe_port_speed(
    const TrexMeasurerSpec& spec) const {
  std::string endpoint;
  try {
    std::lock_guard lock(mutex_);
    const TrexTarget target = target_of(spec, defaults_);
    // The operator said the testbed's speed: TRex is not asked.
    if (target.port_speed_gbps) return *target.port_speed_gbps;
    endpoint = target.endpoint;
  } catch (const RequestError& error) {
    return std::string(error.what());  // the submission is refused for it later
  }
  return service::probe_port_speed(endpoint, spec,
                                   std::min(spec.rpc_timeout, measure::Seconds{1.0}));
}

std::optional<std::string> TrexMeasurerFactory::probe_astf_profile(
    const TrexMeasurerSpec& spec) const {
  if (!spec.astf) return std::nullopt;
  TrexTarget target;
  try {
    std::lock_guard lock(mutex_);
    target = target_of(spec, defaults_);
  } catch (const RequestError&) {
    return std::nullopt;  // the submission is refused for it elsewhere
  }
  return service::probe_astf_profile(target.endpoint, target.user, *spec.astf, spec.rpc_timeout);
}

void TrexMeasurerFactory::set_defaults(std::string endpoint, std::string user,
                                       measure::Seconds reconnect_grace) {
  std::lock_guard lock(mutex_);
  defaults_.endpoint = std::move(endpoint);
  defaults_.user = std::move(user);
  defaults_.reconnect_grace = reconnect_grace;
  if (defaults_.link) defaults_.link->set_default_endpoint(defaults_.endpoint);
}

void TrexMeasurerFactory::set_testbeds(std::shared_ptr<const TestbedSet> testbeds) {
  std::lock_guard lock(mutex_);
  defaults_.testbeds = std::move(testbeds);
}

void MeasurerFactories::add(std::unique_ptr<MeasurerFactory> factory) {
  const std::string kind(factory->kind());
  factories_[kind] = std::move(factory);
}

const MeasurerFactory& MeasurerFactories::for_spec(const MeasurerSpec& spec) const {
  const auto found = factories_.find(measurer_kind(spec));
  if (found == factories_.end()) {
    throw NotSupportedError("measurer.kind", "\"" + std::string(measurer_kind(spec)) + "\"",
                            "this trex-searchd has no such measurer");
  }
  return *found->second;
}

std::variant<LiveMeasurer, std::string> MeasurerFactories::make_for_job(
    const MeasurerSpec& spec) const {
  const MeasurerFactory& factory = for_spec(spec);
  factory.check_allowed(spec);
  try {
    return factory.make(spec);
  } catch (const std::exception& error) {
    return "cannot set up the " + std::string(measurer_kind(spec)) + " measurer: " + error.what();
  }
}

TimeMode time_mode(const MeasurerSpec& spec) {
  struct Mode {
    TimeMode operator()(const SimMeasurerSpec& sim) const { return sim.time; }
    TimeMode operator()(const ExecMeasurerSpec& exec) const { return exec.time; }
    // TRex's traffic takes its time: always real (possibly sped up, `speed`).
    TimeMode operator()(const TrexMeasurerSpec&) const { return TimeMode::real_time; }
  };
  return std::visit(Mode{}, spec);
}

}  // namespace trexsearch::service
