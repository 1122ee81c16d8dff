#include "daemon/fleet/pg_connection.hpp"

#include <doctest/doctest.h>
#include <poll.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <fstream>
#include <future>
#include <thread>

#include "tests/daemon/fleet/fleet_test_support.hpp"

namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;
using trexsearch::fleet::PgConnection;
using trexsearch::fleet::PgError;
using trexsearch::fleet::PgRows;
using trexsearch::fleet::PgSettings;
using trexsearch::fleet::PgTimeout;
using trexsearch::fleet::redacted_conninfo;
using trexsearch::fleettest::connect_to;
using trexsearch::fleettest::fresh_database;
using trexsearch::testing::PostgresServer;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// The error `body` throws (of type E), or nothing.
template <class E, class Body>
std::optional<E> error_of(Body&& body) {
  try {
    body();
  } catch (const E& error) {
    return error;
  }
  return std::nullopt;
}

/// Whether thread `tid` of this process came to sit in poll() (its
/// /proc/self/task/TID/syscall names the call), waiting at most 10 s for it: the exec
/// below is then waiting for the stopped server.
bool wait_until_polling(pid_t tid) {
  const auto deadline = steady_clock::now() + std::chrono::seconds(10);
  const std::string path = "/proc/self/task/" + std::to_string(tid) + "/syscall";
  while (steady_clock::now() < deadline) {
    std::ifstream file(path);
    long call = -1;
    file >> call;
#ifdef SYS_poll
    if (call == SYS_poll) return true;
#endif
    if (call == SYS_ppoll) return true;
    ::poll(nullptr, 0, 1);  // the pace of the check, not a wait for the thread
  }
  return false;
}

}  // namespace

TEST_CASE("exec passes text and NULL parameters and returns text rows with NULL as nullopt") {
  PgConnection connection = connect_to(fresh_database("params"));
  const PgRows rows =
      connection.exec("SELECT $1::int + 1 AS answer, $2::text AS missing, $3 AS word",
                      {"41", std::nullopt, "grüße"});
  CHECK(rows.columns == std::vector<std::string>{"answer", "missing", "word"});
  REQUIRE(rows.rows.size() == 1);
  CHECK(rows.rows[0][0] == "42");
  CHECK_FALSE(rows.rows[0][1].has_value());
  CHECK(rows.rows[0][2] == "grüße");
  CHECK(rows.column("word") == 2);
  CHECK_THROWS_AS(rows.column("absent"), PgError);
  CHECK(connection.connected());
  CHECK(connection.server_version() / 10000 == 15);
}

TEST_CASE("exec gives a command's affected rows and a multi-statement query's last result") {
  PgConnection connection = connect_to(fresh_database("multi"));
  connection.exec(
      "CREATE TABLE t(k int PRIMARY KEY, v text); INSERT INTO t VALUES (1, 'a'), (2, 'b')");
  CHECK(connection.exec("UPDATE t SET v = $1", {"c"}).affected == 2);
  const PgRows last = connection.exec("SELECT 1 AS first; SELECT v AS second FROM t ORDER BY k");
  CHECK(last.columns == std::vector<std::string>{"second"});
  CHECK(last.rows.size() == 2);
  CHECK(connection.exec("SELECT 1").affected == 0);
}

TEST_CASE("a server's error carries its SQLSTATE, message and statement; the connection stays") {
  PgConnection connection = connect_to(fresh_database("errors"));
  connection.exec("CREATE TABLE t(k int PRIMARY KEY)");
  connection.exec("INSERT INTO t VALUES ($1)", {"1"});
  const auto duplicate =
      error_of<PgError>([&] { connection.exec("INSERT INTO t VALUES ($1)", {"1"}); });
  REQUIRE(duplicate);
  CHECK(duplicate->sqlstate() == "23505");
  CHECK(contains(duplicate->what(), "duplicate key value"));
  CHECK(contains(duplicate->what(), "INSERT INTO t VALUES ($1)"));
  CHECK(connection.connected());

  // The first error of several statements wins; the rest do not run.
  const auto missing = error_of<PgError>(
      [&] { connection.exec("SELECT 1; SELECT * FROM no_such_table; DROP TABLE t"); });
  REQUIRE(missing);
  CHECK(missing->sqlstate() == "42P01");
  CHECK(contains(missing->what(), "no_such_table"));
  CHECK(connection.exec("SELECT count(*) FROM t").rows.at(0).at(0) == "1");
}

TEST_CASE("a connection that fails names the server without its password") {
  PgConnection connection(
      PgSettings{"host=/nonexistent-trex-search port=5 dbname=fleet user=x password=secret",
                 milliseconds(5000)});
  const auto error = error_of<PgError>([&] { connection.exec("SELECT 1"); });
  REQUIRE(error);
  CHECK(error->sqlstate().empty());
  CHECK(contains(error->what(), "host=/nonexistent-trex-search"));
  CHECK(contains(error->what(), "password=***"));
  CHECK_FALSE(contains(error->what(), "secret"));
  CHECK_FALSE(connection.connected());
}

TEST_CASE("redacted_conninfo hides passwords of key=value strings and URIs") {
  const std::string plain = redacted_conninfo("host=db.lab port=5433 password=secret dbname=fleet");
  // libpq's order of the keywords, not the string's.
  CHECK(contains(plain, "host=db.lab"));
  CHECK(contains(plain, "port=5433"));
  CHECK(contains(plain, "dbname=fleet"));
  CHECK(contains(plain, "password=***"));
  CHECK_FALSE(contains(plain, "secret"));
  const std::string uri =
      redacted_conninfo("postgresql://alice:secret@db.lab:5433/fleet?sslmode=require");
  CHECK_FALSE(contains(uri, "secret"));
  CHECK(contains(uri, "user=alice"));
  CHECK(contains(uri, "password=***"));
  CHECK(contains(uri, "host=db.lab"));
  CHECK(contains(uri, "sslmode=require"));
  const std::string quoted = redacted_conninfo("host='lab db' password='it\\'s'");
  CHECK(contains(quoted, "host='lab db'"));
  CHECK(contains(quoted, "password=***"));
  CHECK_FALSE(contains(quoted, "it"));
  CHECK(redacted_conninfo("host='unterminated password=secret") ==
        "(unparsable connection string)");
  CHECK(redacted_conninfo("service=fleet") == "service=fleet");
}

TEST_CASE("a stopped server makes exec and connect throw PgTimeout within their bound") {
  PostgresServer server;
  PgConnection connection(PgSettings{server.conninfo(), milliseconds(500)});
  connection.exec("SELECT 1");
  server.stop_signal();
  const auto begun = steady_clock::now();
  const auto error = error_of<PgTimeout>([&] { connection.exec("SELECT 2 AS during_the_stop"); });
  const auto took = steady_clock::now() - begun;
  REQUIRE(error);
  CHECK(contains(error->what(), "did not answer within 500 ms"));
  CHECK(contains(error->what(), "'SELECT 2 AS during_the_stop'"));
  CHECK(took >= milliseconds(500));
  CHECK(took < std::chrono::seconds(10));  // loosely: the bound holds, whatever the load
  CHECK_FALSE(connection.connected());

  // Connecting anew: the kernel accepts, the stopped postmaster never answers.
  CHECK_THROWS_AS(connection.exec("SELECT 3"), PgTimeout);
  server.continue_signal();
  CHECK(connection.exec("SELECT 4").rows.at(0).at(0) == "4");
}

TEST_CASE("a stop requested from another thread ends a wait on a stopped server at once") {
  PostgresServer server;
  PgConnection connection(PgSettings{server.conninfo(), std::chrono::seconds(120)});
  connection.exec("SELECT 1");
  server.stop_signal();
  std::stop_source stop;
  std::promise<pid_t> worker_tid;
  auto waited = std::async(std::launch::async, [&] {
    worker_tid.set_value(::gettid());
    const auto begun = steady_clock::now();
    const auto error =
        error_of<PgTimeout>([&] { connection.exec("SELECT pg_sleep(0)", {}, stop.get_token()); });
    return std::make_pair(error, steady_clock::now() - begun);
  });
  CHECK(wait_until_polling(worker_tid.get_future().get()));
  stop.request_stop();
  const auto [error, took] = waited.get();
  REQUIRE(error);
  CHECK(contains(error->what(), "stop requested while running 'SELECT pg_sleep(0)'"));
  CHECK(took < std::chrono::seconds(60));
  CHECK_FALSE(connection.connected());
  server.continue_signal();
}

TEST_CASE("after the server is killed and restarted the same connection reconnects on next exec") {
  PostgresServer server;
  PgConnection connection(PgSettings{server.conninfo(), std::chrono::seconds(30)});
  connection.exec("CREATE TABLE t(k int); INSERT INTO t VALUES (1)");
  const pid_t first_pid = server.pid();
  server.kill_hard();
  server.restart();
  CHECK(server.pid() != first_pid);
  CHECK(connection.exec("SELECT count(*) FROM t").rows.at(0).at(0) == "1");

  // While the server is down: a PgError (not a wait), then the restart is found again.
  server.kill_hard();
  const auto down = error_of<PgError>([&] { connection.exec("SELECT 1"); });
  REQUIRE(down);
  const std::string down_text = down->what();
  CAPTURE(down_text);
  CHECK(contains(down_text, "cannot connect to PostgreSQL at "));
  CHECK(contains(down_text, "host=" + server.directory().string()));
  server.restart();
  CHECK(connection.exec("SELECT count(*) FROM t").rows.at(0).at(0) == "1");
}

TEST_CASE("a server lost inside a transaction is an error, never a silent new connection") {
  PostgresServer server;
  PgConnection connection(PgSettings{server.conninfo(), std::chrono::seconds(30)});
  connection.exec("CREATE TABLE t(k int)");
  connection.exec("BEGIN");
  connection.exec("INSERT INTO t VALUES (1)");
  server.restart();
  const auto lost = error_of<PgError>([&] { connection.exec("INSERT INTO t VALUES (2)"); });
  REQUIRE(lost);
  CHECK(contains(lost->what(), "inside a transaction"));
  CHECK(connection.exec("SELECT count(*) FROM t").rows.at(0).at(0) == "0");
}
