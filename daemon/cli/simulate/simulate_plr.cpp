#include "daemon/cli/simulate/simulate_plr.hpp"

#include <cstdio>
#include <optional>
#include <string>

#include "daemon/cli/command/exit_codes.hpp"
#include "daemon/cli/command/input_file.hpp"
#include "daemon/cli/command/json_file_codec.hpp"
#include "daemon/cli/simulate/plr_simulation_codec.hpp"
#include "daemon/cli/text/terminal_text.hpp"
#include "daemon/cli/text/trial_notes_text.hpp"
#include "daemon/cli/text/trial_text.hpp"
#include "daemon/codec/plr_config_codec.hpp"
#include "plr/soak_search.hpp"
#include "plr/tester_limit.hpp"
#include "sim/critical_load.hpp"

namespace trexsearch::cli {
namespace {

std::string format_plr_progress_line(const plr::PlrTrial& trial) {
  char line[320];
  const auto& counts = trial.result.counts();
  std::snprintf(line, sizeof line, "trial %zu: %.1f pps for %.1f s, lost %lld of %lld",
                trial.number, trial.result.intended_load_pps(),
                trial.result.intended_duration().count(),
                counts ? static_cast<long long>(counts->loss) : 0LL,
                counts ? static_cast<long long>(counts->offered) : 0LL);
  std::string text = line;
  if (trial.estimate) {
    std::snprintf(line, sizeof line, "; critical load %.1f +- %.1f pps (%.3f %%)",
                  trial.estimate->average_pps, trial.estimate->stdev_pps,
                  100.0 * trial.estimate->relative_stdev());
    text += line;
  }
  // The same markers and notes as `watch`.
  const protocol::TrialRecord record = protocol::trial_record_of(trial.result);
  const std::vector<std::string> markers = trial_markers(record);
  for (std::size_t i = 0; i < markers.size(); ++i) text += (i == 0 ? "  " : ", ") + markers[i];
  for (const std::string& detail : trial_detail_lines(record)) text += "\n" + detail;
  return terminal_safe_lines(text);
}

std::string format_plr_table(const plr::PlrResult& result, std::optional<double> truth) {
  double trial_time = 0.0;
  for (const plr::PlrTrial& trial : result.trials) {
    trial_time += trial.result.effective_duration().count();
  }
  char line[320];
  std::snprintf(line, sizeof line, "%zu trials, %.1f s of trial time, run took %.1f s; %s\n\n",
                result.trials.size(), trial_time, result.run_duration.count(),
                std::string(plr::to_string(result.stop_reason)).c_str());
  std::string text = line;
  if (!result.estimate) return text + "no estimate (no trial completed its computation)\n";
  const plr::PlrEstimate& estimate = *result.estimate;
  std::snprintf(line, sizeof line,
                "critical load  %14.1f pps  +- %.1f pps (relative stdev %.4f %%)\n"
                "lower / upper  %14.1f / %.1f pps\n",
                estimate.average_pps, estimate.stdev_pps, 100.0 * estimate.relative_stdev(),
                estimate.lower_pps, estimate.upper_pps);
  text += line;
  if (truth) {
    std::snprintf(line, sizeof line,
                  "simulated SUT's true critical load  %.1f pps (error %+.4f %%)\n", *truth,
                  100.0 * (estimate.average_pps - *truth) / *truth);
    text += line;
  }
  const plr::PlrTesterLimit limit = plr::tester_limit_of(result.trials, result.estimate);
  if (limit.trials > 0) {
    std::snprintf(line, sizeof line,
                  "tester-limited trials  %zu (reached at most %.1f pps), %zu at or below "
                  "average + 2 stdev, %zu below every load the SUT itself lost at%s\n",
                  limit.trials, limit.reached_pps.value_or(0.0), limit.trials_near_estimate,
                  limit.trials_below_sut_loss,
                  limit.limited() ? ": TESTER-LIMITED, the estimate may be the tester's" : "");
    text += line;
  }
  if (result.trend) {
    std::snprintf(line, sizeof line, "trend  %+.4f %% per hour +- %.4f %%: %s\n",
                  100.0 * result.trend->slope_per_hour, 100.0 * result.trend->slope_stderr_per_hour,
                  result.trend->significant() ? "SIGNIFICANT, the SUT's capacity is drifting"
                                              : "no significant drift");
    text += line;
  }
  return text;
}

}  // namespace

int run_plr_simulation(const po::variables_map& options, SimulationSetup& setup,
                       std::stop_token stop, std::ostream& out, std::ostream& err) {
  const plr::PlrConfig config =
      decode_json_file(options["spec"].as<std::string>(), codec::decode_plr_config);
  if (options.count("real-time") == 0 && !config.samples_per_trial) {
    err << "trex-search: note: virtual time and no samples_per_trial: each fit draws only "
        << config.min_samples_per_trial
        << " samples per trial; set samples_per_trial (deterministic) or use --real-time\n";
  }
  const plr::SoakSearch search(config, setup.clock());
  plr::PlrHooks hooks;
  if (options.count("progress") != 0) {
    hooks.on_trial = [&](const plr::PlrTrial& trial) {
      err << format_plr_progress_line(trial) << std::endl;
    };
  }
  const plr::PlrResult result = search.run(setup.measurer(), stop, hooks);

  // With a built-in SUT the truth is known: at the last trial's duration.
  std::optional<double> truth;
  if (setup.sut_model() != nullptr) {
    const measure::Seconds duration = result.trials.empty()
                                          ? config.trial_duration_first
                                          : result.trials.back().result.intended_duration();
    truth = sim::critical_load_pps(*setup.sut_model(), config.target_loss_ratio, duration);
  }
  if (options.count("table") != 0) {
    out << format_plr_table(result, truth);
  } else {
    out << encode_plr_simulation(result, config, truth) << "\n";
  }
  out.flush();
  if (!out) throw std::runtime_error("cannot write the result to stdout");
  const bool normal_end = result.stop_reason == plr::PlrStopReason::time_budget ||
                          result.stop_reason == plr::PlrStopReason::target_stdev_reached;
  if (!normal_end) {
    err << "trex-search: soak stopped early (" << plr::to_string(result.stop_reason) << ")"
        << (result.stop_detail.empty() ? "" : ": " + result.stop_detail) << std::endl;
    return static_cast<int>(kExitStoppedEarly);
  }
  // Complete, but tester-limited trials near the estimate may have made it the tester's.
  const plr::PlrTesterLimit limit = plr::tester_limit_of(result.trials, result.estimate);
  if (limit.limited()) {
    char reached[64];
    std::snprintf(reached, sizeof reached, "%.1f", limit.reached_pps.value_or(0.0));
    err << "trex-search: not a clean result: tester-limited trials (the tester reached at most "
        << reached << " pps): " << limit.trials_near_estimate
        << " at or below the estimate's average + 2 stdev, " << limit.trials_below_sut_loss
        << " below every load where the SUT itself lost frames" << std::endl;
    return static_cast<int>(kExitNotClean);
  }
  return static_cast<int>(kExitOk);
}

}  // namespace trexsearch::cli
