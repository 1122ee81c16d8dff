#include "tests/daemon/support/store_audit.hpp"

#include <sqlite3.h>

#include <functional>
#include <memory>
#include <stdexcept>

namespace trexsearch::servicetest {
namespace {

using Database = std::unique_ptr<sqlite3, decltype(&sqlite3_close)>;

// Runs `sql`, calling `row` for each result row.
void query(sqlite3* db, const std::string& sql, const std::function<void(sqlite3_stmt*)>& row) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) {
    throw std::runtime_error("store audit: cannot prepare '" + sql + "': " + sqlite3_errmsg(db));
  }
  std::unique_ptr<sqlite3_stmt, decltype(&sqlite3_finalize)> statement(raw, &sqlite3_finalize);
  for (;;) {
    const int step = sqlite3_step(raw);
    if (step == SQLITE_DONE) return;
    if (step != SQLITE_ROW) {
      throw std::runtime_error("store audit: '" + sql + "' failed: " + sqlite3_errmsg(db));
    }
    row(raw);
  }
}

std::uint64_t count(sqlite3* db, const std::string& sql) {
  std::uint64_t value = 0;
  query(db, sql, [&](sqlite3_stmt* row) {
    value = static_cast<std::uint64_t>(sqlite3_column_int64(row, 0));
  });
  return value;
}

}  // namespace

StoreAudit audit_store(const std::string& store_file) {
  sqlite3* raw = nullptr;
  if (sqlite3_open_v2(store_file.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    const std::string message = raw ? sqlite3_errmsg(raw) : "out of memory";
    sqlite3_close(raw);
    throw std::runtime_error("store audit: cannot open " + store_file + ": " + message);
  }
  Database db(raw, &sqlite3_close);
  StoreAudit audit;
  query(db.get(), "PRAGMA integrity_check", [&](sqlite3_stmt* row) {
    if (!audit.integrity.empty()) audit.integrity += "; ";
    audit.integrity += reinterpret_cast<const char*>(sqlite3_column_text(row, 0));
  });
  audit.jobs = count(db.get(), "SELECT COUNT(*) FROM jobs");
  audit.trials = count(db.get(), "SELECT COUNT(*) FROM trials");
  audit.jobs_with_gaps = count(db.get(),
                               "SELECT COUNT(*) FROM (SELECT job_id FROM trials GROUP BY job_id "
                               "HAVING MIN(number) != 1 OR MAX(number) != COUNT(*))");
  audit.duplicate_trials = count(db.get(),
                                 "SELECT COUNT(*) FROM (SELECT job_id, number FROM trials "
                                 "GROUP BY job_id, number HAVING COUNT(*) > 1)");
  audit.orphan_trials =
      count(db.get(), "SELECT COUNT(*) FROM trials WHERE job_id NOT IN (SELECT id FROM jobs)");
  return audit;
}

}  // namespace trexsearch::servicetest
