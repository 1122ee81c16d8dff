#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "daemon/job_measurers/measurer_factory.hpp"
#include "daemon/measurers/latency_trial_measurer.hpp"
#include "daemon/model/job_runner.hpp"
#include "daemon/model/job_spec.hpp"
#include "daemon/runners/paced_measurer.hpp"

namespace trexsearch::service {

/// What the MLR and PLR runners measure with: the job's live measurer, paced for its
/// time mode, and wrapped to take latency on every trial when the job has latency
/// streams and asks for that (docs/latency.md). Not movable: the wrapper points at
/// the pacer.
class SearchMeasurer {
 public:
  /// Makes the job's measurer and tells `observer` the TRex version it connected to.
  /// `every_trial_setting` names what asks for latency on every trial (for error
  /// texts: "latency.every_trial"), or is empty when this job does not. Returns why
  /// the job cannot run instead: the factory's reason, or a latency section the
  /// measurer cannot serve.
  static std::variant<std::unique_ptr<SearchMeasurer>, std::string> make(
      const MeasurerFactories& factories, const JobSpec& spec,
      const std::optional<std::string>& every_trial_setting, RunObserver& observer);

  explicit SearchMeasurer(LiveMeasurer live, TimeMode mode) : paced_(std::move(live), mode) {}
  SearchMeasurer(const SearchMeasurer&) = delete;
  SearchMeasurer& operator=(const SearchMeasurer&) = delete;
  ~SearchMeasurer() = default;

  /// What the search's trials go to: with latency on every trial, or the paced one.
  measure::Measurer& measurer() {
    return every_trial_ ? static_cast<measure::Measurer&>(*every_trial_) : paced_.measurer();
  }
  PacedMeasurer& paced() { return paced_; }
  /// Whether the job measures latency (latency_active).
  bool latency() const { return latency_; }

 private:
  PacedMeasurer paced_;
  bool latency_ = false;
  std::optional<LatencyTrialMeasurer> every_trial_;
};

}  // namespace trexsearch::service
