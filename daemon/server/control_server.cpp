#include "daemon/server/control_server.hpp"

#include <sys/stat.h>

#include <csignal>

#include "daemon/protocol/envelope_codec.hpp"
#include "daemon/server/connection.hpp"
#include "daemon/server/request_pool.hpp"
#include "daemon/server/socket_file.hpp"

namespace trexsearch::service {

namespace asio = boost::asio;
using stream_protocol = asio::local::stream_protocol;

namespace {
// Clients accepted at once beyond the one the async accept brought.
constexpr int kAcceptBatch = 64;
}  // namespace

ControlServer::ControlServer(asio::io_context& io, Dispatcher& dispatcher, JobWatching& jobs,
                             Logger& log, ConnectionSettings settings, std::size_t max_clients,
                             std::size_t max_clients_per_user, RequestPool* pool)
    : acceptor_(io),
      signals_(io),
      accept_retry_(io),
      dispatcher_(dispatcher),
      jobs_(jobs),
      log_(log),
      settings_(settings),
      max_clients_(max_clients),
      max_clients_per_user_(max_clients_per_user),
      pool_(pool),
      connections_(settings_) {
  if (pool_ != nullptr) connections_.set_trim_executor(pool_->executor());
}

void ControlServer::listen(const std::string& path, mode_t mode, std::optional<gid_t> group) {
  prepare_socket_path(path);
  const stream_protocol::endpoint endpoint(path);
  acceptor_.open(endpoint.protocol());
  set_close_on_exec(acceptor_.native_handle());
  // Bind under a strict umask so the socket never exists with looser permissions
  // than asked for, not even between bind() and chmod(). Runs before any other
  // thread exists, so changing the process umask is safe.
  const mode_t old_umask = ::umask(0177);
  boost::system::error_code error;
  acceptor_.bind(endpoint, error);
  ::umask(old_umask);
  if (error) {
    throw std::runtime_error("cannot bind the control socket " + path + ": " + error.message());
  }
  path_ = path;
  set_socket_permissions(path, mode, group);
  acceptor_.listen(asio::socket_base::max_listen_connections, error);
  // accept() after an async accept drains the backlog; it must never block.
  if (!error) acceptor_.non_blocking(true, error);
  if (error) {
    throw std::runtime_error("cannot listen on the control socket " + path + ": " +
                             error.message());
  }
  accept();
}

void ControlServer::handle_signals(SignalHandlers handlers) {
  handlers_ = std::move(handlers);
  signals_.add(SIGTERM);
  signals_.add(SIGINT);
  signals_.add(SIGHUP);
  wait_for_signal();
}

void ControlServer::wait_for_signal() {
  signals_.async_wait([this](const boost::system::error_code& error, int signal) {
    if (error || stopped_) return;
    if (signal == SIGHUP) {
      if (handlers_.on_reload) handlers_.on_reload();
      wait_for_signal();
      return;
    }
    log_.event(LogPriority::notice, "daemon.stopping",
               {{"signal", signal == SIGTERM ? "SIGTERM" : "SIGINT"}});
    stop();
    if (handlers_.on_stop) handlers_.on_stop(signal);
  });
}

void ControlServer::accept() {
  acceptor_.async_accept(
      [this](const boost::system::error_code& error, stream_protocol::socket socket) {
        if (!acceptor_.is_open() || stopped_) return;
        if (!error) {
          take(std::move(socket));
          // Then whatever else waits in the backlog, without going round the io
          // queue once per client: with 200 busy clients one accept per round kept
          // a new client waiting seconds for its turn.
          for (int more = 0; more < kAcceptBatch; ++more) {
            boost::system::error_code again;
            stream_protocol::socket next = acceptor_.accept(again);
            if (again) break;  // would_block; a real error shows in the async accept
            take(std::move(next));
          }
        } else if (error != asio::error::operation_aborted) {
          // EMFILE and the like: accepting again at once would spin; pause a little
          // (a timer, not a sleep: the io thread keeps serving the open clients).
          log_.event(LogPriority::warning, "client.accept_failed", {{"reason", error.message()}});
          accept_retry_.expires_after(std::chrono::milliseconds(100));
          accept_retry_.async_wait([this](const boost::system::error_code& wait_error) {
            if (!wait_error && !stopped_) accept();
          });
          return;
        }
        accept();
      });
}

std::optional<std::string> ControlServer::refusal(const Connection& connection) {
  if (connections_.size() >= max_clients_) {
    log_.event(LogPriority::notice, "client.refused",
               {{"reason", "too many clients"},
                {"max_clients", static_cast<std::uint64_t>(max_clients_)}});
    return "too many clients (" + std::to_string(max_clients_) + ", max-clients)";
  }
  // One user must not take every slot (a shared tester). Root is exempt: it can
  // stop the daemon anyway, and an administrator must always be able to look.
  const auto& peer = connection.peer();
  if (max_clients_per_user_ == 0 || (peer && peer->uid == 0)) return std::nullopt;
  const std::size_t open = connections_.count_for(peer);
  if (open < max_clients_per_user_) return std::nullopt;
  const std::string who = peer ? "uid " + std::to_string(peer->uid) : "peers without credentials";
  log_.event(LogPriority::notice, "client.refused",
             {{"reason", "too many clients of one user"},
              {"peer", peer ? peer->describe() : "unknown"},
              {"max_clients_per_user", static_cast<std::uint64_t>(max_clients_per_user_)}});
  return "too many connections from " + who + " (" + std::to_string(open) +
         ", max-clients-per-user " + std::to_string(max_clients_per_user_) + ")";
}

void ControlServer::take(stream_protocol::socket socket) {
  // Before anything else: the runner thread may start a measurer any moment.
  // (A spawn in between could still inherit it; measurers' own fd hygiene,
  // closing everything above stderr, is the complete fix.)
  boost::system::error_code ignored;
  try {
    set_close_on_exec(socket.native_handle());
  } catch (const std::exception& cloexec_error) {
    log_.event(LogPriority::warning, "client.accept_failed", {{"reason", cloexec_error.what()}});
    socket.close(ignored);
    return;
  }
  auto connection = std::make_shared<Connection>(std::move(socket), connections_, dispatcher_,
                                                 jobs_, settings_, log_, pool_);
  if (const auto reason = refusal(*connection)) {
    connection->refuse(protocol::encode_response(
        protocol::error_response({}, ResultCode::busy, *reason + "; try again later")));
  } else {
    connections_.start(connection);
  }
}

void ControlServer::stop() {
  if (stopped_) return;
  stopped_ = true;
  boost::system::error_code ignored;
  acceptor_.close(ignored);
  accept_retry_.cancel();
  signals_.cancel(ignored);
  connections_.stop_all();
}

}  // namespace trexsearch::service
