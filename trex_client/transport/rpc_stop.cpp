#include "trex_client/transport/rpc_stop.hpp"

namespace trexsearch::trex {
namespace {

// The calling thread's innermost scope: a global, but each thread sees only its own.
thread_local RpcStopScope* innermost = nullptr;

}  // namespace

RpcStopScope::RpcStopScope(std::stop_token stop) : stop_(std::move(stop)), previous_(innermost) {
  innermost = this;
}

RpcStopScope::~RpcStopScope() { innermost = previous_; }

RpcStopScope* RpcStopScope::current() { return innermost; }

std::optional<std::chrono::steady_clock::time_point> RpcStopScope::give_up_at() {
  if (!give_up_at_ && stop_.stop_requested()) {
    give_up_at_ = std::chrono::steady_clock::now() + kRpcWaitAfterStop;
  }
  return give_up_at_;
}

}  // namespace trexsearch::trex
