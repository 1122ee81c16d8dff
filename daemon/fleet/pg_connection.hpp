#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <type_traits>
#include <vector>

#include "daemon/fleet/conninfo.hpp"

namespace trexsearch::fleet {

// One connection to a PostgreSQL server through libpq's asynchronous API, so that
// every wait (connect, send, result) has a bound and wakes on a stop request: a
// stopped (SIGSTOP) or unreachable server delays the caller by at most the
// operation timeout, and a daemon shutting down never waits for the server.
// docs/fleet.md "Outages".

/// A failure talking to the server: what was being done and libpq's or the server's
/// reason. The connection string's password never appears in it.
class PgError : public std::runtime_error {
 public:
  PgError(const std::string& what, std::string sqlstate = {})
      : std::runtime_error(what), sqlstate_(std::move(sqlstate)) {}
  /// The server's SQLSTATE ("23505", ...); empty for connection-level failures.
  const std::string& sqlstate() const { return sqlstate_; }

 private:
  std::string sqlstate_;
};

/// The operation's bound passed, or the caller's stop was requested: the connection
/// is closed (a later call reconnects).
class PgTimeout : public PgError {
 public:
  using PgError::PgError;
};

/// One result's rows as text (NULL as nullopt), in the order the query gave them.
struct PgRows {
  std::vector<std::string> columns;
  std::vector<std::vector<std::optional<std::string>>> rows;
  /// The command's affected row count (INSERT/UPDATE/DELETE/MERGE), 0 for others.
  std::uint64_t affected = 0;

  /// The column's index by name; throws PgError naming it when absent.
  std::size_t column(const std::string& name) const;
};

/// A parameter: text, or NULL.
using PgParam = std::optional<std::string>;

struct PgSettings {
  /// A libpq connection string ("host=/run/postgresql dbname=fleet",
  /// "postgresql://user@host/db", "service=fleet"). Passwords come from libpq's
  /// usual places (~/.pgpass, PGPASSWORD, the service file) or the string itself.
  std::string conninfo;
  /// Bound of the connect and of each query (send + all of its result).
  std::chrono::milliseconds timeout{10000};
  /// application_name, shown in the server's pg_stat_activity.
  std::string application_name = "trex-search";
};

/// Not thread-safe: one owner thread uses it (the replicator's, the CLI's).
class PgConnection {
 public:
  /// Does not connect: the first call that needs the server does.
  explicit PgConnection(PgSettings settings);
  ~PgConnection();
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;
  PgConnection(PgConnection&&) noexcept;
  PgConnection& operator=(PgConnection&&) noexcept;

  /// Connects when not connected (or when the last call failed). Throws PgError /
  /// PgTimeout. `stop`: a stop request ends the wait at once (PgTimeout).
  void connect(std::stop_token stop = {});
  bool connected() const;
  /// Closes the connection (the next call reconnects).
  void close();

  /// Runs one statement (or, without params, several separated by ';') and returns
  /// the last result's rows (text format); the first failing statement's error
  /// otherwise. Connects first when needed; a connection the server closed since the
  /// last call (a restart) is replaced before anything is sent, except inside a
  /// transaction (then PgError: the transaction is gone). Throws PgError (the server's
  /// message, SQLSTATE and the statement's first words), PgTimeout.
  PgRows exec(const std::string& sql, const std::vector<PgParam>& params = {},
              std::stop_token stop = {});

  /// The server's version number (150018 for 15.18); connects when needed.
  int server_version(std::stop_token stop = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Runs `body` inside BEGIN ... COMMIT on `connection`; ROLLBACK (best effort) and
/// rethrow when it throws.
template <class Body>
auto in_transaction(PgConnection& connection, std::stop_token stop, Body&& body) {
  connection.exec("BEGIN", {}, stop);
  try {
    if constexpr (std::is_void_v<decltype(body())>) {
      body();
      connection.exec("COMMIT", {}, stop);
    } else {
      auto value = body();
      connection.exec("COMMIT", {}, stop);
      return value;
    }
  } catch (...) {
    try {
      if (connection.connected()) connection.exec("ROLLBACK", {}, stop);
    } catch (...) {
      connection.close();
    }
    throw;
  }
}

}  // namespace trexsearch::fleet
