#include "daemon/cli/suite_values_codec.hpp"

#include <optional>
#include <string>
#include <utility>

#include "daemon/cli/job_result_codec.hpp"
#include "daemon/cli/suite_values.hpp"
#include "daemon/protocol/document_codec.hpp"

namespace trexsearch::cli {
namespace {

// The entry's line across frame sizes: its label without the frame size part
// (labels are PROFILE-METHOD-SIZE, each part present when the suite varies it).
std::string series_of(const std::string& label, const std::string& frame_size) {
  if (frame_size.empty()) return label;
  const std::string size = frame_size == "imix" ? "imix" : frame_size + "B";
  if (label == size) return "";
  const std::string suffix = "-" + size;
  if (label.size() > suffix.size() &&
      label.compare(label.size() - suffix.size(), suffix.size(), suffix) == 0) {
    return label.substr(0, label.size() - suffix.size());
  }
  return label;
}

std::optional<double> positive(double value) {
  if (!(value > 0.0)) return std::nullopt;
  return value;
}

}  // namespace

report::SuiteReportData suite_values(const protocol::Document& document) {
  const Json::Value& reply = protocol::json_of(document);
  report::SuiteReportData data;
  const Json::Value& suite = reply["suite"];
  data.id = suite["id"].asInt64();
  data.name = suite["name"].asString();
  data.created_at = suite["created_at"].asString();
  data.submitted_by = suite["submitted_by"].asString();
  for (const Json::Value& item : reply["entries"]) {
    report::SuiteReportEntry entry;
    entry.label = item["label"].asString();
    entry.frame_size = item["frame_size"].asString();
    entry.series = series_of(entry.label, entry.frame_size);
    entry.repeat = item["repeat"].asInt();
    const JobValues job = decode_job_values(item);
    entry.job = job.id;
    entry.method = job.method;
    entry.state = job.state;
    entry.reason = job.reason;
    entry.trial_count = item["job"]["trial_count"].asUInt64();
    if (item["trials_with_notes"].isNumeric()) {
      entry.trials_with_notes = item["trials_with_notes"].asUInt64();
    }
    if (job.line_rate) {
      entry.frame_bytes = positive(job.line_rate->frame_bytes);
      if (const auto gbps = positive(job.line_rate->port_speed_gbps)) entry.port_bps = *gbps * 1e9;
    }
    if (job.has_values) {
      for (const GoalValue& goal : job.goals) {
        report::SuiteReportValue value{goal.goal, goal.value_pps, goal.summed_directions,
                                       goal.unclean_reason};
        // MLRsearch's own words for "max_load passed": a lower limit, not a fault.
        if (goal.unclean_reason == "irregular: max_load_is_lower_bound") {
          value.unclean_reason.clear();
          value.at_max_load = true;
        }
        entry.values.push_back(std::move(value));
      }
    }
    data.entries.push_back(std::move(entry));
  }
  return data;
}

}  // namespace trexsearch::cli
