#include "tests/daemon/report/report_samples.hpp"

#include <algorithm>
#include <cmath>

#include "daemon/measurers/virtual_time_measurer.hpp"
#include "search/controller.hpp"
#include "sim/sut_measurer.hpp"

namespace trexsearch::test {
namespace {

/// A sharp SUT of 2 Mpps behind a tester that sends at most 1 Mpps per direction.
class CappedTester final : public measure::Measurer {
 public:
  measure::TrialOutcome measure(measure::Seconds duration, double load_pps,
                                std::stop_token) override {
    const auto frames = [&](double pps) {
      return static_cast<std::int64_t>(std::llround(pps * duration.count()));
    };
    const std::int64_t intended = frames(load_pps);
    const std::int64_t sent = std::min(intended, frames(1e6));
    measure::TrialOutcome outcome;
    outcome.directions = {{"0->1", intended, sent, sent}, {"1->0", intended, sent, sent}};
    outcome.offered_count = 2 * sent;
    outcome.intended_count = 2 * intended;
    outcome.counters = "flow_stats";
    if (sent < intended) {
      outcome.tester_limited_pps = 1e6;
      outcome.notes =
          measure::parse_notes({"tester_limited: direction 0->1 sent " + std::to_string(sent) +
                                " of " + std::to_string(intended) + " intended frames"});
    }
    return outcome;
  }
};

mlr::ControllerConfig ndr_pdr_config(const std::string& ndr_name, double max_load_pps) {
  mlr::ControllerConfig config;
  mlr::SearchGoal ndr;
  ndr.name = ndr_name;
  mlr::SearchGoal pdr = ndr;
  pdr.name = "PDR";
  pdr.loss_ratio = 0.005;
  config.goals = {ndr, pdr};
  config.min_load_pps = 9001.0;
  config.max_load_pps = max_load_pps;
  config.warmup_duration = measure::Seconds{0.0};
  return config;
}

SampleSearch run(mlr::ControllerConfig config, measure::Measurer& measurer) {
  SampleSearch search;
  search.config = std::move(config);
  measure::ManualClock clock;
  VirtualTimeMeasurer timed(measurer, clock);
  search.result = mlr::Controller(search.config, clock).search(timed);
  return search;
}

}  // namespace

SampleSearch sharp_search(const std::string& ndr_name) {
  sim::SutMeasurer sut(sim::make_sut("sharp", {{"capacity_pps", 2e6}}, 1));
  return run(ndr_pdr_config(ndr_name, 14880952.0), sut);
}

SampleSearch noisy_search() {
  sim::SutMeasurer sut(sim::make_sut("noisy", {{"capacity_pps", 3.2e6}}, 7));
  return run(ndr_pdr_config("NDR", 14880952.0), sut);
}

SampleSearch tester_limited_search() {
  mlr::ControllerConfig config = ndr_pdr_config("NDR", 4e6);
  config.goals.resize(1);
  CappedTester tester;
  return run(std::move(config), tester);
}

report::ReportContext trex_like_context(const std::string& title) {
  report::ReportContext context;
  context.title = title;
  context.facts.emplace_back("Profile", "ipv4-udp-64b-bidir");
  context.raw.emplace_back("Search config", "{\n  \"min_load\": 9001\n}");
  context.directions = 2;
  context.frame_bits = (64.0 + 20.0) * 8.0;
  context.port_bps = 10e9;
  return context;
}

report::PlrReportData settling_soak() {
  report::PlrReportData data;
  for (std::size_t i = 1; i <= 60; ++i) {
    const double n = static_cast<double>(i);
    report::PlrReportTrial trial;
    trial.number = i;
    trial.finished_at_s = 60.0 * n;
    trial.load_pps = 1e6 * (1.0 + 0.02 * static_cast<double>(i % 5) - 0.04);
    trial.duration_s = 60.0;
    trial.loss_count = static_cast<long long>(i % 5);
    trial.loss_ratio = static_cast<double>(i % 5) / 6e7;
    trial.counters = "flow_stats";
    trial.estimate = report::PlrEstimatePoint{1e6 - 2e5 / n, 3e5 / n};
    trial.stretch_average_pps = trial.estimate->average_pps * 1.01;
    trial.erf_average_pps = trial.estimate->average_pps * 0.99;
    data.trials.push_back(trial);
  }
  data.estimate = data.trials.back().estimate;
  data.target_loss_ratio = 1e-7;
  data.run_duration_s = 3600.0;
  data.stop_reason = "time_budget";
  return data;
}

report::SuiteReportData frame_size_suite() {
  report::SuiteReportData data;
  data.id = 4;
  data.name = "ipv4-frame-sizes";
  data.created_at = "2026-11-25T05:00:00.000Z";
  data.submitted_by = "uid 0 gid 0 pid 1";
  const std::vector<std::pair<std::string, double>> sizes{
      {"64", 64.0},     {"128", 128.0},   {"256", 256.0},   {"512", 512.0},
      {"1024", 1024.0}, {"1280", 1280.0}, {"1518", 1518.0}, {"imix", 353.83}};
  std::int64_t job = 10;
  for (const auto& [size, bytes] : sizes) {
    report::SuiteReportEntry entry;
    entry.label = size == "imix" ? "imix" : size + "B";
    entry.frame_size = size;
    entry.job = job++;
    entry.method = "mlr";
    entry.frame_bytes = bytes;
    entry.port_bps = 10e9;
    entry.trial_count = 40;
    entry.trials_with_notes = size == "64" ? 2 : 0;
    entry.state = size == "1280" ? "failed" : "finished";
    if (size == "1280") {
      entry.reason = "TRex unreachable for longer than the reconnect grace";
      data.entries.push_back(entry);
      continue;
    }
    const double line_pps = 10e9 / ((bytes + 20.0) * 8.0);
    for (const char* goal : {"NDR", "PDR"}) {
      report::SuiteReportValue value;
      value.goal = goal;
      const bool at_line = line_pps < 3e6;
      value.value_pps = at_line ? line_pps : (goal == std::string("NDR") ? 2.994e6 : 3.0e6);
      value.at_max_load = at_line;
      if (size == "imix" && goal == std::string("PDR")) value.unclean_reason = "tester-limited";
      entry.values.push_back(value);
    }
    data.entries.push_back(entry);
  }
  return data;
}

}  // namespace trexsearch::test
