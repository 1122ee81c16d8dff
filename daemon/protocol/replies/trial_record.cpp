#include "daemon/protocol/replies/trial_record.hpp"

namespace trexsearch::protocol {

TrialRecord trial_record_of(const measure::TrialResult& result) {
  TrialRecord trial;
  trial.load_pps = result.intended_load_pps();
  trial.intended_duration_s = result.intended_duration().count();
  trial.effective_duration_s = result.effective_duration().count();
  if (const auto& counts = result.counts()) {
    trial.offered_count = counts->offered;
    trial.loss_count = counts->loss;
    trial.intended_count = counts->intended;
  }
  trial.loss_ratio = result.loss_ratio();
  trial.measured_loss_ratio = result.measured_loss_ratio();
  trial.notes = result.notes();
  trial.directions = result.directions();
  trial.tester_limited_pps = result.tester_limited_pps();
  trial.counters = result.counters();
  trial.latency = result.latency();
  return trial;
}

}  // namespace trexsearch::protocol
