#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "daemon/dispatch/peer_credentials.hpp"
#include "daemon/dispatch/replies.hpp"
#include "daemon/jobs/job_control.hpp"
#include "daemon/model/server_facts.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/model/trex_link.hpp"
#include "daemon/protocol/envelope.hpp"
#include "daemon/protocol/requests.hpp"
#include "daemon/spec/port_speed_source.hpp"

namespace trexsearch::service {

/// What the handlers may do with jobs, each through its own narrow interface
/// (a handler sees only what its command needs). All must outlive the dispatcher.
struct DispatcherJobs {
  JobSubmission& submission;
  JobCancelling& cancelling;
  JobWatching& watching;
  QueueView& queue;
  StoreHealthView& health;
  /// The io thread's store access, where a request has no worker's own.
  JobStoreAccess& store;

  /// Every interface from the one object that has them all (the job manager,
  /// the tests' fakes).
  static DispatcherJobs of(JobControl& jobs) { return {jobs, jobs, jobs, jobs, jobs, jobs}; }
};

/// The request's surroundings: who asks, and how to stream events back to them.
struct DispatchContext {
  /// Absent when the kernel gave no credentials: then the peer may only read.
  std::optional<PeerCredentials> peer;
  /// Makes a watcher that streams `watch` events for the request id to this
  /// client; absent where streaming is impossible (then `watch` is refused).
  std::function<std::shared_ptr<JobWatcher>(const protocol::RequestId& request_id)> make_watcher;
  /// Where the store commands (list, show, result, analyze, delete) read: a
  /// request-pool worker's own connection; absent: DispatcherJobs::store (io thread).
  JobStoreAccess* store = nullptr;
};

/// What the dispatcher answers.
struct Dispatched {
  protocol::Response response;
  /// Set when `watch` registered this watcher: events follow the reply until the
  /// job ends; the connection unregisters it if it closes first.
  std::optional<JobId> watched_job;
  std::shared_ptr<JobWatcher> watcher;
};

/// Typed request + peer credentials -> typed reply (Kea's command interpreter, the
/// Asio example's request_handler). Does no I/O of its own: it works through
/// narrow job interfaces (DispatcherJobs), so it is tested without a socket. Never throws: every
/// failure becomes a reply with a result code and a text naming the problem.
class Dispatcher {
 public:
  /// `jobs` must outlive this object; `stats` and `trex` may be empty (then
  /// `status` leaves out the clients, and says TRex is not configured).
  Dispatcher(DispatcherJobs jobs, AccessPolicy policy, DaemonInfo info,
             std::function<ServerStats()> stats = {}, std::function<TrexLinkSnapshot()> trex = {});
  Dispatcher(JobControl& jobs, AccessPolicy policy, DaemonInfo info,
             std::function<ServerStats()> stats = {}, std::function<TrexLinkSnapshot()> trex = {});

  /// One entry of the command registry (dispatcher.cpp kCommands): adding a
  /// command is its request struct and codec (daemon/protocol), its reply struct
  /// and encoder (replies.hpp: the protocol's structs and codecs), its handler, and one line
  /// there; `help`, the request pool's choice and the dispatch all read the table.
  struct Command {
    std::string_view name;
    std::string_view summary;
    /// Needs the right to modify (root, the daemon's user, control-group).
    bool privileged;
    /// May take long, so it runs on the request pool, off the io thread: it reads
    /// stored jobs or trials (or deletes them), so that its cost grows with the
    /// store, or (submit) may wait for TRex's port speed.
    bool on_pool;
    Dispatched (Dispatcher::*handler)(const protocol::Request&, const DispatchContext&);
  };
  /// The registry entry of `name`; nullptr for a command the daemon does not know.
  /// The connection looks a request up once and hands the entry on, so a request
  /// travels socket line -> parse -> lookup -> (pool) -> dispatch -> handler.
  static const Command* find_command(std::string_view name);

  /// Runs `command`'s handler (an unknown command, nullptr, gets `unsupported`).
  Dispatched dispatch(const Command* command, const protocol::Request& request,
                      const DispatchContext& context);
  /// Looks the command up first.
  Dispatched dispatch(const protocol::Request& request, const DispatchContext& context);
  /// Parses the line first; a malformed line gets a bad_request reply.
  Dispatched dispatch_line(std::string_view line, const DispatchContext& context);
  /// The registry as `help` lists it: each command's name, summary and whether it
  /// is privileged (docs/socket-api.md is checked against it).
  static std::vector<HelpReply::Command> command_list();

  /// Reloadable (SIGHUP).
  void set_policy(AccessPolicy policy) { policy_ = policy; }
  /// How `submit` learns a trex job's port speed (loads in % or bit rates, the
  /// line-rate check); none: only a stated `port_speed_gbps` is known.
  void set_port_speed_probe(PortSpeedProbe probe) { port_speed_probe_ = std::move(probe); }
  /// How `submit` has TRex parse an ASTF job's profile; none: only at the job's start.
  void set_astf_profile_probe(AstfProfileProbe probe) { astf_profile_probe_ = std::move(probe); }
  /// `status`'s replication part (docs/fleet.md); unset: the daemon replicates nothing.
  using ReplicationProbe = std::function<protocol::StatusReply::Replication()>;
  void set_replication_probe(ReplicationProbe probe) { replication_probe_ = std::move(probe); }

 private:
  static RequestError unknown_command(const std::string& name);
  void require_modify(const DispatchContext& context, std::string_view command) const;
  JobStoreAccess& store_access(const DispatchContext& context) const;

  static const Command kCommands[];
  /// Decodes the arguments into `Request`, runs the typed handler, encodes its reply.
  template <class Request, class Reply,
            Answer<Reply> (Dispatcher::*Handler)(const Request&, const DispatchContext&)>
  Dispatched typed(const protocol::Request& request, const DispatchContext& context);

  // The handlers, one per command (daemon_handlers.cpp, job_query_handlers.cpp,
  // job_action_handlers.cpp, suite_handlers.cpp): typed request in, typed reply out.
  Answer<VersionReply> version(const protocol::VersionRequest& request,
                               const DispatchContext& context);
  Answer<StatusReply> status(const protocol::StatusRequest& request,
                             const DispatchContext& context);
  Answer<HelpReply> help(const protocol::HelpRequest& request, const DispatchContext& context);
  Answer<SubmitReply> submit(const protocol::SubmitRequest& request,
                             const DispatchContext& context);
  Answer<CancelReply> cancel(const protocol::CancelRequest& request,
                             const DispatchContext& context);
  Answer<DeleteReply> remove(const protocol::DeleteRequest& request,
                             const DispatchContext& context);
  Dispatched watch(const protocol::Request& request, const DispatchContext& context);
  Answer<ListReply> list(const protocol::ListRequest& request, const DispatchContext& context);
  Answer<ShowReply> show(const protocol::ShowRequest& request, const DispatchContext& context);
  Answer<ResultReply> result(const protocol::ResultRequest& request,
                             const DispatchContext& context);
  Answer<AnalyzeReply> analyze(const protocol::AnalyzeRequest& request,
                               const DispatchContext& context);
  Answer<SubmitSuiteReply> submit_suite(const protocol::SubmitSuiteRequest& request,
                                        const DispatchContext& context);
  Answer<ShowSuiteReply> show_suite(const protocol::ShowSuiteRequest& request,
                                    const DispatchContext& context);
  Answer<ListSuitesReply> list_suites(const protocol::ListSuitesRequest& request,
                                      const DispatchContext& context);

  DispatcherJobs jobs_;
  AccessPolicy policy_;
  DaemonInfo info_;
  std::function<ServerStats()> stats_;
  std::function<TrexLinkSnapshot()> trex_;
  PortSpeedProbe port_speed_probe_;
  AstfProfileProbe astf_profile_probe_;
  ReplicationProbe replication_probe_;
};

}  // namespace trexsearch::service
