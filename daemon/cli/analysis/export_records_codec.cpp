#include "daemon/cli/analysis/export_records_codec.hpp"

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "daemon/codec/json_writer.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/job_summary_codec.hpp"
#include "daemon/report/page/csv_text.hpp"
#include "measure/errors.hpp"

namespace trexsearch::cli {
namespace {

/// A record with the members every line has, then `fields` (minus `leave_out`);
/// the export's own members win over a field of the same name.
Json::Value record(const char* type, const ExportedJob& exported, const Json::Value& fields,
                   const std::vector<std::string>& leave_out) {
  Json::Value line(Json::objectValue);
  if (fields.isObject()) {
    for (const std::string& key : fields.getMemberNames()) {
      if (std::find(leave_out.begin(), leave_out.end(), key) == leave_out.end()) {
        line[key] = fields[key];
      }
    }
  }
  line["format"] = kExportFormat;
  line["version"] = kExportVersion;
  line["type"] = type;
  line["job"] = exported.job["id"];
  if (exported.tester) line["tester"] = *exported.tester;
  return line;
}

std::string json_line(const Json::Value& value) { return codec::to_compact_json(value) + "\n"; }

/// One CSV field from a JSON value: empty for null or absent, numbers in their
/// shortest exact form, booleans as true/false, text RFC 4180-quoted when needed.
std::string cell(const Json::Value& value) {
  switch (value.type()) {
    case Json::nullValue:
      return "";
    case Json::intValue:
      return std::to_string(value.asInt64());
    case Json::uintValue:
      return std::to_string(value.asUInt64());
    case Json::realValue:
      return measure::format_value(value.asDouble());
    case Json::booleanValue:
      return value.asBool() ? "true" : "false";
    case Json::stringValue:
      return report::csv_field(value.asString());
    default:  // arrays and objects have columns of their own; never here
      return report::csv_field(codec::to_compact_json(value));
  }
}

std::string row(const std::vector<std::string>& cells) {
  std::string text;
  for (std::size_t i = 0; i < cells.size(); ++i) text += (i == 0 ? "" : ",") + cells[i];
  return text + "\r\n";
}

/// A row of one job's: its tester's cell first when it has one.
std::string row(const ExportedJob& exported, const std::vector<std::string>& cells) {
  if (!exported.tester) return row(cells);
  std::vector<std::string> with_tester{report::csv_field(*exported.tester)};
  with_tester.insert(with_tester.end(), cells.begin(), cells.end());
  return row(with_tester);
}

std::string joined_notes(const Json::Value& notes) {
  std::string text;
  for (const Json::Value& note : notes) text += (text.empty() ? "" : "; ") + note.asString();
  return text;
}

// "testbed" last (docs/testbeds.md), so that earlier columns keep their places.
constexpr const char* kJobColumns[] = {
    "job",        "name",           "method",       "measurer",  "state",       "reason",
    "created_at", "started_at",     "finished_at",  "run_count", "trial_count", "submitted_by",
    "profile",    "daemon_version", "trex_version", "testbed"};

constexpr const char* kResultColumns[] = {
    "job", "name", "method", "state", "stop_reason", "goal", "goal_loss_ratio",
    "relevant_lower_bound_pps", "relevant_upper_bound_pps", "conditional_throughput_pps", "regular",
    "irregular_reason", "clean", "tester_limited", "tester_reached_pps", "estimate_average_pps",
    "estimate_stdev_pps", "estimate_lower_pps", "estimate_upper_pps", "trial_count",
    "effective_duration_sum_s", "search_duration_s",
    // MRR and soaks (docs/mrr.md); appended so
    // that earlier columns keep their places.
    "receive_rate_mean_pps", "receive_rate_stdev_pps", "receive_rate_min_pps",
    "receive_rate_max_pps", "sut_loss_ratio"};

constexpr const char* kTrialColumns[] = {"job",
                                         "name",
                                         "method",
                                         "number",
                                         "phase",
                                         "started_at_s",
                                         "recorded_at",
                                         "load_pps",
                                         "intended_duration_s",
                                         "effective_duration_s",
                                         "offered_count",
                                         "loss_count",
                                         "intended_count",
                                         "loss_ratio",
                                         "measured_loss_ratio",
                                         "tester_limited_pps",
                                         "counters",
                                         "estimate_average_pps",
                                         "estimate_stdev_pps",
                                         "notes"};

constexpr const char* kDirectionColumns[] = {
    "job", "trial", "direction", "intended", "offered", "received", "loss", "unsent", "loss_ratio"};

constexpr const char* kHookColumns[] = {
    "job",        "hook", "point",  "trial", "attempt",        "started_at",
    "duration_s", "end",  "status", "ok",    "failure_action", "output_dropped_bytes",
    "output"};

template <std::size_t N>
std::string header_of(const char* const (&columns)[N], bool with_tester) {
  std::vector<std::string> names(std::begin(columns), std::end(columns));
  if (with_tester) names.insert(names.begin(), "tester");
  return row(names);
}

std::string job_rows(const ExportedJob& exported) {
  const Json::Value& job = exported.job;
  std::vector<std::string> cells{cell(job["id"])};
  for (std::size_t i = 1; i < std::size(kJobColumns); ++i)
    cells.push_back(cell(job[kJobColumns[i]]));
  return row(exported, cells);
}

std::string result_rows(const ExportedJob& exported) {
  const Json::Value& job = exported.job;
  const Json::Value& result = exported.result;
  if (result.isNull()) return "";
  const Json::Value& totals = result["totals"];
  const bool plr = job["method"].asString() == "plr";
  const Json::Value& duration = plr ? totals["run_duration"] : totals["search_duration"];
  const std::vector<std::string> head{cell(job["id"]), cell(job["name"]), cell(job["method"]),
                                      cell(job["state"]), cell(result["stop_reason"])};
  const std::string method = job["method"].asString();
  const bool fixed_load = method == "mrr" || method == "soak";
  const std::vector<std::string> tail{cell(totals["trial_count"]),
                                      cell(totals["effective_duration_sum"]),
                                      fixed_load ? "" : cell(duration)};
  std::vector<std::string> receive{"", "", "", "", ""};
  if (fixed_load) {
    const Json::Value& rate = result["receive_rate"];
    if (rate.isObject()) {
      receive = {cell(rate["mean"]), cell(rate["stdev"]), cell(rate["min"]), cell(rate["max"])};
    } else {
      receive = {"", "", "", ""};
    }
    receive.push_back(cell(result["sut_loss_ratio"]));
  }
  auto joined = [&](const std::vector<std::string>& middle) {
    std::vector<std::string> cells = head;
    cells.insert(cells.end(), middle.begin(), middle.end());
    cells.insert(cells.end(), tail.begin(), tail.end());
    cells.insert(cells.end(), receive.begin(), receive.end());
    return row(exported, cells);
  };
  if (fixed_load) {
    const Json::Value& limit = result["tester_limit"];
    return joined({"", "", "", "", "", "", "", result["tester_limited"].asBool() ? "false" : "true",
                   cell(result["tester_limited"]),
                   limit.isObject() ? cell(limit["reached_pps"]) : "", "", "", "", ""});
  }
  if (plr) {
    const Json::Value& estimate = result["estimate"];
    const Json::Value& limit = result["tester_limit"];
    return joined({"", "", "", "", "", "", "", "", cell(result["tester_limited"]),
                   limit.isObject() ? cell(limit["reached_pps"]) : "", cell(estimate["average"]),
                   cell(estimate["stdev"]), cell(estimate["lower"]), cell(estimate["upper"])});
  }
  std::string text;
  for (const Json::Value& goal : result["goals"]) {
    const Json::Value& limited = goal["tester_limited"];
    text += joined({cell(goal["name"]), cell(goal["goal"]["loss_ratio"]),
                    cell(goal["relevant_lower_bound"]), cell(goal["relevant_upper_bound"]),
                    cell(goal["conditional_throughput"]), cell(goal["regular"]),
                    cell(goal["irregular_reason"]), cell(goal["clean"]),
                    limited.isObject() ? "true" : "false",
                    limited.isObject() ? cell(limited["reached_pps"]) : "", "", "", "", ""});
  }
  return text;
}

std::string trial_rows(const ExportedJob& exported) {
  const Json::Value& job = exported.job;
  std::string text;
  for (const Json::Value& trial : exported.trials) {
    // A null effective duration means the intended one (docs/socket-api.md `show`).
    const Json::Value& effective = trial["effective_duration"].isNull()
                                       ? trial["intended_duration"]
                                       : trial["effective_duration"];
    const Json::Value& estimate = trial["estimate"];
    text += row(exported, {cell(job["id"]),
                           cell(job["name"]),
                           cell(job["method"]),
                           cell(trial["number"]),
                           cell(trial["phase"]),
                           cell(trial["started_at"]),
                           cell(trial["recorded_at"]),
                           cell(trial["load"]),
                           cell(trial["intended_duration"]),
                           cell(effective),
                           cell(trial["offered_count"]),
                           cell(trial["loss_count"]),
                           cell(trial["intended_count"].isNull() ? trial["offered_count"]
                                                                 : trial["intended_count"]),
                           cell(trial["loss_ratio"]),
                           cell(trial["measured_loss_ratio"]),
                           cell(trial["tester_limited_pps"]),
                           cell(trial["counters"]),
                           estimate.isObject() ? cell(estimate["average"]) : "",
                           estimate.isObject() ? cell(estimate["stdev"]) : "",
                           report::quoted_csv_field(joined_notes(trial["notes"]))});
  }
  return text;
}

std::string direction_rows(const ExportedJob& exported) {
  std::string text;
  for (const Json::Value& trial : exported.trials) {
    for (const Json::Value& d : trial["directions"]) {
      text += row(exported, {cell(exported.job["id"]), cell(trial["number"]), cell(d["direction"]),
                             cell(d["intended"]), cell(d["offered"]), cell(d["received"]),
                             cell(d["loss"]), cell(d["unsent"]), cell(d["loss_ratio"])});
    }
  }
  return text;
}

std::string hook_rows(const ExportedJob& exported) {
  std::string text;
  for (const Json::Value& run : exported.hook_runs) {
    std::vector<std::string> cells{cell(exported.job["id"])};
    for (std::size_t i = 1; i + 1 < std::size(kHookColumns); ++i) {
      cells.push_back(cell(run[kHookColumns[i]]));
    }
    cells.push_back(report::quoted_csv_field(run["output"].asString()));
    text += row(exported, cells);
  }
  return text;
}

}  // namespace

const char* to_string(ExportRecord record) {
  switch (record) {
    case ExportRecord::job:
      return "job";
    case ExportRecord::result:
      return "result";
    case ExportRecord::trial:
      return "trial";
    case ExportRecord::direction:
      return "direction";
    case ExportRecord::hook:
      return "hook";
  }
  return "?";
}

std::optional<ExportRecord> export_record_from_string(const std::string& text) {
  for (ExportRecord record : {ExportRecord::job, ExportRecord::result, ExportRecord::trial,
                              ExportRecord::direction, ExportRecord::hook}) {
    if (text == to_string(record)) return record;
  }
  return std::nullopt;
}

ExportedJob listed_job(const protocol::JobSummary& listed) {
  // The daemon writes its JOB objects with this encoder, so the line is as listed.
  return ExportedJob{protocol::encode_job_summary(listed), Json::Value(),
                     Json::Value(Json::arrayValue),        Json::Value(),
                     Json::Value(Json::arrayValue),        std::nullopt};
}

std::int64_t exported_id(const ExportedJob& exported) { return exported.job["id"].asInt64(); }

void add_shown(ExportedJob& exported, const protocol::Document& arguments, bool with_trials,
               bool with_hooks) {
  const Json::Value& shown = protocol::json_of(arguments);
  exported.job = shown["job"];  // its state now, not at the list
  exported.spec = shown["spec"];
  if (with_trials) exported.trials = shown["trials"];
  if (with_hooks && shown["hook_runs"].isArray()) exported.hook_runs = shown["hook_runs"];
}

void add_result(ExportedJob& exported, const protocol::Document& arguments) {
  exported.result = protocol::json_of(arguments)["result"];
}

bool has_result(const ExportedJob& exported) { return !exported.result.isNull(); }

std::size_t trial_count(const ExportedJob& exported) { return exported.trials.size(); }

std::string job_json_line(const ExportedJob& exported) {
  Json::Value line = record("job", exported, exported.job, {"id"});
  line["spec"] = exported.spec;
  return json_line(line);
}

std::string result_json_line(const ExportedJob& exported) {
  if (exported.result.isNull()) return "";
  // The trials are lines of their own (all stored ones, latency phase included).
  Json::Value line = record("result", exported, exported.result, {"trials"});
  line["method"] = exported.job["method"];
  return json_line(line);
}

std::string trial_json_lines(const ExportedJob& exported) {
  std::string text;
  for (const Json::Value& trial : exported.trials) {
    text += json_line(record("trial", exported, trial, {}));
  }
  return text;
}

std::string hook_json_lines(const ExportedJob& exported) {
  std::string text;
  for (const Json::Value& run : exported.hook_runs) {
    text += json_line(record("hook", exported, run, {}));
  }
  return text;
}

std::string csv_header(ExportRecord table, bool with_tester) {
  switch (table) {
    case ExportRecord::job:
      return header_of(kJobColumns, with_tester);
    case ExportRecord::result:
      return header_of(kResultColumns, with_tester);
    case ExportRecord::trial:
      return header_of(kTrialColumns, with_tester);
    case ExportRecord::direction:
      return header_of(kDirectionColumns, with_tester);
    case ExportRecord::hook:
      return header_of(kHookColumns, with_tester);
  }
  return "";
}

std::string csv_rows(ExportRecord table, const ExportedJob& job) {
  switch (table) {
    case ExportRecord::job:
      return job_rows(job);
    case ExportRecord::result:
      return result_rows(job);
    case ExportRecord::trial:
      return trial_rows(job);
    case ExportRecord::direction:
      return direction_rows(job);
    case ExportRecord::hook:
      return hook_rows(job);
  }
  return "";
}

}  // namespace trexsearch::cli
