#pragma once

#include <string>

#include "daemon/store/sqlite.hpp"

namespace trexsearch::service {

/// Brings the store file `db` (named `file` in errors) to this daemon's schema: creates
/// the tables of a new file, adds what an older version lacks (its rows kept), and
/// refuses a file whose schema is newer than this daemon understands (SqliteError).
void migrate_schema(SqliteDatabase& db, const std::string& file);

}  // namespace trexsearch::service
