#include "daemon/store/sqlite.hpp"

#include <sqlite3.h>

#include <climits>
#include <utility>

namespace trexsearch::service {

SqliteStatement::SqliteStatement(sqlite3* db, std::string_view sql, std::string db_name)
    : db_(db), sql_(sql), db_name_(std::move(db_name)) {
  const int code =
      sqlite3_prepare_v2(db_, sql_.c_str(), static_cast<int>(sql_.size()), &statement_, nullptr);
  if (code != SQLITE_OK) fail(code, "prepare");
}

std::string store_write_hint(const std::exception& error) {
  const auto* sqlite = dynamic_cast<const SqliteError*>(&error);
  if (sqlite == nullptr) return "";
  switch (sqlite->code() & 0xff) {
    case SQLITE_FULL:
      return " (the job store reached max-store-mib or its file system is full; everything "
             "stored so far is kept)";
    case SQLITE_READONLY:
      return " (the job store or its directory is read-only)";
    case SQLITE_IOERR:
      return " (I/O error on the job store's file system)";
    case SQLITE_CANTOPEN:
      return " (the job store cannot be opened: check the state directory)";
    default:
      return "";
  }
}

bool is_store_full(const std::exception& error) {
  const auto* sqlite = dynamic_cast<const SqliteError*>(&error);
  return sqlite != nullptr && (sqlite->code() & 0xff) == SQLITE_FULL;
}

SqliteStatement::~SqliteStatement() { sqlite3_finalize(statement_); }

void SqliteStatement::reset() {
  // sqlite3_reset repeats the last step's error, which that step already reported.
  sqlite3_reset(statement_);
  sqlite3_clear_bindings(statement_);
}

void SqliteStatement::fail(int code, std::string_view what) const {
  std::string statement = sql_.substr(0, 60);
  if (sql_.size() > 60) statement += "...";
  throw SqliteError(code, db_name_ + ": " + std::string(what) + " of \"" + statement +
                              "\" failed: " + sqlite3_errmsg(db_));
}

SqliteStatement& SqliteStatement::bind(int index, double value) {
  const int code = sqlite3_bind_double(statement_, index, value);
  if (code != SQLITE_OK) fail(code, "bind");
  return *this;
}

SqliteStatement& SqliteStatement::bind(int index, std::int64_t value) {
  const int code = sqlite3_bind_int64(statement_, index, value);
  if (code != SQLITE_OK) fail(code, "bind");
  return *this;
}

SqliteStatement& SqliteStatement::bind(int index, std::string_view value) {
  const int code = sqlite3_bind_text64(statement_, index, value.data(), value.size(),
                                       SQLITE_TRANSIENT, SQLITE_UTF8);
  if (code != SQLITE_OK) fail(code, "bind");
  return *this;
}

SqliteStatement& SqliteStatement::bind_null(int index) {
  const int code = sqlite3_bind_null(statement_, index);
  if (code != SQLITE_OK) fail(code, "bind");
  return *this;
}

SqliteStatement& SqliteStatement::bind(int index, const std::optional<double>& value) {
  return value ? bind(index, *value) : bind_null(index);
}

SqliteStatement& SqliteStatement::bind(int index, const std::optional<std::int64_t>& value) {
  return value ? bind(index, *value) : bind_null(index);
}

bool SqliteStatement::step() {
  const int code = sqlite3_step(statement_);
  if (code == SQLITE_ROW) return true;
  if (code == SQLITE_DONE) return false;
  fail(code, "step");
}

void SqliteStatement::run() {
  while (step()) {
  }
}

bool SqliteStatement::is_null(int column) const {
  return sqlite3_column_type(statement_, column) == SQLITE_NULL;
}

double SqliteStatement::column_double(int column) const {
  return sqlite3_column_double(statement_, column);
}

std::int64_t SqliteStatement::column_int64(int column) const {
  return sqlite3_column_int64(statement_, column);
}

std::string SqliteStatement::column_text(int column) const {
  const auto* text = sqlite3_column_text(statement_, column);
  if (text == nullptr) return {};
  return std::string(reinterpret_cast<const char*>(text),
                     static_cast<std::size_t>(sqlite3_column_bytes(statement_, column)));
}

std::optional<double> SqliteStatement::column_optional_double(int column) const {
  if (is_null(column)) return std::nullopt;
  return column_double(column);
}

std::optional<std::int64_t> SqliteStatement::column_optional_int64(int column) const {
  if (is_null(column)) return std::nullopt;
  return column_int64(column);
}

SqliteDatabase::SqliteDatabase(const std::string& path, int busy_timeout_ms) : path_(path) {
  const int code =
      sqlite3_open_v2(path.c_str(), &db_,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (code != SQLITE_OK) {
    const std::string message = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(code);
    sqlite3_close(db_);
    db_ = nullptr;
    throw SqliteError(code, "cannot open the job store " + path + ": " + message);
  }
  sqlite3_busy_timeout(db_, busy_timeout_ms);
  sqlite3_extended_result_codes(db_, 1);
}

SqliteDatabase::~SqliteDatabase() {
  cached_.clear();  // finalized before the close, which refuses open statements
  sqlite3_close(db_);
}

void SqliteDatabase::exec(std::string_view sql) {
  const std::string text(sql);
  char* message = nullptr;
  const int code = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message);
  if (code != SQLITE_OK) {
    const std::string reason = message != nullptr ? message : sqlite3_errstr(code);
    sqlite3_free(message);
    throw SqliteError(code, path_ + ": \"" + text.substr(0, 60) + "\" failed: " + reason);
  }
}

SqliteStatement SqliteDatabase::prepare(std::string_view sql) {
  return SqliteStatement(db_, sql, path_);
}

SqliteStatement& SqliteDatabase::cached(std::string_view sql) {
  auto found = cached_.find(sql);
  if (found == cached_.end()) {
    found =
        cached_.emplace(std::string(sql), std::make_unique<SqliteStatement>(db_, sql, path_)).first;
  }
  found->second->reset();
  return *found->second;
}

std::int64_t SqliteDatabase::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }

int SqliteDatabase::changes() const { return sqlite3_changes(db_); }

SqliteTransaction::SqliteTransaction(SqliteDatabase& db) : db_(db) {
  // IMMEDIATE takes the write lock now, so a busy database shows up here (and is
  // waited for) rather than as a failed COMMIT after the work is done.
  db_.exec("BEGIN IMMEDIATE");
}

SqliteTransaction::~SqliteTransaction() {
  if (done_) return;
  try {
    db_.exec("ROLLBACK");
  } catch (...) {
    // Destructors never throw; SQLite rolls back by itself when the connection closes.
  }
}

void SqliteTransaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

}  // namespace trexsearch::service
