#include "daemon/cli/replies/suite_values.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/replies/job_values.hpp"
#include "daemon/cli/text/number_text.hpp"
#include "daemon/cli/text/terminal_text.hpp"
#include "daemon/cli/text/text_table.hpp"

namespace trexsearch::cli {
namespace {

bool has_ended(const report::SuiteReportEntry& entry) {
  return entry.state == "finished" || entry.state == "failed" || entry.state == "cancelled";
}

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

// What the job's result says, as `compare` reads it; a job without a result gives
// its state and reason only.
JobValues entry_job_values(const protocol::ShowSuiteEntry& item) {
  if (!item.result) {
    JobValues values = job_values(item.job);
    values.line_rate = item.line_rate;
    return values;
  }
  return job_values(protocol::ResultReply{item.job, *item.result, item.line_rate});
}

report::SuiteReportEntry suite_entry(const protocol::ShowSuiteEntry& item) {
  report::SuiteReportEntry entry;
  entry.label = item.label;
  entry.frame_size = item.frame_size;
  entry.series = series_of(entry.label, entry.frame_size);
  entry.repeat = item.repeat;
  const JobValues job = entry_job_values(item);
  entry.job = job.id;
  entry.method = job.method;
  entry.state = job.state;
  entry.reason = job.reason;
  entry.trial_count = item.job.trial_count;
  entry.trials_with_notes = item.trials_with_notes;
  if (job.line_rate) {
    entry.frame_bytes = positive(job.line_rate->frame_bytes);
    if (const auto gbps = positive(job.line_rate->port_speed_gbps)) entry.port_bps = *gbps * 1e9;
  }
  if (!job.has_values) return entry;
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
  return entry;
}

}  // namespace

report::SuiteReportData suite_values(const protocol::ShowSuiteReply& reply) {
  report::SuiteReportData data;
  data.id = reply.suite.id;
  data.name = reply.suite.name;
  data.created_at = reply.suite.created_at;
  data.submitted_by = reply.suite.submitted_by;
  for (const protocol::ShowSuiteEntry& item : reply.entries) {
    data.entries.push_back(suite_entry(item));
  }
  return data;
}

std::string format_suite_data(const report::SuiteReportData& data) {
  const auto ended = std::count_if(data.entries.begin(), data.entries.end(), has_ended);
  std::string text = "suite " + std::to_string(data.id) + " (" + terminal_safe(data.name) +
                     "): " + std::to_string(data.entries.size()) + " jobs, " +
                     std::to_string(ended) + " ended; created " + data.created_at + "\n";
  std::vector<std::vector<std::string>> rows{
      {"JOB", "ENTRY", "STATE", "VALUE", "PPS/DIR", "%LINE", "GBIT/S", "NOTES"}};
  std::vector<std::string> unclean;
  for (const auto& entry : data.entries) {
    const std::string label =
        terminal_safe(entry.label) + (entry.repeat > 1 ? "#" + std::to_string(entry.repeat) : "");
    const std::string notes =
        entry.trials_with_notes ? std::to_string(*entry.trials_with_notes) : "-";
    if (entry.values.empty()) {
      rows.push_back({std::to_string(entry.job), label, entry.state, "-", "-", "-", "-", notes});
      continue;
    }
    for (const auto& value : entry.values) {
      const auto percent = report::percent_of_line(entry, value);
      const auto gbps = report::l1_gbps(entry, value);
      std::string pps =
          value.value_pps ? fixed(*value.value_pps / value.summed_directions, 0) : "-";
      if (value.at_max_load) pps = ">=" + pps;
      if (!value.unclean_reason.empty()) {
        pps += "*";
        unclean.push_back("job " + std::to_string(entry.job) + " " + terminal_safe(value.goal) +
                          ": " + terminal_safe(value.unclean_reason));
      }
      rows.push_back({std::to_string(entry.job), label, entry.state, terminal_safe(value.goal), pps,
                      percent ? fixed(*percent, 2) : "-", gbps ? fixed(*gbps, 3) : "-", notes});
    }
  }
  text += format_text_table(rows, {true, false, false, false, true, true, true, true});
  text +=
      "(PPS/DIR: frames/s per direction, a receive rate divided by its directions;\n"
      " >=: max_load passed, the SUT's limit is higher (at 100 % the link's);\n"
      " NOTES: trials with notes, listed by trex-search show JOB)\n";
  for (const std::string& line : unclean) text += "* not clean: " + line + "\n";
  return text;
}

bool names_suite(const std::string& text) {
  if (text.empty()) return false;
  for (const char c : text) {
    if (c < '0' || c > '9') return true;
  }
  return false;
}

protocol::SuiteRef suite_ref(const std::string& text) {
  const std::string prefix = "suite:";
  if (text.rfind(prefix, 0) == 0) {
    const std::string number = text.substr(prefix.size());
    std::int64_t id = 0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), id);
    if (ec != std::errc{} || end != number.data() + number.size() || id <= 0) {
      throw UsageError("SUITE '" + text + "': suite:N needs a suite id (a whole number >= 1)");
    }
    return protocol::SuiteRef{id, ""};
  }
  const char first = text.empty() ? '\0' : text[0];
  if (!((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z'))) {
    throw UsageError("'" + text + "': expected a job id, a suite name or suite:N");
  }
  return protocol::SuiteRef{std::nullopt, text};
}

}  // namespace trexsearch::cli
