#pragma once

#include <chrono>
#include <optional>
#include <stop_token>

namespace trexsearch::trex {

/// Makes the RPCs of this thread give up once `stop` is requested: an exchange
/// waiting for TRex then waits at most kRpcWaitAfterStop more, counted from the
/// first time any RPC of this thread saw the stop, for all of them together — so
/// the clean-up calls after a cancel (stop traffic, release ports) still reach a
/// live TRex, and a hung one cannot hold a cancelled job for longer.
///
/// Why a scope and not a parameter: the job's stop token would have to pass through
/// the TRex measurer, the session and the typed API to reach the socket; one thread
/// makes all RPCs of a job, so the job's runner installs the scope around the run.
/// Scopes nest; not copyable; the thread's previous scope is restored at the end.
class RpcStopScope {
 public:
  explicit RpcStopScope(std::stop_token stop);
  ~RpcStopScope();
  RpcStopScope(const RpcStopScope&) = delete;
  RpcStopScope& operator=(const RpcStopScope&) = delete;

  /// The innermost scope of this thread; nullptr when none (RPCs are not stoppable).
  static RpcStopScope* current();

  /// When RPCs of this thread must have given up: nullopt while no stop is requested.
  std::optional<std::chrono::steady_clock::time_point> give_up_at();
  bool stop_possible() const { return stop_.stop_possible(); }
  /// The stop token this scope watches (for waits other than RPCs on the same thread).
  std::stop_token token() const { return stop_; }

 private:
  std::stop_token stop_;
  std::optional<std::chrono::steady_clock::time_point> give_up_at_;
  RpcStopScope* previous_;
};

/// Time the RPCs of a stopped thread still get, all together.
inline constexpr std::chrono::milliseconds kRpcWaitAfterStop{500};

}  // namespace trexsearch::trex
