#include "daemon/report/trial_csv.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "daemon/report/page/csv_text.hpp"
#include "measure/errors.hpp"

namespace trexsearch::report {
namespace {

std::string optional_field(const std::optional<double>& value) {
  return value ? measure::format_value(*value) : "";
}

std::string joined_notes(const std::vector<measure::TrialNote>& notes) {
  std::string text;
  for (const measure::TrialNote& note : notes) text += (text.empty() ? "" : "; ") + note.text();
  return text;
}

constexpr const char* kDirectionColumns[] = {"intended", "offered", "received",
                                             "loss",     "unsent",  "loss_ratio"};

/// Every direction name the trials have, in order of first appearance: one group
/// of columns each, so a bidirectional result says which direction lost.
class DirectionColumns {
 public:
  void add(const std::vector<measure::DirectionCounts>& directions) {
    for (const measure::DirectionCounts& direction : directions) {
      if (std::find(names_.begin(), names_.end(), direction.name) == names_.end()) {
        names_.push_back(direction.name);
      }
    }
  }

  /// ",0->1_intended,0->1_offered,...".
  std::string header() const {
    std::string text;
    for (const std::string& name : names_) {
      for (const char* column : kDirectionColumns) text += "," + csv_field(name + "_" + column);
    }
    return text;
  }

  /// The trial's counts under those columns; empty fields for a direction it lacks.
  std::string row(const std::vector<measure::DirectionCounts>& directions) const {
    std::string text;
    for (const std::string& name : names_) {
      const auto found =
          std::find_if(directions.begin(), directions.end(),
                       [&](const measure::DirectionCounts& d) { return d.name == name; });
      if (found == directions.end()) {
        text += std::string(std::size(kDirectionColumns), ',');
        continue;
      }
      text += "," + std::to_string(found->intended) + "," + std::to_string(found->offered) + "," +
              std::to_string(found->received) + "," + std::to_string(found->loss()) + "," +
              std::to_string(found->unsent()) + "," + measure::format_value(found->loss_ratio());
    }
    return text;
  }

 private:
  std::vector<std::string> names_;
};

/// Latency columns per direction the trials' latency streams have (docs/latency.md):
/// integer microseconds, empty where a trial has no latency or a value is absent.
constexpr const char* kLatencyColumns[] = {"lat_sent", "lat_received", "min_us", "mean_us",
                                           "p50_us",   "p90_us",       "p99_us", "p999_us",
                                           "max_us",   "lat_method"};

std::string optional_us(const std::optional<std::uint64_t>& value) {
  return value ? std::to_string(*value) : "";
}

class LatencyColumns {
 public:
  void add(const std::vector<measure::DirectionLatency>& latency) {
    for (const measure::DirectionLatency& direction : latency) {
      if (std::find(names_.begin(), names_.end(), direction.name) == names_.end()) {
        names_.push_back(direction.name);
      }
    }
  }

  /// ",0->1_lat_sent,...,0->1_p99_us,...".
  std::string header() const {
    std::string text;
    for (const std::string& name : names_) {
      for (const char* column : kLatencyColumns) text += "," + csv_field(name + "_" + column);
    }
    return text;
  }

  std::string row(const std::vector<measure::DirectionLatency>& latency) const {
    std::string text;
    for (const std::string& name : names_) {
      const auto found =
          std::find_if(latency.begin(), latency.end(),
                       [&](const measure::DirectionLatency& d) { return d.name == name; });
      if (found == latency.end()) {
        text += std::string(std::size(kLatencyColumns), ',');
        continue;
      }
      const measure::LatencySummary& s = found->summary;
      text += "," + std::to_string(found->sent) + "," + std::to_string(found->received) + "," +
              std::to_string(s.min_us) + "," +
              std::to_string(std::llround(std::max(s.mean_us, 0.0))) + "," + optional_us(s.p50_us) +
              "," + optional_us(s.p90_us) + "," + optional_us(s.p99_us) + "," +
              optional_us(s.p999_us) + "," + std::to_string(s.max_us) + "," +
              measure::to_string(s.method);
    }
    return text;
  }

 private:
  std::vector<std::string> names_;
};

}  // namespace

std::string mlr_trials_csv(const mlr::SearchResult& result) {
  DirectionColumns directions;
  LatencyColumns latency;
  for (const mlr::TrialRecord& trial : result.trials) {
    directions.add(trial.result.directions());
    latency.add(trial.result.latency());
  }
  std::string csv =
      "number,phase,started_at_s,load_pps,intended_duration_s,effective_duration_s,"
      "offered_count,loss_count,intended_count,loss_ratio,measured_loss_ratio,"
      "tester_limited_pps,counters" +
      directions.header() + latency.header() + ",notes\r\n";
  for (const mlr::TrialRecord& trial : result.trials) {
    const measure::TrialResult& r = trial.result;
    const auto& counts = r.counts();
    csv += std::to_string(trial.number) + "," + std::string(mlr::to_string(trial.phase)) + "," +
           measure::format_value(trial.started_at.count()) + "," +
           measure::format_value(r.intended_load_pps()) + "," +
           measure::format_value(r.intended_duration().count()) + "," +
           measure::format_value(r.effective_duration().count()) + "," +
           (counts ? std::to_string(counts->offered) : "") + "," +
           (counts ? std::to_string(counts->loss) : "") + "," +
           (counts ? std::to_string(counts->intended) : "") + "," +
           measure::format_value(r.loss_ratio()) + "," +
           measure::format_value(r.measured_loss_ratio()) + "," +
           optional_field(r.tester_limited_pps()) + "," + csv_field(r.counters()) +
           directions.row(r.directions()) + latency.row(r.latency()) + "," +
           quoted_csv_field(joined_notes(r.notes())) + "\r\n";
  }
  return csv;
}

std::string plr_trials_csv(const PlrReportData& data) {
  DirectionColumns directions;
  LatencyColumns latency;
  for (const PlrReportTrial& trial : data.trials) {
    directions.add(trial.directions);
    latency.add(trial.latency);
  }
  std::string csv =
      "number,finished_at_s,load_pps,duration_s,loss_count,loss_ratio,estimate_average_pps,"
      "estimate_stdev_pps,stretch_average_pps,erf_average_pps,measured_loss_ratio,"
      "tester_limited_pps,counters" +
      directions.header() + latency.header() + ",notes\r\n";
  for (const PlrReportTrial& trial : data.trials) {
    csv += std::to_string(trial.number) + "," + measure::format_value(trial.finished_at_s) + "," +
           measure::format_value(trial.load_pps) + "," + measure::format_value(trial.duration_s) +
           "," + (trial.loss_count ? std::to_string(*trial.loss_count) : "") + "," +
           measure::format_value(trial.loss_ratio) + "," +
           (trial.estimate ? measure::format_value(trial.estimate->average_pps) : "") + "," +
           (trial.estimate ? measure::format_value(trial.estimate->stdev_pps) : "") + "," +
           optional_field(trial.stretch_average_pps) + "," + optional_field(trial.erf_average_pps) +
           "," + optional_field(trial.measured_loss_ratio) + "," +
           optional_field(trial.tester_limited_pps) + "," + csv_field(trial.counters) +
           directions.row(trial.directions) + latency.row(trial.latency) + "," +
           quoted_csv_field(joined_notes(trial.notes)) + "\r\n";
  }
  return csv;
}

}  // namespace trexsearch::report
