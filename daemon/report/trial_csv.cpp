#include "daemon/report/trial_csv.hpp"

#include <optional>
#include <string>

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

std::string optional_field(const std::optional<double>& value) {
  return value ? format_value(*value) : "";
}

}  // namespace

std::string mlr_trials_csv(const mlr::SearchResult& result) {
  std::string csv =
      "number,phase,started_at_s,load_pps,intended_duration_s,effective_duration_s,"
      "offered_count,loss_count,intended_count,loss_ratio,notes\r\n";
  for (const mlr::TrialRecord& trial : result.trials) {
    const TrialResult& r = trial.result;
    const auto& counts = r.counts();
    std::string notes;
    for (const std::string& note : r.notes()) notes += (notes.empty() ? "" : "; ") + note;
    csv += std::to_string(trial.number) + "," + std::string(mlr::to_string(trial.phase)) + "," +
           format_value(trial.started_at.count()) + "," + format_value(r.intended_load_pps()) +
           "," + format_value(r.intended_duration().count()) + "," +
           format_value(r.effective_duration().count()) + "," +
           (counts ? std::to_string(counts->offered) : "") + "," +
           (counts ? std::to_string(counts->loss) : "") + "," +
           (counts ? std::to_string(counts->intended) : "") + "," + format_value(r.loss_ratio()) +
           "," + csv_field(notes) + "\r\n";
  }
  return csv;
}

std::string plr_trials_csv(const PlrReportData& data) {
  std::string csv =
      "number,finished_at_s,load_pps,duration_s,loss_count,loss_ratio,estimate_average_pps,"
      "estimate_stdev_pps,stretch_average_pps,erf_average_pps\r\n";
  for (const PlrReportTrial& trial : data.trials) {
    csv += std::to_string(trial.number) + "," + format_value(trial.finished_at_s) + "," +
           format_value(trial.load_pps) + "," + format_value(trial.duration_s) + "," +
           (trial.loss_count ? std::to_string(*trial.loss_count) : "") + "," +
           format_value(trial.loss_ratio) + "," +
           (trial.estimate ? format_value(trial.estimate->average_pps) : "") + "," +
           (trial.estimate ? format_value(trial.estimate->stdev_pps) : "") + "," +
           optional_field(trial.stretch_average_pps) + "," + optional_field(trial.erf_average_pps) +
           "\r\n";
  }
  return csv;
}

}  // namespace trexsearch::report
