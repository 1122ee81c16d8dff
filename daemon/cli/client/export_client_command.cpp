// `trex-search export`: every stored job matching the filters, with its result and
// trials, as JSON lines or one CSV table (docs/export.md). Built on the socket
// commands `list`, `show` and `result`, so the daemon needs nothing new: `list`
// filters by one state only, so name, method and dates are filtered here.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "daemon/cli/analysis/export_filter.hpp"
#include "daemon/cli/analysis/export_records_codec.hpp"
#include "daemon/cli/client/job_source.hpp"
#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/command/fleet_options.hpp"
#include "daemon/cli/text/terminal_text.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

/// The hidden `--list-limit N` (1..10000, default the largest): a smaller page lets
/// the tests reach the walk past `list` with two jobs.
po::options_description export_hidden_options() {
  po::options_description hidden;
  hidden.add_options()("list-limit", po::value<int>()->default_value(kListLimit), "");
  return hidden;
}

po::options_description export_options() {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
      ("format", po::value<std::string>()->value_name("FORMAT")->default_value("jsonl"),
       "jsonl (one JSON object per line) or csv (one table, see --records)")
      ("records", po::value<std::string>()->value_name("LIST"),
       "jsonl: which records, comma-separated from job,result,trial,hook (default "
       "job,result,trial); csv: the one table to write: job, result, trial (default), "
       "direction or hook")
      ("name", po::value<std::string>()->value_name("NAME"),
       "only jobs with this name; *, ? and [...] make it a glob ('nightly-*')")
      ("method", po::value<std::string>()->value_name("METHOD"), "only jobs of this method: mlr, plr, mrr or soak")
      ("state", po::value<std::string>()->value_name("STATE")->default_value("ended"),
       "ended (finished, failed, cancelled), all, or one state: queued, running, "
       "interrupted, finished, failed, cancelled")
      ("since", po::value<std::string>()->value_name("TIME"),
       "only jobs created at or after TIME (ISO 8601 UTC: 2026-11-25 or 2026-11-25T08:00:00Z)")
      ("until", po::value<std::string>()->value_name("TIME"),
       "only jobs created before TIME (same form; not included, so ranges do not overlap)")
      ("testbed", po::value<std::string>()->value_name("NAME"),
       "only jobs placed on this testbed (docs/testbeds.md)")
      ("output,o", po::value<std::string>()->value_name("FILE"),
       "write to FILE (replaced only when the export succeeded) instead of standard output");
  // clang-format on
  add_fleet_options(options);
  return options;
}

struct ExportSettings {
  bool csv = false;
  std::vector<ExportRecord> records;
};

ExportSettings export_settings(const po::variables_map& options) {
  ExportSettings settings;
  const std::string format = options["format"].as<std::string>();
  if (format != "jsonl" && format != "csv") {
    throw UsageError("--format '" + format + "': must be jsonl or csv");
  }
  settings.csv = format == "csv";
  if (options.count("records") == 0) {
    settings.records =
        settings.csv ? std::vector{ExportRecord::trial}
                     : std::vector{ExportRecord::job, ExportRecord::result, ExportRecord::trial};
    return settings;
  }
  const std::string list = options["records"].as<std::string>();
  std::stringstream items(list);
  for (std::string item; std::getline(items, item, ',');) {
    const auto record = export_record_from_string(item);
    if (!record || (!settings.csv && *record == ExportRecord::direction)) {
      throw UsageError("--records '" + list + "': '" + item + "' is not a record type; " +
                       (settings.csv ? "csv writes one of job, result, trial, direction, hook"
                                     : "jsonl has job, result, trial, hook"));
    }
    if (std::find(settings.records.begin(), settings.records.end(), *record) ==
        settings.records.end()) {
      settings.records.push_back(*record);
    }
  }
  if (settings.records.empty()) throw UsageError("--records '': name at least one record type");
  if (settings.csv && settings.records.size() != 1) {
    throw UsageError("--records '" + list +
                     "': a CSV holds one table; export each of job, result, trial, direction, "
                     "hook with its own command");
  }
  return settings;
}

bool wants(const ExportSettings& settings, ExportRecord record) {
  return std::find(settings.records.begin(), settings.records.end(), record) !=
         settings.records.end();
}

std::optional<std::string> optional_option(const po::variables_map& options, const char* name) {
  if (options.count(name) == 0) return std::nullopt;
  return options[name].as<std::string>();
}

/// Fetches what the records need; nullopt when the job was deleted meanwhile.
std::optional<ExportedJob> fetch_job(JobSource& source, const SourcedJob& listed,
                                     const ExportSettings& settings) {
  ExportedJob exported = listed_job(listed.job);
  exported.tester = listed.tester;
  const bool need_trials =
      wants(settings, ExportRecord::trial) || wants(settings, ExportRecord::direction);
  const bool need_spec = !settings.csv && wants(settings, ExportRecord::job);
  const bool need_hooks = wants(settings, ExportRecord::hook);
  if (need_trials || need_spec || need_hooks) {
    const std::optional<protocol::Document> shown =
        source.shown(listed.ref(), need_trials, need_hooks);
    if (!shown) return std::nullopt;
    add_shown(exported, *shown, need_trials, need_hooks);
  }
  if (wants(settings, ExportRecord::result)) {
    const std::optional<std::optional<protocol::Document>> result = source.result(listed.ref());
    if (!result) return std::nullopt;
    if (*result) add_result(exported, **result);
  }
  return exported;
}

struct Counts {
  std::size_t jobs = 0;
  std::size_t results = 0;
  std::size_t trials = 0;
  std::size_t rows = 0;
};

/// What one job contributes to the output.
std::string job_text(const ExportedJob& job, const ExportSettings& settings, Counts& counts) {
  ++counts.jobs;
  if (has_result(job)) ++counts.results;
  counts.trials += trial_count(job);
  if (settings.csv) {
    std::string rows = csv_rows(settings.records.front(), job);
    counts.rows += static_cast<std::size_t>(std::count(rows.begin(), rows.end(), '\n'));
    return rows;
  }
  std::string text;
  if (wants(settings, ExportRecord::job)) text += job_json_line(job);
  if (wants(settings, ExportRecord::result)) text += result_json_line(job);
  if (wants(settings, ExportRecord::trial)) text += trial_json_lines(job);
  if (wants(settings, ExportRecord::hook)) text += hook_json_lines(job);
  return text;
}

/// Standard output, or FILE written as FILE.partial and renamed at the end, so a
/// failed export never leaves a half file under the name a loader watches.
class ExportOutput {
 public:
  ExportOutput(const std::optional<std::string>& path, std::ostream& out)
      : path_(path && *path != "-" ? path : std::nullopt), out_(out) {
    if (path_) {
      file_.open(partial(), std::ios::binary | std::ios::trunc);
      if (!file_) throw std::runtime_error("cannot write '" + partial() + "': check the directory");
    }
  }
  ~ExportOutput() {
    if (path_ && !committed_) std::remove(partial().c_str());
  }
  ExportOutput(const ExportOutput&) = delete;
  ExportOutput& operator=(const ExportOutput&) = delete;

  void write(const std::string& text) {
    stream() << text;
    if (!stream()) throw std::runtime_error("writing " + name() + " failed (disk full?)");
  }
  void commit() {
    stream().flush();
    if (path_) {
      file_.close();
      if (!file_) throw std::runtime_error("writing " + name() + " failed (disk full?)");
      if (std::rename(partial().c_str(), path_->c_str()) != 0) {
        throw std::runtime_error("cannot rename '" + partial() + "' to '" + *path_ + "'");
      }
      committed_ = true;
    } else if (!out_) {
      throw std::runtime_error("cannot write to stdout");
    }
  }
  std::string name() const { return path_ ? "'" + *path_ + "'" : "standard output"; }

 private:
  std::string partial() const { return *path_ + ".partial"; }
  std::ostream& stream() { return path_ ? static_cast<std::ostream&>(file_) : out_; }

  std::optional<std::string> path_;
  std::ostream& out_;
  std::ofstream file_;
  bool committed_ = false;
};

int export_body(const ClientCall& call) {
  const po::variables_map& options = call.options;
  const ClientSettings& client = call.settings;
  std::ostream& out = call.out;
  std::ostream& err = call.err;
  if (client.json) throw UsageError("--json: export writes its own formats (--format)");
  const ExportSettings settings = export_settings(options);
  const ExportFilter filter =
      make_export_filter(optional_option(options, "name"), optional_option(options, "method"),
                         options["state"].as<std::string>(), optional_option(options, "since"),
                         optional_option(options, "until"));
  JobQuery query;
  query.filter = filter;
  query.tester = tester_option(options);
  query.testbed = optional_option(options, "testbed");
  const int list_limit = options["list-limit"].as<int>();
  if (list_limit < 1 || list_limit > kListLimit) {
    throw UsageError("--list-limit " + std::to_string(list_limit) + ": must be 1..10000");
  }
  const std::unique_ptr<JobSource> source = open_job_source(call, list_limit);
  const std::vector<SourcedJob> jobs = source->jobs(query);
  ExportOutput output(optional_option(options, "output"), out);
  if (settings.csv) output.write(csv_header(settings.records.front(), source->fleet()));
  Counts counts;
  for (const SourcedJob& listed : jobs) {
    const auto exported = fetch_job(*source, listed, settings);
    if (!exported) {
      err << "trex-search: job " << terminal_safe(to_string(listed.ref()))
          << " was deleted during the export; left out\n";
      continue;
    }
    output.write(job_text(*exported, settings, counts));
  }
  output.commit();
  err << "trex-search: exported " << counts.jobs << (counts.jobs == 1 ? " job (" : " jobs (")
      << counts.results << (counts.results == 1 ? " result, " : " results, ") << counts.trials
      << (counts.trials == 1 ? " trial" : " trials");
  if (settings.csv)
    err << "; " << counts.rows << " " << to_string(settings.records.front()) << " rows";
  err << ") to " << output.name() << "\n";
  return 0;
}

}  // namespace

constinit const CommandEntry kExportCommand{
    .name = "export",
    .summary = "write stored jobs, results and trials as JSON lines or CSV",
    .usage =
        "trex-search export [--format jsonl|csv] [--records LIST] [--name NAME] [--method M]\n"
        "                          [--state STATE] [--since TIME] [--until TIME]\n"
        "                          [--testbed NAME] [-o FILE]\n"
        "       trex-search export --db CONNINFO [--tester NAME] [the options above]",
    .description =
        "Writes stored jobs with their results and trials for loading into a database:\n"
        "JSON lines (each with \"format\": \"trex-search-export\", \"version\": 1, a \"type\"\n"
        "and the \"job\" id) or one CSV table (RFC 4180, CRLF). Jobs oldest first. By\n"
        "default only ended jobs (finished, failed, cancelled). A summary goes to stderr.\n"
        "The format, every field and column: docs/export.md.\n"
        "With --db, the jobs of every tester in the fleet database (docs/fleet.md), tester\n"
        "by tester: each JSON line also has a \"tester\", each CSV row a tester column first.",
    .options = export_options,
    .exit_codes = kFleetClientExitCodes,
    // export refuses --json (it writes its own formats): its errors stay text.
    .client = {.json_errors = false, .hidden_options = export_hidden_options, .body = export_body},
};

}  // namespace trexsearch::cli
