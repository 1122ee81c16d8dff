#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "search/controller_config.hpp"
#include "search/sim/sut_model.hpp"
#include "search/units.hpp"

namespace trexsearch::service {

/// Which search a job runs. Only MLRsearch is supported in this stage; PLRsearch
/// plugs in as another JobRunner.
enum class SearchMethod { mlr, plr };
std::string_view to_string(SearchMethod method);

/// Which clock a job's search runs on.
enum class TimeMode {
  /// Compressed: the clock advances by each trial's effective duration, nothing waits.
  virtual_time,
  /// Wall time: a simulated trial waits (interruptibly) for its duration.
  real_time,
};
std::string_view to_string(TimeMode mode);

/// `"kind": "sim"`: a built-in simulated SUT (search/sim).
struct SimMeasurerSpec {
  std::string model;
  sim::SutOptions options;
  std::uint64_t seed = 1;
  /// Added to each trial's effective duration (trial setup, like CSIT's ~0.5 s).
  Seconds trial_overhead{0.0};
  TimeMode time = TimeMode::virtual_time;
};

/// `"kind": "exec"`: an external process speaking docs/external-measurer.md.
struct ExecMeasurerSpec {
  std::string command;
  /// Reply timeout = intended trial duration + this.
  Seconds reply_timeout_margin{60.0};
  /// Real by default: the process takes the trial's time itself.
  TimeMode time = TimeMode::real_time;
};

/// One alternative per measurer kind; `trex` joins when trex_client is ready.
using MeasurerSpec = std::variant<SimMeasurerSpec, ExecMeasurerSpec>;

/// "sim", "exec".
std::string_view measurer_kind(const MeasurerSpec& spec);

/// A validated job: what to search for and how to measure. Built only by
/// decode_job_spec, so every instance has passed validation.
struct JobSpec {
  /// Optional label for lists and logs.
  std::string name;
  SearchMethod method = SearchMethod::mlr;
  /// The MLRsearch spec (as `trex-search simulate --spec`).
  mlr::ControllerConfig mlr;
  MeasurerSpec measurer;
  /// Traffic profile the job runs with (kept with the job record; used by `trex`).
  std::string profile;
};

}  // namespace trexsearch::service
