#include "search/search_result.hpp"

namespace trexsearch::mlr {

std::string_view to_string(TrialPhase phase) {
  switch (phase) {
    case TrialPhase::warmup:
      return "warmup";
    case TrialPhase::initial:
      return "initial";
    case TrialPhase::main:
      return "main";
    case TrialPhase::latency:
      return "latency";
  }
  return "main";
}

std::string_view to_string(StopReason reason) {
  switch (reason) {
    case StopReason::completed:
      return "completed";
    case StopReason::fail_fast:
      return "fail_fast";
    case StopReason::search_time_exceeded:
      return "search_time_exceeded";
    case StopReason::cancelled:
      return "cancelled";
    case StopReason::measurer_failed:
      return "measurer_failed";
  }
  return "completed";
}

measure::Seconds SearchResult::trial_duration_sum() const {
  measure::Seconds sum{0.0};
  for (const TrialRecord& trial : trials) sum += trial.result.effective_duration();
  return sum;
}

}  // namespace trexsearch::mlr
