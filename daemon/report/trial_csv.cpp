#include "daemon/report/trial_csv.hpp"

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "search/errors.hpp"

namespace trexsearch::report {
namespace {

/// RFC 4180: quote a field holding a comma, quote or line break; double the quotes.
std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

/// Always quoted: free text whose content should not decide the field's shape.
std::string quoted_field(const std::string& text) {
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::string optional_field(const std::optional<double>& value) {
  return value ? format_value(*value) : "";
}

std::string joined_notes(const std::vector<std::string>& notes) {
  std::string text;
  for (const std::string& note : notes) text += (text.empty() ? "" : "; ") + note;
  return text;
}

constexpr const char* kDirectionColumns[] = {"intended", "offered", "received",
                                             "loss",     "unsent",  "loss_ratio"};

/// Every direction name the trials have, in order of first appearance: one group
/// of columns each, so a bidirectional result says which direction lost.
class DirectionColumns {
 public:
  void add(const std::vector<DirectionCounts>& directions) {
    for (const DirectionCounts& direction : directions) {
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
  std::string row(const std::vector<DirectionCounts>& directions) const {
    std::string text;
    for (const std::string& name : names_) {
      const auto found = std::find_if(directions.begin(), directions.end(),
                                      [&](const DirectionCounts& d) { return d.name == name; });
      if (found == directions.end()) {
        text += std::string(std::size(kDirectionColumns), ',');
        continue;
      }
      text += "," + std::to_string(found->intended) + "," + std::to_string(found->offered) + "," +
              std::to_string(found->received) + "," + std::to_string(found->loss()) + "," +
              std::to_string(found->unsent()) + "," + format_value(found->loss_ratio());
    }
    return text;
  }

 private:
  std::vector<std::string> names_;
};

}  // namespace

std::string mlr_trials_csv(const mlr::SearchResult& result) {
  DirectionColumns directions;
  for (const mlr::TrialRecord& trial : result.trials) directions.add(trial.result.directions());
  std::string csv =
      "number,phase,started_at_s,load_pps,intended_duration_s,effective_duration_s,"
      "offered_count,loss_count,intended_count,loss_ratio,measured_loss_ratio,"
      "tester_limited_pps,counters" +
      directions.header() + ",notes\r\n";
  for (const mlr::TrialRecord& trial : result.trials) {
    const TrialResult& r = trial.result;
    const auto& counts = r.counts();
    csv += std::to_string(trial.number) + "," + std::string(mlr::to_string(trial.phase)) + "," +
           format_value(trial.started_at.count()) + "," + format_value(r.intended_load_pps()) +
           "," + format_value(r.intended_duration().count()) + "," +
           format_value(r.effective_duration().count()) + "," +
           (counts ? std::to_string(counts->offered) : "") + "," +
           (counts ? std::to_string(counts->loss) : "") + "," +
           (counts ? std::to_string(counts->intended) : "") + "," + format_value(r.loss_ratio()) +
           "," + format_value(r.measured_loss_ratio()) + "," +
           optional_field(r.tester_limited_pps()) + "," + csv_field(r.counters()) +
           directions.row(r.directions()) + "," + quoted_field(joined_notes(r.notes())) + "\r\n";
  }
  return csv;
}

std::string plr_trials_csv(const PlrReportData& data) {
  DirectionColumns directions;
  for (const PlrReportTrial& trial : data.trials) directions.add(trial.directions);
  std::string csv =
      "number,finished_at_s,load_pps,duration_s,loss_count,loss_ratio,estimate_average_pps,"
      "estimate_stdev_pps,stretch_average_pps,erf_average_pps,measured_loss_ratio,"
      "tester_limited_pps,counters" +
      directions.header() + ",notes\r\n";
  for (const PlrReportTrial& trial : data.trials) {
    csv += std::to_string(trial.number) + "," + format_value(trial.finished_at_s) + "," +
           format_value(trial.load_pps) + "," + format_value(trial.duration_s) + "," +
           (trial.loss_count ? std::to_string(*trial.loss_count) : "") + "," +
           format_value(trial.loss_ratio) + "," +
           (trial.estimate ? format_value(trial.estimate->average_pps) : "") + "," +
           (trial.estimate ? format_value(trial.estimate->stdev_pps) : "") + "," +
           optional_field(trial.stretch_average_pps) + "," + optional_field(trial.erf_average_pps) +
           "," + optional_field(trial.measured_loss_ratio) + "," +
           optional_field(trial.tester_limited_pps) + "," + csv_field(trial.counters) +
           directions.row(trial.directions) + "," + quoted_field(joined_notes(trial.notes)) +
           "\r\n";
  }
  return csv;
}

}  // namespace trexsearch::report
