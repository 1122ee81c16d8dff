#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "daemon/model/job_spec.hpp"
#include "daemon/model/trex_link.hpp"
#include "daemon/testbeds/testbed.hpp"
#include "measure/clock.hpp"
#include "measure/measurer.hpp"
#include "measure/units.hpp"

namespace trexsearch::service {

/// A live measurer for one run of a job.
struct LiveMeasurer {
  std::unique_ptr<measure::Measurer> measurer;
  /// True when measure() itself takes the trial's time (an external process, TRex);
  /// false for instant ones (simulated SUTs), which real-time jobs pace.
  bool paces_itself = false;
  /// The measurer's own clock, which real-time jobs' searches then run on (TRex's
  /// time, possibly sped up); null: the steady clock. Owned by `measurer`.
  const measure::Clock* clock = nullptr;
  /// The TRex server's version, for the job record (trex jobs).
  std::optional<std::string> trex_version;
};

/// Builds the measurers of one kind (the seam where `trex` plugs in later).
class MeasurerFactory {
 public:
  virtual ~MeasurerFactory() = default;

  /// "sim", "exec", "trex": the spec's `measurer.kind`.
  virtual std::string_view kind() const = 0;
  /// Throws RequestError when this daemon's settings forbid the spec (checked at
  /// submission and again before each run).
  virtual void check_allowed(const MeasurerSpec& spec) const;
  /// At submission: check_allowed, then writes into `spec` where it will run (a trex
  /// job's testbed), so the stored job says so.
  virtual void place(MeasurerSpec& spec) const { check_allowed(spec); }
  /// A fresh measurer for one run; throws (MeasurementError, ConfigError) when it
  /// cannot be set up, which fails the job with that reason.
  virtual LiveMeasurer make(const MeasurerSpec& spec) const = 0;
};

/// Built-in simulated SUTs (sim/); each run starts the model from its seed.
class SimMeasurerFactory final : public MeasurerFactory {
 public:
  std::string_view kind() const override { return "sim"; }
  LiveMeasurer make(const MeasurerSpec& spec) const override;
};

/// External measurer processes (ExecMeasurer). They run commands as the daemon's
/// user, so they can be switched off (`allow-exec-measurer`, reloadable).
class ExecMeasurerFactory final : public MeasurerFactory {
 public:
  explicit ExecMeasurerFactory(bool allowed) : allowed_(allowed) {}

  std::string_view kind() const override { return "exec"; }
  void check_allowed(const MeasurerSpec& spec) const override;
  LiveMeasurer make(const MeasurerSpec& spec) const override;
  void set_allowed(bool allowed) { allowed_.store(allowed); }

 private:
  std::atomic<bool> allowed_;
};

/// What `trex` jobs take from the daemon's settings.
struct TrexDefaults {
  /// `trex-endpoint`.
  std::string endpoint = "tcp://127.0.0.1:4501";
  /// The daemon's testbeds; null: none (every job on `endpoint` or its own).
  std::shared_ptr<const TestbedSet> testbeds;
  /// `trex-user`: the ports' owner name TRex shows.
  std::string user = "trex-searchd";
  /// `trex-reconnect-grace`.
  measure::Seconds reconnect_grace{60.0};
  /// Session events, for the daemon log.
  std::function<void(std::string_view)> log;
  /// The link state `status` reports; may be null.
  TrexLink* link = nullptr;
  /// Called with the endpoint on the runner thread once a job has reached TRex, before its
  /// search starts: TRex is surely running now, so the daemon looks again which CPUs it
  /// uses and moves its threads off them (the integration workers then inherit that).
  std::function<void(const std::string& endpoint)> connected;
};

/// TRex servers (trex_client's TrexSession + TrexMeasurer, via TrexJobMeasurer).
class TrexMeasurerFactory final : public MeasurerFactory {
 public:
  explicit TrexMeasurerFactory(TrexDefaults defaults) : defaults_(std::move(defaults)) {}

  std::string_view kind() const override { return "trex"; }
  /// Throws RequestError(bad_request) when the job's testbed is unknown, or its
  /// endpoint or ports are not its testbed's (TestbedSet::resolve), naming the known.
  void check_allowed(const MeasurerSpec& spec) const override;
  /// check_allowed, and the testbed's name into the spec's `testbed`.
  void place(MeasurerSpec& spec) const override;
  /// Connects (within the reconnect grace) to the job's testbed, acquires the ports,
  /// loads the streams.
  LiveMeasurer make(const MeasurerSpec& spec) const override;
  /// The speed of the ports the spec's profile sends on, asked of its TRex within
  /// min(rpc_timeout, 1 s) (submission runs on the io thread, so the wait is short);
  /// or why TRex could not tell.
  std::variant<double, std::string> probe_port_speed(const TrexMeasurerSpec& spec) const;
  /// An ASTF job's profile parsed by its TRex (probe_astf_profile), when TRex is free:
  /// TRex's reason when it refused it.
  std::optional<std::string> probe_astf_profile(const TrexMeasurerSpec& spec) const;
  /// SIGHUP: `trex-endpoint`, `trex-user`, `trex-reconnect-grace` for the jobs
  /// that connect from now on (a running job keeps its session).
  void set_defaults(std::string endpoint, std::string user, measure::Seconds reconnect_grace);
  /// SIGHUP: the testbeds for jobs that connect from now on.
  void set_testbeds(std::shared_ptr<const TestbedSet> testbeds);

 private:
  mutable std::mutex mutex_;
  TrexDefaults defaults_;
};

/// The factories by kind. Thread-safe to use once filled.
class MeasurerFactories {
 public:
  void add(std::unique_ptr<MeasurerFactory> factory);
  /// The factory for the spec's kind; NotSupportedError when there is none.
  const MeasurerFactory& for_spec(const MeasurerSpec& spec) const;
  /// A job's measurer: for_spec, check_allowed (both throw), then make; a failure to
  /// make it comes back as the reason a job fails with ("cannot set up the K
  /// measurer: ..."), the one text every job runner gives.
  std::variant<LiveMeasurer, std::string> make_for_job(const MeasurerSpec& spec) const;

 private:
  std::map<std::string, std::unique_ptr<MeasurerFactory>, std::less<>> factories_;
};

/// The TimeMode a spec asked for.
TimeMode time_mode(const MeasurerSpec& spec);

}  // namespace trexsearch::service
