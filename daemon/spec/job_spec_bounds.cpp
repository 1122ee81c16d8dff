#include "daemon/spec/job_spec_bounds.hpp"

#include <cmath>
#include <string>

#include "daemon/model/service_errors.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

void check(const std::string& path, measure::Seconds value, measure::Seconds max) {
  if (std::isfinite(value.count()) && value.count() >= 0.0 && value <= max) return;
  throw RequestError(ResultCode::bad_request, path + " = " + measure::format_value(value.count()) +
                                                  ": must be at most " +
                                                  measure::format_value(max.count()) + " seconds");
}

std::string goal_path(std::size_t index, const char* key) {
  return "spec.goals[" + std::to_string(index) + "]." + key;
}

}  // namespace

void check_job_spec_bounds(const JobSpec& spec) {
  if (spec.method == SearchMethod::mlr) {
    check("spec.search_duration_max", spec.mlr.search_duration_max, kMaxSearchDuration);
    check("spec.warmup_duration", spec.mlr.warmup_duration, kMaxTrialDuration);
    for (std::size_t i = 0; i < spec.mlr.goals.size(); ++i) {
      const auto& goal = spec.mlr.goals[i];
      check(goal_path(i, "initial_trial_duration"), goal.initial_trial_duration, kMaxTrialDuration);
      check(goal_path(i, "final_trial_duration"), goal.final_trial_duration, kMaxTrialDuration);
      check(goal_path(i, "duration_sum"), goal.duration_sum, kMaxSearchDuration);
    }
  } else if (spec.method == SearchMethod::mrr) {
    check("spec.trial_duration", spec.mrr.trial_duration, kMaxTrialDuration);
    check("spec.trial_duration * spec.trials",
          spec.mrr.trial_duration * static_cast<double>(spec.mrr.trial_count), kMaxSearchDuration);
  } else if (spec.method == SearchMethod::soak) {
    check("spec.interval", spec.soak.interval, kMaxTrialDuration);
    check("spec.duration", spec.soak.duration, kMaxSearchDuration);
  } else {
    check("spec.trial_duration_first", spec.plr.trial_duration_first, kMaxTrialDuration);
    check("spec.trial_duration_increment", spec.plr.trial_duration_increment, kMaxTrialDuration);
    check("spec.time_budget", spec.plr.time_budget, kMaxSearchDuration);
  }
  if (spec.latency.duration) {
    check("latency.duration", *spec.latency.duration, kMaxTrialDuration);
  }
  if (const auto* sim = std::get_if<SimMeasurerSpec>(&spec.measurer)) {
    check("measurer.trial_overhead", sim->trial_overhead, kMaxTrialOverhead);
  } else if (const auto* exec = std::get_if<ExecMeasurerSpec>(&spec.measurer)) {
    check("measurer.reply_timeout_margin", exec->reply_timeout_margin, kMaxReplyTimeoutMargin);
  } else if (const auto* trex_spec = std::get_if<TrexMeasurerSpec>(&spec.measurer)) {
    check("measurer.rpc_timeout", trex_spec->rpc_timeout, kMaxRpcTimeout);
    if (trex_spec->reconnect_grace) {
      check("measurer.reconnect_grace", *trex_spec->reconnect_grace, kMaxReconnectGrace);
    }
  }
}

}  // namespace trexsearch::service
