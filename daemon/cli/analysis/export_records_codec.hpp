#pragma once

#include <json/value.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "daemon/protocol/document.hpp"
#include "daemon/protocol/replies/replies.hpp"

namespace trexsearch::cli {

// The records `trex-search export` writes (docs/export.md): made from the daemon's
// replies (`list`'s job object, `show`'s spec and trials, `result`'s result), which
// export passes on as they were stored, so this codec is the only one to look
// inside them. No I/O.

/// The "format" member of every JSON line, and what the version below versions.
inline constexpr const char* kExportFormat = "trex-search-export";
/// Bumped when a field or column is renamed, removed or changes meaning; adding
/// one does not bump it (docs/export.md "Versions").
inline constexpr int kExportVersion = 1;

/// The kinds of record: JSON lines of types job, result, trial; CSV tables of
/// those and of direction (one row per trial and direction).
enum class ExportRecord { job, result, trial, direction, hook };

/// "job", "result", "trial", "direction".
const char* to_string(ExportRecord record);
/// The inverse; nullopt for anything else.
std::optional<ExportRecord> export_record_from_string(const std::string& text);

/// One job's data as the daemon gave it; only this codec reads inside it.
struct ExportedJob {
  Json::Value job;     ///< `list`'s or `show`'s job object
  Json::Value spec;    ///< `show`'s spec (null when not fetched)
  Json::Value trials;  ///< `show`'s trials (array; empty when not fetched)
  Json::Value result;  ///< `result`'s result; null when the job has none
  Json::Value hook_runs = Json::Value(Json::arrayValue);  ///< `show --hooks`' runs
  /// The tester, from the fleet database (--db): then every JSON line has a "tester"
  /// member and every CSV row a tester column first (docs/fleet.md).
  std::optional<std::string> tester;
};

/// A listed job as the start of its export: nothing fetched yet.
ExportedJob listed_job(const protocol::JobSummary& listed);
/// The job's id.
std::int64_t exported_id(const ExportedJob& exported);
/// Adds `show`'s reply arguments: the job as it is now, its spec and, when
/// `with_trials`, its trials.
void add_shown(ExportedJob& exported, const protocol::Document& arguments, bool with_trials,
               bool with_hooks = false);
/// Adds `result`'s reply arguments: the result document.
void add_result(ExportedJob& exported, const protocol::Document& arguments);
/// Whether the job has a result; how many trials were fetched.
bool has_result(const ExportedJob& exported);
std::size_t trial_count(const ExportedJob& exported);

/// JSON lines, each ending in "\n": the job line; the result line (when there
/// is a result); one line per trial.
std::string job_json_line(const ExportedJob& exported);
std::string result_json_line(const ExportedJob& exported);
std::string trial_json_lines(const ExportedJob& exported);
/// One line per run of the job's hooks (docs/testbeds.md "Hooks").
std::string hook_json_lines(const ExportedJob& exported);

/// The CSV header row of a table (CRLF-terminated); `with_tester`: a "tester" column
/// first, as the rows of jobs with a tester have.
std::string csv_header(ExportRecord table, bool with_tester = false);
/// The table's rows for one job (CRLF-terminated each; possibly none).
std::string csv_rows(ExportRecord table, const ExportedJob& job);

}  // namespace trexsearch::cli
