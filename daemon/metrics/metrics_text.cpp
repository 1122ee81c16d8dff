#include "daemon/metrics/metrics_text.hpp"

#include <charconv>
#include <cmath>
#include <set>

#include "measure/utf8.hpp"

namespace trexsearch::service {
namespace {

// Writes one family's HELP and TYPE lines.
void family(std::string& out, std::string_view name, std::string_view type, std::string_view help) {
  out.append("# HELP ").append(name).append(" ").append(help).append("\n");
  out.append("# TYPE ").append(name).append(" ").append(type).append("\n");
}

using Labels = std::vector<std::pair<std::string_view, std::string>>;

void sample(std::string& out, std::string_view name, const Labels& labels, double value) {
  out.append(name);
  if (!labels.empty()) {
    out.append("{");
    bool first = true;
    for (const auto& [key, escaped] : labels) {
      if (!first) out.append(",");
      first = false;
      out.append(key).append("=\"").append(escaped).append("\"");
    }
    out.append("}");
  }
  out.append(" ").append(format_sample_value(value)).append("\n");
}

}  // namespace

std::string escape_label_value(std::string_view value, std::size_t max_bytes) {
  std::string clean;
  for (std::size_t at = 0; at < value.size();) {
    const std::size_t length = measure::decode_utf8(value, at).length;
    // Whole characters only: a cut in the middle of one would be invalid UTF-8.
    if (clean.size() + std::max<std::size_t>(length, 1) > max_bytes) break;
    if (length == 0) {
      clean.push_back('?');
      ++at;
      continue;
    }
    clean.append(value.substr(at, length));
    at += length;
  }
  std::string escaped;
  escaped.reserve(clean.size());
  for (const char c : clean) {
    switch (c) {
      case '\\':
        escaped.append("\\\\");
        break;
      case '"':
        escaped.append("\\\"");
        break;
      case '\n':
        escaped.append("\\n");
        break;
      default:
        escaped.push_back(c);
    }
  }
  return escaped;
}

std::string format_sample_value(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "+Inf" : "-Inf";
  char buffer[64];
  // Whole numbers (counts, bytes, most loads) as integers: "900000", not the
  // shortest form "9e+05", which is valid but hard to read by eye.
  if (std::trunc(value) == value && std::fabs(value) < 1e15) {
    const auto [end, ec] =
        std::to_chars(buffer, buffer + sizeof buffer, static_cast<std::int64_t>(value));
    return std::string(buffer, ec == std::errc{} ? end : buffer);
  }
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, ec == std::errc{} ? end : buffer);
}

namespace {

// `labels` and, when it has one, the job's testbed: a daemon without testbed
// sections writes the series it wrote before testbeds existed.
Labels with_testbed(Labels labels, const std::string& testbed) {
  if (!testbed.empty()) labels.emplace_back("testbed", escape_label_value(testbed));
  return labels;
}

// A gauge of each running job that has the value.
void running_gauge(std::string& out, std::string_view name, std::string_view help,
                   const std::vector<RunningJobMetrics>& running,
                   std::optional<double> RunningJobMetrics::*value) {
  family(out, name, "gauge", help);
  for (const RunningJobMetrics& job : running) {
    if (job.*value) sample(out, name, with_testbed({}, job.testbed), *(job.*value));
  }
}

// Goal names are user text: cut, escaped, and made unique (two goals whose names
// agree in their first bytes would otherwise be one series twice).
std::vector<std::pair<std::string, const GoalBoundsMetric*>> goal_labels(
    const std::vector<GoalBoundsMetric>& mlr_goals) {
  std::vector<std::pair<std::string, const GoalBoundsMetric*>> goals;
  std::set<std::string> seen;
  for (const GoalBoundsMetric& goal : mlr_goals) {
    if (goals.size() == kMaxExportedGoals) break;
    std::string label = escape_label_value(goal.goal);
    for (int n = 2; !seen.insert(label).second; ++n) {
      label = escape_label_value(goal.goal, kMaxLabelValueBytes - 4) + " #" + std::to_string(n);
    }
    goals.emplace_back(std::move(label), &goal);
  }
  return goals;
}

void bound_gauges(std::string& out, const std::vector<RunningJobMetrics>& running) {
  for (const bool lower : {true, false}) {
    const std::string_view name =
        lower ? "trexsearch_mlr_lower_bound_pps" : "trexsearch_mlr_upper_bound_pps";
    family(out, name, "gauge",
           lower ? "Each running MLR job's current lower bound per goal, in packets per second."
                 : "Each running MLR job's current upper bound per goal, in packets per second.");
    for (const RunningJobMetrics& job : running) {
      for (const auto& [label, goal] : goal_labels(job.mlr_goals)) {
        const std::optional<double>& bound = lower ? goal->lower_bound_pps : goal->upper_bound_pps;
        if (bound) sample(out, name, with_testbed({{"goal", label}}, job.testbed), *bound);
      }
    }
  }
}

void job_families(std::string& out, const MetricsSnapshot& s) {
  family(out, "trexsearch_jobs_queued", "gauge", "Jobs waiting in the queue, by method.");
  for (const auto& [method, count] : s.jobs_queued) {
    sample(out, "trexsearch_jobs_queued", {{"method", escape_label_value(method)}},
           static_cast<double>(count));
  }
  family(out, "trexsearch_jobs_running", "gauge",
         "Jobs running now, by method and testbed (one per testbed at most).");
  for (const auto& [key, count] : s.jobs_running) {
    sample(out, "trexsearch_jobs_running",
           with_testbed({{"method", escape_label_value(key.first)}}, key.second),
           static_cast<double>(count));
  }
  family(out, "trexsearch_trials_total", "counter",
         "Trials stored since the daemon started, by search phase, result "
         "(no_loss, loss, tester_limited) and testbed.");
  for (const auto& [key, count] : s.trials_total) {
    sample(out, "trexsearch_trials_total",
           with_testbed({{"phase", escape_label_value(key.phase)},
                         {"result", escape_label_value(key.result)}},
                        key.testbed),
           static_cast<double>(count));
  }
  running_gauge(out, "trexsearch_last_trial_load_pps",
                "Intended load of each running job's latest completed trial, in packets per "
                "second.",
                s.running, &RunningJobMetrics::last_trial_load_pps);
  running_gauge(out, "trexsearch_last_trial_loss_ratio",
                "Loss ratio of each running job's latest completed trial (1 when "
                "tester-limited).",
                s.running, &RunningJobMetrics::last_trial_loss_ratio);
  running_gauge(out, "trexsearch_plr_estimate_pps",
                "Each running PLR job's critical-load estimate (average), in packets per second.",
                s.running, &RunningJobMetrics::plr_estimate_pps);
  running_gauge(out, "trexsearch_plr_estimate_stdev_pps",
                "Standard deviation of each running PLR job's estimate, in packets per second.",
                s.running, &RunningJobMetrics::plr_estimate_stdev_pps);
  bound_gauges(out, s.running);
}

// The fleet replicator's families (docs/fleet.md "Watching it"), only when it runs.
void replication_families(std::string& out, const MetricsSnapshot& s) {
  if (!s.replication) return;
  const MetricsSnapshot::Replication& r = *s.replication;
  family(out, "trexsearch_replication_up", "gauge",
         "1 while the fleet database is reachable, 0 after a failed attempt.");
  sample(out, "trexsearch_replication_up", {}, r.connected ? 1.0 : 0.0);
  family(out, "trexsearch_replication_rows_behind", "gauge",
         "Rows (trials, hook runs, job rows) the fleet database lacks.");
  sample(out, "trexsearch_replication_rows_behind", {}, static_cast<double>(r.rows_behind));
  family(out, "trexsearch_replication_rows_sent_total", "counter",
         "Rows written to the fleet database since the daemon started.");
  sample(out, "trexsearch_replication_rows_sent_total", {}, static_cast<double>(r.rows_sent_total));
  family(out, "trexsearch_replication_errors_total", "counter",
         "Failed attempts to reach or write the fleet database since the daemon started.");
  sample(out, "trexsearch_replication_errors_total", {}, static_cast<double>(r.errors_total));
  family(out, "trexsearch_replication_last_success_seconds", "gauge",
         "When replication last succeeded, in seconds since the Unix epoch.");
  if (r.last_success_seconds) {
    sample(out, "trexsearch_replication_last_success_seconds", {}, *r.last_success_seconds);
  }
}

}  // namespace

std::string format_metrics(const MetricsSnapshot& s) {
  std::string out;
  family(out, "trexsearch_build_info", "gauge",
         "Always 1; the daemon's version is in the version label.");
  sample(out, "trexsearch_build_info", {{"version", escape_label_value(s.version)}}, 1.0);

  family(out, "trexsearch_start_time_seconds", "gauge",
         "When the daemon started, in seconds since the Unix epoch.");
  sample(out, "trexsearch_start_time_seconds", {}, s.start_time_seconds);

  job_families(out, s);

  family(out, "trexsearch_trex_link_state", "gauge",
         "1 for the state the daemon's TRex link is in now, 0 for the others.");
  for (const std::string& state : s.trex_link_states) {
    sample(out, "trexsearch_trex_link_state", {{"state", escape_label_value(state)}},
           state == s.trex_link_state ? 1.0 : 0.0);
  }
  family(out, "trexsearch_trex_reconnects_total", "counter",
         "Times a job re-established its TRex session since the daemon started.");
  sample(out, "trexsearch_trex_reconnects_total", {}, static_cast<double>(s.trex_reconnects_total));

  family(out, "trexsearch_store_size_bytes", "gauge",
         "Size of the job store (database and write-ahead log), in bytes.");
  if (s.store_size_bytes) {
    sample(out, "trexsearch_store_size_bytes", {}, static_cast<double>(*s.store_size_bytes));
  }
  family(out, "trexsearch_store_writable", "gauge",
         "1 while writes to the job store succeed, 0 after one failed until one succeeds.");
  if (s.store_writable) sample(out, "trexsearch_store_writable", {}, *s.store_writable ? 1.0 : 0.0);

  family(out, "trexsearch_control_clients", "gauge", "Connections to the control socket now.");
  sample(out, "trexsearch_control_clients", {}, static_cast<double>(s.control_clients));
  replication_families(out, s);
  return out;
}

}  // namespace trexsearch::service
