#pragma once

#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "daemon/fleet/pg_connection.hpp"
#include "daemon/protocol/replies/replies.hpp"

namespace trexsearch::fleet {

// What the daemon's replicator writes for one job (docs/fleet.md "Schema"): the job's
// row, new trials and hook runs, and its goal values once it has a result. Each
// update is one transaction, and sending it again changes nothing: rows are keyed by
// tester, job id and trial number (hook runs by their order), and inserted only once.

/// One trial: its number and the socket API's JSON of it (`show`'s trial record);
/// the columns are read from that JSON by the server.
struct FleetTrial {
  std::uint64_t number = 0;
  std::string record_json;
};

/// One hook run: its place in the job's runs (1-based) and `show --hooks`'s JSON of it.
struct FleetHookRun {
  std::uint64_t seq = 0;
  std::string record_json;
};

/// One goal's value as `compare` and `trend` take it (docs/trend.md "Which value").
struct FleetGoalValue {
  std::string goal;
  std::string value_kind;
  std::optional<double> value;
  std::optional<double> spread_low;
  std::optional<double> spread_high;
  std::optional<double> stdev;
  bool clean = true;
  std::string unclean_reason;
};

/// The suite a job ran in.
struct FleetSuite {
  std::int64_t suite_id = 0;
  std::string suite_name;
  std::int64_t position = 0;
  std::string label;
};

struct FleetJobUpdate {
  std::string tester;
  protocol::JobSummary job;
  /// `show`'s arguments for the job, without trials and hook runs.
  std::string job_json;
  /// `result`'s arguments; absent while the job has no result.
  std::optional<std::string> result_json;
  std::optional<FleetSuite> suite;
  /// The suite link's frame size, else the profile's when it has one ("64", "imix").
  std::optional<std::string> frame_size;
  /// Trials not sent yet (a resent one is passed over).
  std::vector<FleetTrial> trials;
  std::vector<FleetHookRun> hook_runs;
  /// Set: the job's goal values are replaced by these.
  std::optional<std::vector<FleetGoalValue>> goal_values;
};

/// Writes one update in one transaction. Throws PgError / PgTimeout (then nothing of
/// it is written).
void write_job_update(PgConnection& connection, const FleetJobUpdate& update,
                      std::stop_token stop = {});

/// The tester's row in `testers`: its daemon version and last contact (now).
void touch_tester(PgConnection& connection, const std::string& tester,
                  const std::string& daemon_version, std::stop_token stop = {});

}  // namespace trexsearch::fleet
