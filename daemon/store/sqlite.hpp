#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace trexsearch::service {

/// A SQLite call failed; the message names the database file, the statement and
/// SQLite's own message.
class SqliteError : public std::runtime_error {
 public:
  SqliteError(int code, const std::string& message) : std::runtime_error(message), code_(code) {}
  /// The SQLite result code (SQLITE_BUSY, SQLITE_FULL, ...).
  int code() const noexcept { return code_; }

 private:
  int code_;
};

/// What a failed write most likely means, for the operator: " (the job store
/// reached max-store-mib or its file system is full; ...)", or "" when nothing
/// useful can be said (also for exceptions that are not SqliteError).
std::string store_write_hint(const std::exception& error);

/// True when `error` is SQLite's "database or disk is full" (SQLITE_FULL).
bool is_store_full(const std::exception& error);

/// One prepared statement. Bind parameters are 1-based, columns 0-based.
class SqliteStatement {
 public:
  SqliteStatement(sqlite3* db, std::string_view sql, std::string db_name);
  ~SqliteStatement();
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  SqliteStatement& bind(int index, double value);
  SqliteStatement& bind(int index, std::int64_t value);
  SqliteStatement& bind(int index, std::string_view value);
  SqliteStatement& bind_null(int index);
  SqliteStatement& bind(int index, const std::optional<double>& value);
  SqliteStatement& bind(int index, const std::optional<std::int64_t>& value);

  /// Steps once: true when a row is available, false when done.
  bool step();
  /// Steps until done (for statements without rows).
  void run();
  /// Back to before its first step, bindings cleared: ready to run again.
  void reset();

  bool is_null(int column) const;
  double column_double(int column) const;
  std::int64_t column_int64(int column) const;
  std::string column_text(int column) const;
  std::optional<double> column_optional_double(int column) const;
  std::optional<std::int64_t> column_optional_int64(int column) const;

 private:
  [[noreturn]] void fail(int code, std::string_view what) const;

  sqlite3* db_;
  sqlite3_stmt* statement_ = nullptr;
  std::string sql_;
  std::string db_name_;
};

/// One connection to a database file. Not shared between threads: each thread
/// that needs the store opens its own connection (SQLite with WAL lets one writer
/// and many readers work at once).
class SqliteDatabase {
 public:
  /// Opens (creating if needed) the file; waits up to `busy_timeout_ms` for locks.
  SqliteDatabase(const std::string& path, int busy_timeout_ms);
  ~SqliteDatabase();
  SqliteDatabase(const SqliteDatabase&) = delete;
  SqliteDatabase& operator=(const SqliteDatabase&) = delete;

  /// Runs one or more statements without results.
  void exec(std::string_view sql);
  SqliteStatement prepare(std::string_view sql);
  /// The statement for `sql`, prepared once per connection and reset for each use: for
  /// the statements every trial runs (preparing one parses SQL against the schema,
  /// about half a millisecond on a 2-vCPU machine). Valid until the connection closes.
  SqliteStatement& cached(std::string_view sql);
  std::int64_t last_insert_rowid() const;
  /// Rows changed by the last statement.
  int changes() const;
  const std::string& path() const { return path_; }

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
  std::map<std::string, std::unique_ptr<SqliteStatement>, std::less<>> cached_;
};

/// BEGIN IMMEDIATE ... COMMIT; rolls back when destroyed without commit().
class SqliteTransaction {
 public:
  explicit SqliteTransaction(SqliteDatabase& db);
  ~SqliteTransaction();
  SqliteTransaction(const SqliteTransaction&) = delete;
  SqliteTransaction& operator=(const SqliteTransaction&) = delete;

  void commit();

 private:
  SqliteDatabase& db_;
  bool done_ = false;
};

}  // namespace trexsearch::service
