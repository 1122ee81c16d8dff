#include "daemon/fleet/fleet_reader.hpp"

#include <utility>

#include "daemon/fleet/fleet_reader_codec.hpp"
#include "daemon/fleet/fleet_schema.hpp"

namespace trexsearch::fleet {
namespace {

/// A WHERE clause and its parameters, each condition with the next placeholder.
class Conditions {
 public:
  /// `condition` with "$" where the parameter goes ("tester = $").
  void add(std::string_view condition, std::string value) {
    params_.emplace_back(std::move(value));
    const std::size_t at = condition.find('$');
    sql_ += (sql_.empty() ? " WHERE " : " AND ") + std::string(condition.substr(0, at + 1)) +
            std::to_string(params_.size()) + std::string(condition.substr(at + 1));
  }
  const std::string& sql() const { return sql_; }
  const std::vector<PgParam>& params() const { return params_; }

 private:
  std::string sql_;
  std::vector<PgParam> params_;
};

/// A text[] literal: every element double-quoted, so no value can end it early.
std::string text_array(const std::vector<std::string>& values) {
  std::string array = "{";
  for (const std::string& value : values) {
    if (array.size() > 1) array += ',';
    array += '"';
    for (char c : value) {
      if (c == '"' || c == '\\') array += '\\';
      array += c;
    }
    array += '"';
  }
  return array + "}";
}

std::string bigint_array(const std::vector<std::int64_t>& values) {
  std::string array = "{";
  for (std::int64_t value : values) array += (array.size() > 1 ? "," : "") + std::to_string(value);
  return array + "}";
}

Conditions job_conditions(const FleetJobQuery& query) {
  Conditions where;
  if (query.tester) where.add("tester = $", *query.tester);
  if (query.testbed) where.add("testbed = $", *query.testbed);
  if (query.name) where.add("name = $", *query.name);
  if (query.method) where.add("method = $", *query.method);
  if (!query.states.empty()) where.add("state = ANY($::text[])", text_array(query.states));
  // A millisecond of slack each side: timestamptz keeps microseconds and the
  // division rounds; the caller's own check is exact.
  if (query.since_unix_ms) {
    where.add("created_at >= to_timestamp($::double precision / 1000)",
              std::to_string(*query.since_unix_ms - 1));
  }
  if (query.until_unix_ms) {
    where.add("created_at < to_timestamp($::double precision / 1000)",
              std::to_string(*query.until_unix_ms + 1));
  }
  return where;
}

/// "tester lab-3, job 42, jobs.job": where a document came from, for its errors.
std::string place(const std::string& tester, std::int64_t job, const char* column) {
  return "tester " + tester + ", job " + std::to_string(job) + ", " + column;
}

/// A decoder's failure as a FleetDataError naming the document's place.
template <class Decode>
auto decoded(const std::string& where, Decode&& decode) {
  try {
    return decode();
  } catch (const std::exception& error) {
    throw FleetDataError("the fleet database's " + where +
                         " is not a document this trex-search reads: " + error.what());
  }
}

/// A column the schema declares NOT NULL.
const std::string& required(const std::optional<std::string>& cell, const std::string& where) {
  if (!cell) throw FleetDataError("the fleet database's " + where + " is NULL");
  return *cell;
}

std::int64_t job_id_of(const std::optional<std::string>& cell, const std::string& where) {
  const std::string& text = required(cell, where);
  return decoded(where, [&] { return static_cast<std::int64_t>(std::stoll(text)); });
}

}  // namespace

void FleetReader::check_schema() {
  connection_.connect(stop_);
  require_schema_version(connection_, stop_);
}

std::vector<FleetJob> FleetReader::jobs(const FleetJobQuery& query) {
  const Conditions where = job_conditions(query);
  std::string sql = "SELECT tester, job_id, job::text FROM jobs" + where.sql() +
                    (query.newest_first ? " ORDER BY created_at DESC, job_id DESC, tester"
                                        : " ORDER BY tester, job_id");
  if (query.limit) sql += " LIMIT " + std::to_string(*query.limit);
  const PgRows rows = connection_.exec(sql, where.params(), stop_);
  std::vector<FleetJob> jobs;
  jobs.reserve(rows.rows.size());
  for (const auto& row : rows.rows) {
    const std::string& tester = required(row.at(0), "jobs.tester");
    const std::int64_t id = job_id_of(row.at(1), "jobs.job_id of tester " + tester);
    const std::string where_job = place(tester, id, "jobs.job");
    const std::string& json = required(row.at(2), where_job);
    jobs.push_back(
        {tester, decoded(where_job, [&] { return decode_fleet_show(json, "job").job; })});
  }
  return jobs;
}

std::optional<protocol::ShowReply> FleetReader::show(const std::string& tester, std::int64_t job,
                                                     bool with_trials, bool with_hooks) {
  const std::vector<PgParam> key{tester, std::to_string(job)};
  const PgRows found =
      connection_.exec("SELECT job::text FROM jobs WHERE tester = $1 AND job_id = $2", key, stop_);
  if (found.rows.empty()) return std::nullopt;
  const std::string where_job = place(tester, job, "jobs.job");
  const std::string& json = required(found.rows[0].at(0), where_job);
  protocol::ShowReply shown = decoded(where_job, [&] { return decode_fleet_show(json, "job"); });
  if (with_trials) {
    const PgRows trials = connection_.exec(
        "SELECT number, record::text FROM trials WHERE tester = $1 AND job_id = $2 "
        "ORDER BY number",
        key, stop_);
    shown.trials.emplace();
    for (const auto& row : trials.rows) {
      const std::string where = place(tester, job, "trial ") + row.at(0).value_or("?");
      const std::string& record = required(row.at(1), where);
      shown.trials->push_back(decoded(where, [&] { return decode_fleet_trial(record, "trial"); }));
    }
  }
  if (with_hooks) {
    const PgRows runs = connection_.exec(
        "SELECT seq, record::text FROM hook_runs WHERE tester = $1 AND job_id = $2 ORDER BY seq",
        key, stop_);
    shown.hook_runs.emplace();
    for (const auto& row : runs.rows) {
      const std::string where = place(tester, job, "hook run ") + row.at(0).value_or("?");
      const std::string& record = required(row.at(1), where);
      shown.hook_runs->push_back(
          decoded(where, [&] { return decode_fleet_hook_run(record, "hook_run"); }));
    }
  }
  return shown;
}

std::optional<std::optional<protocol::ResultReply>> FleetReader::result(const std::string& tester,
                                                                        std::int64_t job) {
  const PgRows found =
      connection_.exec("SELECT result::text FROM jobs WHERE tester = $1 AND job_id = $2",
                       {tester, std::to_string(job)}, stop_);
  if (found.rows.empty()) return std::nullopt;
  const std::optional<std::string>& json = found.rows[0].at(0);
  if (!json) return std::optional<protocol::ResultReply>();
  const std::string where = place(tester, job, "jobs.result");
  return std::optional(decoded(where, [&] { return decode_fleet_result(*json, "result"); }));
}

std::vector<FleetStoredJob> FleetReader::stored(const std::string& tester,
                                                const std::vector<std::int64_t>& jobs) {
  const PgRows rows = connection_.exec(
      "SELECT job_id, job::text, result::text FROM jobs WHERE tester = $1 AND "
      "job_id = ANY($2::bigint[]) ORDER BY job_id",
      {tester, bigint_array(jobs)}, stop_);
  std::vector<FleetStoredJob> stored;
  stored.reserve(rows.rows.size());
  for (const auto& row : rows.rows) {
    FleetStoredJob one;
    one.id = job_id_of(row.at(0), "jobs.job_id of tester " + tester);
    const std::string where_job = place(tester, one.id, "jobs.job");
    const std::string& json = required(row.at(1), where_job);
    one.shown = decoded(where_job, [&] { return decode_fleet_show(json, "job"); });
    if (const std::optional<std::string>& result = row.at(2)) {
      const std::string where = place(tester, one.id, "jobs.result");
      one.result = decoded(where, [&] { return decode_fleet_result(*result, "result"); });
    }
    stored.push_back(std::move(one));
  }
  return stored;
}

}  // namespace trexsearch::fleet
