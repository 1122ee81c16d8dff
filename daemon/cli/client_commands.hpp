#pragma once

#include <json/value.h>

#include <iosfwd>
#include <string>
#include <vector>

namespace trexsearch::cli {

// The subcommands that talk to trex-searchd over its control socket (one file
// each: *_client_command.cpp). Each returns the process exit code
// (client_options.hpp); each *_help() is its --help text.

/// `trex-search status`: the daemon, TRex connection, running job and queue.
int run_status_client_command(const std::vector<std::string>& args, std::ostream& out,
                              std::ostream& err);
std::string status_client_command_help();

/// `trex-search submit`: queue an MLRsearch job (spec + measurer).
int run_submit_client_command(const std::vector<std::string>& args, std::ostream& out,
                              std::ostream& err);
std::string submit_client_command_help();

/// `trex-search list`: jobs, newest first.
int run_list_client_command(const std::vector<std::string>& args, std::ostream& out,
                            std::ostream& err);
std::string list_client_command_help();

/// `trex-search show JOB`: state, progress or bounds, trials.
int run_show_client_command(const std::vector<std::string>& args, std::ostream& out,
                            std::ostream& err);
std::string show_client_command_help();

/// `trex-search cancel JOB`.
int run_cancel_client_command(const std::vector<std::string>& args, std::ostream& out,
                              std::ostream& err);
std::string cancel_client_command_help();

/// `trex-search delete JOB`: an ended job with its trials and result.
int run_delete_client_command(const std::vector<std::string>& args, std::ostream& out,
                              std::ostream& err);
std::string delete_client_command_help();

/// `trex-search result JOB`: the full search result.
int run_result_client_command(const std::vector<std::string>& args, std::ostream& out,
                              std::ostream& err);
std::string result_client_command_help();

/// `trex-search reanalyze JOB [--goals F]`: a stored job's trials, other goals.
int run_reanalyze_client_command(const std::vector<std::string>& args, std::ostream& out,
                                   std::ostream& err);
std::string reanalyze_client_command_help();

/// `trex-search watch JOB`: one progress line per trial until the job ends.
int run_watch_client_command(const std::vector<std::string>& args, std::ostream& out,
                             std::ostream& err);
std::string watch_client_command_help();

/// `trex-search export`: stored jobs, results and trials as JSON lines or CSV.
int run_export_client_command(const std::vector<std::string>& args, std::ostream& out,
                              std::ostream& err);
std::string export_client_command_help();

/// `trex-search compare JOB JOB...`: jobs side by side, each against the first.
int run_compare_client_command(const std::vector<std::string>& args, std::ostream& out,
                               std::ostream& err);
std::string compare_client_command_help();

/// `trex-search trend NAME`: a job name's results over time, grouped, judged.
int run_trend_client_command(const std::vector<std::string>& args, std::ostream& out,
                             std::ostream& err);
std::string trend_client_command_help();

class ControlConnection;
/// Watches `job` on an open connection until it ends, printing one line per event
/// (raw JSON lines with `json`); returns 0 when the job finished, 3 otherwise.
int watch_job(ControlConnection& connection, long long job, bool json, std::ostream& out);
/// One line of `watch --json` (and `submit --watch --json`): every line has this
/// shape, `{"type", "job", "arguments"}` (docs/cli.md).
void write_watch_json_line(std::ostream& out, const std::string& type, long long job,
                           const Json::Value& arguments);

}  // namespace trexsearch::cli
