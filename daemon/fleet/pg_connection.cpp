#include "daemon/fleet/pg_connection.hpp"

#include <libpq-fe.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <utility>

namespace trexsearch::fleet {
namespace {

using Clock = std::chrono::steady_clock;

struct ConnDeleter {
  void operator()(PGconn* conn) const { PQfinish(conn); }
};
using ConnPtr = std::unique_ptr<PGconn, ConnDeleter>;

struct ResultDeleter {
  void operator()(PGresult* result) const { PQclear(result); }
};
using ResultPtr = std::unique_ptr<PGresult, ResultDeleter>;

// libpq prints NOTICEs ("relation ... already exists, skipping") to stderr by default;
// the daemon's stderr is its journal, one event a line with a priority prefix.
void ignore_notice(void* /*arg*/, const char* /*message*/) {}

std::string one_line(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  for (char& c : text) {
    if (c == '\n' || c == '\t') c = ' ';
  }
  return text;
}

// The statement as errors name it: its first words, so that a log line says which
// statement without carrying a whole migration.
std::string statement_head(const std::string& sql) {
  constexpr std::size_t kMaxChars = 60;
  std::string head;
  for (char c : sql) {
    const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (space && (head.empty() || head.back() == ' ')) continue;
    head.push_back(space ? ' ' : c);
    if (head.size() >= kMaxChars) return one_line(head) + "...";
  }
  return one_line(head);
}

std::string duration_text(std::chrono::milliseconds timeout) {
  if (timeout.count() % 1000 == 0) return std::to_string(timeout.count() / 1000) + " s";
  return std::to_string(timeout.count()) + " ms";
}

// The stop token's wake-up as a file descriptor poll() can wait on beside the socket:
// an eventfd that a stop_callback writes. Without a stoppable token there is none.
class StopWake {
 public:
  explicit StopWake(std::stop_token stop) : stop_(std::move(stop)) {
    if (!stop_.stop_possible()) return;
    fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (fd_ < 0)
      throw PgError("eventfd for PostgreSQL waits: " + std::string(std::strerror(errno)));
    callback_.emplace(stop_, Wake{fd_});
  }
  ~StopWake() {
    callback_.reset();  // before the fd closes: the callback may be running right now
    if (fd_ >= 0) ::close(fd_);
  }
  StopWake(const StopWake&) = delete;
  StopWake& operator=(const StopWake&) = delete;

  int fd() const { return fd_; }
  bool stopped() const { return stop_.stop_requested(); }

 private:
  struct Wake {
    int fd;
    void operator()() const noexcept {
      const std::uint64_t one = 1;
      // Cannot fail below the counter's maximum; a lost wake-up would only cost the
      // rest of the operation's bound.
      [[maybe_unused]] const ssize_t written = ::write(fd, &one, sizeof one);
    }
  };
  std::stop_token stop_;
  int fd_ = -1;
  std::optional<std::stop_callback<Wake>> callback_;
};

// One bounded operation (a connect, or a statement's send and results): its deadline,
// its stop and the words its errors use.
struct Operation {
  Clock::time_point deadline;
  std::chrono::milliseconds timeout;
  const StopWake& wake;
  std::string doing;  ///< "connecting to host=...", "running 'SELECT 1'"

  PgTimeout timed_out() const {
    if (wake.stopped()) return PgTimeout("stop requested while " + doing);
    return PgTimeout("PostgreSQL did not answer within " + duration_text(timeout) + " while " +
                     doing);
  }

  /// Waits until `socket` is ready for `events`; throws PgTimeout past the deadline or
  /// on a stop request.
  void wait(int socket, short events) const {
    if (socket < 0) throw PgError("no connection to PostgreSQL while " + doing);
    for (;;) {
      if (wake.stopped()) throw timed_out();
      const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
      if (left.count() <= 0) throw timed_out();
      pollfd fds[2] = {{socket, events, 0}, {wake.fd(), POLLIN, 0}};
      const int ready = ::poll(fds, wake.fd() >= 0 ? 2 : 1, static_cast<int>(left.count()));
      if (ready < 0 && errno != EINTR) {
        throw PgError("poll while " + doing + ": " + std::string(std::strerror(errno)));
      }
      if (ready > 0 && fds[0].revents != 0) return;  // errors and hang-ups: libpq reads them
    }
  }
};

std::string server_message(const PGresult* result) {
  auto field = [&](int code) {
    const char* value = PQresultErrorField(result, code);
    return value ? std::string(value) : std::string();
  };
  std::string message = field(PG_DIAG_MESSAGE_PRIMARY);
  if (message.empty()) message = one_line(PQresultErrorMessage(result));
  const std::string detail = field(PG_DIAG_MESSAGE_DETAIL);
  if (!detail.empty()) message += " (" + one_line(detail) + ")";
  return message;
}

// The error a result stands for, if it is one: the server's refusal with its SQLSTATE,
// or libpq's report of a lost connection (no SQLSTATE).
std::optional<PgError> refusal(const PGresult* result, const Operation& op) {
  const ExecStatusType status = PQresultStatus(result);
  if (status == PGRES_COPY_IN || status == PGRES_COPY_OUT || status == PGRES_COPY_BOTH) {
    throw PgError("COPY is not supported (" + op.doing + ")");
  }
  if (status != PGRES_FATAL_ERROR && status != PGRES_BAD_RESPONSE) return std::nullopt;
  const char* sqlstate = PQresultErrorField(result, PG_DIAG_SQLSTATE);
  const std::string state = sqlstate ? sqlstate : "";
  return PgError("PostgreSQL: " + server_message(result) +
                     (state.empty() ? "" : " [SQLSTATE " + state + "]") + " while " + op.doing,
                 state);
}

PgRows rows_of(PGresult* result) {
  PgRows rows;
  const int columns = PQnfields(result);
  for (int c = 0; c < columns; ++c) rows.columns.emplace_back(PQfname(result, c));
  const int count = PQntuples(result);
  rows.rows.reserve(static_cast<std::size_t>(count));
  for (int r = 0; r < count; ++r) {
    auto& row = rows.rows.emplace_back();
    for (int c = 0; c < columns; ++c) {
      if (PQgetisnull(result, r, c) != 0) {
        row.emplace_back(std::nullopt);
      } else {
        row.emplace_back(std::string(PQgetvalue(result, r, c),
                                     static_cast<std::size_t>(PQgetlength(result, r, c))));
      }
    }
  }
  // PQcmdTuples counts a SELECT's rows too; only what a command changed counts here.
  const std::string tag = PQcmdStatus(result);
  const bool changes = tag.starts_with("INSERT ") || tag.starts_with("UPDATE ") ||
                       tag.starts_with("DELETE ") || tag.starts_with("MERGE ");
  const std::string affected = PQcmdTuples(result);
  if (changes && !affected.empty()) rows.affected = std::stoull(affected);
  return rows;
}

}  // namespace

std::size_t PgRows::column(const std::string& name) const {
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (columns[i] == name) return i;
  }
  throw PgError("the result has no column '" + name + "'");
}

struct PgConnection::Impl {
  PgSettings settings;
  ConnPtr conn;

  std::string server() const { return redacted_conninfo(settings.conninfo); }
  Operation operation(const StopWake& wake, std::string doing) const {
    return Operation{Clock::now() + settings.timeout, settings.timeout, wake, std::move(doing)};
  }
  std::string connection_error() const { return one_line(PQerrorMessage(conn.get())); }
  PgError lost(const Operation& op) const {
    return PgError("lost the connection to PostgreSQL at " + server() + " while " + op.doing +
                   ": " + connection_error());
  }
  bool dropped_while_idle();

  void start_connect();
  void finish_connect(const Operation& op);
  void send(const std::string& sql, const std::vector<PgParam>& params, const Operation& op);
  PgRows results(const Operation& op);
};

// Whether the server closed the connection since the last statement (it restarted, an
// administrator ended the session): then nothing was sent yet and reconnecting is safe.
bool PgConnection::Impl::dropped_while_idle() {
  pollfd fd{PQsocket(conn.get()), POLLIN, 0};
  if (::poll(&fd, 1, 0) <= 0) return false;
  return PQconsumeInput(conn.get()) == 0 || PQstatus(conn.get()) != CONNECTION_OK;
}

void PgConnection::Impl::start_connect() {
  // dbname carries the whole connection string (expand_dbname); the keywords after it
  // override what it says, so the encoding is always UTF8.
  const char* keywords[] = {"dbname", "application_name", "client_encoding", nullptr};
  const char* values[] = {settings.conninfo.c_str(), settings.application_name.c_str(), "UTF8",
                          nullptr};
  conn.reset(PQconnectStartParams(keywords, values, 1));
  if (!conn) throw PgError("cannot connect to PostgreSQL: libpq is out of memory");
  if (PQstatus(conn.get()) == CONNECTION_BAD) {
    const std::string reason = connection_error();
    conn.reset();
    throw PgError("cannot connect to PostgreSQL at " + server() + ": " + reason);
  }
  PQsetNoticeProcessor(conn.get(), ignore_notice, nullptr);
}

void PgConnection::Impl::finish_connect(const Operation& op) {
  // PQconnectPoll's protocol: start as if it had said "writing"; the socket may change
  // between calls (another host of the list, another attempt).
  PostgresPollingStatusType state = PGRES_POLLING_WRITING;
  while (state != PGRES_POLLING_OK) {
    if (state == PGRES_POLLING_FAILED) {
      throw PgError("cannot connect to PostgreSQL at " + server() + ": " + connection_error());
    }
    op.wait(PQsocket(conn.get()), state == PGRES_POLLING_READING ? POLLIN : POLLOUT);
    state = PQconnectPoll(conn.get());
  }
  if (PQsetnonblocking(conn.get(), 1) != 0) {
    throw PgError("PostgreSQL at " + server() + ": non-blocking mode: " + connection_error());
  }
}

void PgConnection::Impl::send(const std::string& sql, const std::vector<PgParam>& params,
                              const Operation& op) {
  int sent = 0;
  if (params.empty()) {
    sent = PQsendQuery(conn.get(), sql.c_str());  // the simple protocol: several statements
  } else {
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const PgParam& param : params) values.push_back(param ? param->c_str() : nullptr);
    sent = PQsendQueryParams(conn.get(), sql.c_str(), static_cast<int>(values.size()), nullptr,
                             values.data(), nullptr, nullptr, 0);
  }
  if (sent == 0) throw lost(op);
  // A non-blocking connection keeps what the socket did not take: flush it, reading
  // meanwhile so that a server blocked on writing to us can go on (libpq's advice).
  for (;;) {
    const int flushed = PQflush(conn.get());
    if (flushed == 0) return;
    if (flushed < 0) throw lost(op);
    op.wait(PQsocket(conn.get()), POLLIN | POLLOUT);
    if (PQconsumeInput(conn.get()) == 0) throw lost(op);
  }
}

PgRows PgConnection::Impl::results(const Operation& op) {
  // Every result is read, up to libpq's final null: only then is the connection ready
  // for the next statement. The first error wins; the last result is the answer.
  ResultPtr last;
  std::optional<PgError> first_error;
  for (;;) {
    while (PQisBusy(conn.get()) != 0) {
      op.wait(PQsocket(conn.get()), POLLIN);
      if (PQconsumeInput(conn.get()) == 0) throw lost(op);
    }
    ResultPtr result(PQgetResult(conn.get()));
    if (!result) break;
    std::optional<PgError> error = refusal(result.get(), op);
    if (!error) {
      last = std::move(result);
    } else if (!first_error) {
      first_error = std::move(error);
    }
  }
  if (first_error) throw PgError(*first_error);
  if (!last) return {};
  return rows_of(last.get());
}

PgConnection::PgConnection(PgSettings settings) : impl_(std::make_unique<Impl>()) {
  impl_->settings = std::move(settings);
}

PgConnection::~PgConnection() = default;
PgConnection::PgConnection(PgConnection&&) noexcept = default;
PgConnection& PgConnection::operator=(PgConnection&&) noexcept = default;

void PgConnection::connect(std::stop_token stop) {
  if (!impl_) throw PgError("this PostgreSQL connection was moved away");
  if (connected()) return;
  close();
  const StopWake wake(std::move(stop));
  const Operation op = impl_->operation(wake, "connecting to " + impl_->server());
  try {
    if (wake.stopped()) throw op.timed_out();
    impl_->start_connect();
    impl_->finish_connect(op);
  } catch (...) {
    close();
    throw;
  }
}

bool PgConnection::connected() const {
  return impl_ && impl_->conn && PQstatus(impl_->conn.get()) == CONNECTION_OK;
}

void PgConnection::close() {
  // No PQcancel for a statement left running: it blocks without a bound (a stopped
  // server would hold us). The server ends the statement when it sees the socket gone.
  if (impl_) impl_->conn.reset();
}

PgRows PgConnection::exec(const std::string& sql, const std::vector<PgParam>& params,
                          std::stop_token stop) {
  if (connected()) {
    // Inside a transaction a new connection would run the rest outside it: the caller
    // must learn that the transaction is gone.
    const bool in_transaction = PQtransactionStatus(impl_->conn.get()) != PQTRANS_IDLE;
    if (impl_->dropped_while_idle()) {
      const std::string reason = impl_->connection_error();
      close();
      if (in_transaction) {
        throw PgError("lost the connection to PostgreSQL at " + impl_->server() +
                      " inside a transaction, before running '" + statement_head(sql) +
                      "': " + reason);
      }
    }
  }
  connect(stop);
  const StopWake wake(std::move(stop));
  const Operation op = impl_->operation(wake, "running '" + statement_head(sql) + "'");
  try {
    if (wake.stopped()) throw op.timed_out();  // nothing sent: nothing half done
    impl_->send(sql, params, op);
    return impl_->results(op);
  } catch (const PgTimeout&) {
    close();
    throw;
  } catch (const PgError& error) {
    // A server's refusal (it has a SQLSTATE) leaves the connection usable; anything
    // else (a lost server, a protocol surprise) does not: the next call reconnects.
    if (error.sqlstate().empty() || !connected()) close();
    throw;
  }
}

int PgConnection::server_version(std::stop_token stop) {
  connect(std::move(stop));
  return PQserverVersion(impl_->conn.get());
}

}  // namespace trexsearch::fleet
