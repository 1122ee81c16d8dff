#pragma once

#include <sys/types.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "daemon/service/job_control.hpp"
#include "daemon/service/job_spec_codec.hpp"
#include "daemon/service/peer_credentials.hpp"
#include "daemon/service/protocol.hpp"
#include "daemon/service/trex_link.hpp"

namespace trexsearch::service {

/// Facts about the daemon that `version` and `status` report.
struct DaemonInfo {
  std::string version;
  pid_t pid = 0;
  WallTime started_at{};
  std::string socket_path;
  std::string state_dir;
};

/// Live numbers from the control server for `status`.
struct ServerStats {
  std::size_t clients = 0;
  std::size_t max_clients = 0;
  std::size_t max_clients_per_user = 0;
  /// Replies and events waiting for clients to read them [bytes], and the budget.
  std::size_t output_bytes = 0;
  std::size_t max_output_bytes = 0;
  /// Clients whose requests are not read until they read their output.
  std::size_t blocked = 0;
};

/// The request's surroundings: who asks, and how to stream events back to them.
struct DispatchContext {
  /// Absent when the kernel gave no credentials: then the peer may only read.
  std::optional<PeerCredentials> peer;
  /// Makes a watcher that streams `watch` events for the request id to this
  /// client; absent where streaming is impossible (then `watch` is refused).
  std::function<std::shared_ptr<JobWatcher>(const Json::Value& request_id)> make_watcher;
  /// Where the store commands (list, show, result, analyze, delete) read: a
  /// request-pool worker's own connection; absent: the JobControl's (io thread).
  JobStoreAccess* store = nullptr;
};

/// What the dispatcher answers.
struct Dispatched {
  Response response;
  /// Set when `watch` registered this watcher: events follow the reply until the
  /// job ends; the connection unregisters it if it closes first.
  std::optional<JobId> watched_job;
  std::shared_ptr<JobWatcher> watcher;
};

/// Typed request + peer credentials -> typed reply (Kea's command interpreter, the
/// Asio example's request_handler). Does no I/O of its own: it works through
/// JobControl, so it is tested without a socket. Never throws: every failure
/// becomes a reply with a result code and a text naming the problem.
class Dispatcher {
 public:
  /// `jobs` must outlive this object; `stats` and `trex` may be empty (then
  /// `status` leaves out the clients, and says TRex is not configured).
  Dispatcher(JobControl& jobs, AccessPolicy policy, DaemonInfo info,
             std::function<ServerStats()> stats = {},
             std::function<TrexLinkSnapshot()> trex = {});

  Dispatched dispatch(const Request& request, const DispatchContext& context);
  /// Parses the line first; a malformed line gets a bad_request reply.
  Dispatched dispatch_line(std::string_view line, const DispatchContext& context);

  /// Whether `command` may take long: it reads stored jobs or trials (or deletes
  /// them), so that its cost grows with the store, or (submit) may wait for TRex's
  /// port speed. Those run on the request pool, off the io thread.
  static bool runs_on_pool(std::string_view command);

  /// Reloadable (SIGHUP).
  void set_policy(AccessPolicy policy) { policy_ = policy; }
  /// How `submit` learns a trex job's port speed (loads in % or bit rates, the
  /// line-rate check); none: only a stated `port_speed_gbps` is known.
  void set_port_speed_probe(PortSpeedProbe probe) { port_speed_probe_ = std::move(probe); }

 private:
  Dispatched run(const Request& request, const DispatchContext& context);
  void require_modify(const DispatchContext& context, std::string_view command) const;
  JobStoreAccess& store_access(const DispatchContext& context) const;

  /// One entry of the command registry (dispatcher.cpp kCommands): adding a
  /// command is its handler and one line there; `help`, the request pool's choice
  /// and the dispatch all read the table.
  struct Command {
    std::string_view name;
    std::string_view summary;
    /// Needs the right to modify (root, the daemon's user, control-group).
    bool privileged;
    /// Runs on the request pool, off the io thread (its cost grows with the store,
    /// or it may wait for TRex).
    bool on_pool;
    Dispatched (Dispatcher::*handler)(const Request&, const DispatchContext&);
  };
  static const Command kCommands[];
  static const Command* find_command(std::string_view name);
  template <Response (Dispatcher::*Handler)(const Request&, const DispatchContext&)>
  Dispatched reply(const Request& request, const DispatchContext& context) {
    return {(this->*Handler)(request, context), std::nullopt, nullptr};
  }

  Response version(const Request& request, const DispatchContext& context);
  Response status(const Request& request, const DispatchContext& context);
  Response submit(const Request& request, const DispatchContext& context);
  Response submit_suite(const Request& request, const DispatchContext& context);
  Response show_suite(const Request& request, const DispatchContext& context);
  Response list_suites(const Request& request, const DispatchContext& context);
  Response list(const Request& request, const DispatchContext& context);
  Response show(const Request& request, const DispatchContext& context);
  Response cancel(const Request& request, const DispatchContext& context);
  Response remove(const Request& request, const DispatchContext& context);
  Response result(const Request& request, const DispatchContext& context);
  Dispatched watch(const Request& request, const DispatchContext& context);
  Response analyze(const Request& request, const DispatchContext& context);
  Response help(const Request& request, const DispatchContext& context);

  JobControl& jobs_;
  AccessPolicy policy_;
  DaemonInfo info_;
  std::function<ServerStats()> stats_;
  std::function<TrexLinkSnapshot()> trex_;
  PortSpeedProbe port_speed_probe_;
};

}  // namespace trexsearch::service
