#include "daemon/model/job_progress.hpp"

namespace trexsearch::service {

protocol::TrialRecord summarize_trial(std::size_t number, mlr::TrialPhase phase,
                                      measure::Seconds started_at,
                                      const measure::TrialResult& result) {
  // Watchers see what a trial said as it happens: a trial that could not be
  // offered, was repeated or used port counters must not look like any other.
  protocol::TrialRecord summary = protocol::trial_record_of(result);
  summary.number = number;
  summary.phase = std::string(mlr::to_string(phase));
  summary.started_at_s = started_at.count();
  summary.offered_count.reset();
  summary.loss_count.reset();
  summary.intended_count.reset();
  return summary;
}

}  // namespace trexsearch::service
