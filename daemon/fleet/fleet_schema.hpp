#pragma once

#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/fleet/pg_connection.hpp"

namespace trexsearch::fleet {

// The fleet database's schema and its migrations (docs/fleet.md "Schema"). Every
// version is one step of SQL applied in one transaction under an advisory lock, so
// daemons starting together against an empty database create it once. A database
// newer than this program is refused: an old daemon must not write to a schema it
// does not know.

/// One step: the SQL that takes the schema from `version - 1` to `version`.
struct Migration {
  int version = 0;
  std::string_view summary;
  std::string_view sql;
};

/// Every step, in order (version 1 first).
const std::vector<Migration>& fleet_migrations();
/// The version this program writes and reads.
int fleet_schema_version();

/// What migrate() found and did.
struct MigrationOutcome {
  int found_version = 0;  ///< 0: an empty database
  int version = 0;        ///< after
  std::vector<int> applied;
};

/// Brings the database to `target` (default: this program's version), creating it
/// on an empty database. Throws PgError: the database is newer than `target`, or a
/// step failed (then nothing of that step is applied).
MigrationOutcome migrate(PgConnection& connection, std::stop_token stop = {},
                         int target = fleet_schema_version());

/// The database's schema version; 0 when it has none. Throws PgError.
int schema_version(PgConnection& connection, std::stop_token stop = {});

/// For readers (the CLI, Grafana's test): throws PgError naming both versions unless
/// the database has exactly this program's version.
void require_schema_version(PgConnection& connection, std::stop_token stop = {});

}  // namespace trexsearch::fleet
