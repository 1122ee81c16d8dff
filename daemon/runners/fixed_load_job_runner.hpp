#pragma once

#include "daemon/job_measurers/measurer_factory.hpp"
#include "daemon/model/job_runner.hpp"

namespace trexsearch::service {

/// Runs MRR jobs and fixed-rate soaks (docs/mrr.md): a fixed number of trials at
/// one load, each stored before the next starts. Nothing is searched, so a resumed
/// job simply counts its stored trials and measures the rest; the result is
/// derived from the trials (summarize_fixed_load). One instance per method.
class FixedLoadJobRunner final : public JobRunner {
 public:
  /// `factories` must outlive this object; `method` is mrr or soak.
  FixedLoadJobRunner(const MeasurerFactories& factories, SearchMethod method)
      : factories_(factories), method_(method) {}

  SearchMethod method() const override { return method_; }
  RunOutcome run(const JobSpec& spec, std::vector<StoredTrial> stored, std::stop_token stop,
                 RunObserver& observer) override;

 private:
  const MeasurerFactories& factories_;
  const SearchMethod method_;
};

}  // namespace trexsearch::service
