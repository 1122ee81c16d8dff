#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <string>

namespace trexsearch::testing {

/// A PostgreSQL 15 server of the test's own, from Debian's binaries
/// (/usr/lib/postgresql/15/bin): initdb in a fresh temporary directory, the server on
/// a Unix socket in that directory only (no TCP), fsync off. Run as the `postgres`
/// system user when the test runs as root (PostgreSQL refuses root), as the test's own
/// user otherwise. Its superuser is "trexsearch" (trust authentication on the private
/// socket), with a database "fleet". Stopped and its directory removed at scope end.
///
/// Construct it on a thread that outlives it: the server is asked to quit when that
/// thread ends (PR_SET_PDEATHSIG), so a crashed test leaves no server behind.
class PostgresServer {
 public:
  /// initdb, start, wait until it accepts connections, create the "fleet" database.
  /// Throws std::runtime_error with the server's log; when PostgreSQL 15 is not
  /// installed, saying to run scripts/install-deps.sh.
  PostgresServer();
  ~PostgresServer();
  PostgresServer(const PostgresServer&) = delete;
  PostgresServer& operator=(const PostgresServer&) = delete;

  /// "host=DIR port=N dbname=fleet user=trexsearch".
  const std::string& conninfo() const { return conninfo_; }
  /// The same server's `database` as `user`.
  std::string conninfo_for(const std::string& database, const std::string& user) const;
  /// Creates `name` (owned by trexsearch) and returns its conninfo: a fresh database
  /// for a test that shares the server with others.
  std::string create_database(const std::string& name);
  /// Creates a role that may log in and read (SELECT) every table of the "fleet"
  /// database, present and future ones; returns the conninfo of "fleet" as that role.
  std::string create_read_only_role(const std::string& name);

  /// The postmaster's pid; -1 after kill_hard() until restart().
  pid_t pid() const { return pid_; }
  const std::filesystem::path& directory() const { return dir_; }
  /// The server's log (stderr) so far, for failure messages.
  std::string log() const;

  /// SIGKILL to the postmaster and to every process of the server, all reaped or gone:
  /// connections break at once, as when the machine's server crashes.
  void kill_hard();
  /// SIGSTOP to the postmaster and every process of the server: connections and new
  /// connects stay open and unanswered.
  void stop_signal();
  /// SIGCONT to all of them: the server goes on where it stopped.
  void continue_signal();
  /// Starts the server again on the same data directory (after kill_hard(); a running
  /// server is killed first) and waits until it accepts connections.
  void restart();

 private:
  void start();
  void wait_accepting(std::chrono::seconds bound);
  void admin_exec(const std::string& database, const std::string& sql) const;
  void quit_server();

  std::filesystem::path dir_;
  std::string conninfo_;
  pid_t pid_ = -1;
  int pidfd_ = -1;
  bool stopped_ = false;
  bool as_postgres_user_ = false;
  uid_t uid_ = 0;
  gid_t gid_ = 0;
};

}  // namespace trexsearch::testing
