#pragma once

#include "daemon/job_measurers/measurer_factory.hpp"
#include "daemon/model/job_runner.hpp"

namespace trexsearch::service {

/// Runs MLRsearch jobs: mlr::Controller on the job's clock (virtual or steady),
/// with the measurer the spec names, resuming from stored trials without
/// measuring any of them again.
class MlrJobRunner final : public JobRunner {
 public:
  /// `factories` must outlive this object.
  explicit MlrJobRunner(const MeasurerFactories& factories) : factories_(factories) {}

  SearchMethod method() const override { return SearchMethod::mlr; }
  RunOutcome run(const JobSpec& spec, std::vector<StoredTrial> stored, std::stop_token stop,
                 RunObserver& observer) override;

 private:
  const MeasurerFactories& factories_;
};

}  // namespace trexsearch::service
