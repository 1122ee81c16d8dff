#include "daemon/model/job_progress.hpp"

namespace trexsearch::service {

TrialSummary summarize_trial(std::size_t number, mlr::TrialPhase phase, measure::Seconds started_at,
                             const measure::TrialResult& result) {
  TrialSummary summary;
  summary.number = number;
  summary.phase = phase;
  summary.load_pps = result.intended_load_pps();
  summary.intended_duration = result.intended_duration();
  summary.effective_duration = result.effective_duration();
  summary.loss_ratio = result.loss_ratio();
  summary.started_at = started_at;
  // Watchers see what a trial said as it happens: a trial that could not be
  // offered, was repeated or used port counters must not look like any other.
  summary.measured_loss_ratio = result.measured_loss_ratio();
  summary.notes = result.notes();
  summary.directions = result.directions();
  summary.tester_limited_pps = result.tester_limited_pps();
  summary.counters = result.counters();
  summary.latency = result.latency();
  return summary;
}

}  // namespace trexsearch::service
