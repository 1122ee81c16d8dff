#include "trex_client/session/deadline_channel.hpp"

#include <algorithm>

#include "measure/errors.hpp"
#include "trex_client/transport/rpc_stop.hpp"
#include "trex_client/transport/trex_error.hpp"

namespace trexsearch::trex {

DeadlineChannel::DeadlineChannel(std::unique_ptr<RpcChannel> inner, OutageDeadline& deadline)
    : inner_(std::move(inner)), deadline_(deadline) {
  if (!inner_)
    throw measure::ConfigError("trex channel", "null", "a deadline channel needs a channel");
}

std::string DeadlineChannel::exchange(std::string_view request_json, std::string_view method,
                                      measure::Seconds timeout) {
  const measure::Seconds allowed = std::min(timeout, deadline_.rpc_timeout());
  if (allowed <= measure::Seconds{0.0}) {
    const measure::Seconds since = deadline_.since().value_or(deadline_.now());
    const std::string first =
        deadline_.cause().empty() ? std::string() : "; first: " + deadline_.cause();
    throw TrexError(TrexErrorKind::transport, inner_->endpoint(), std::string(method),
                    "not sent: the reconnect grace of " +
                        measure::format_value(deadline_.policy().reconnect_grace.count()) +
                        " s is over (TRex unreachable for " +
                        format_outage(deadline_.now() - since) + first + ")",
                    std::nullopt, {}, true);
  }
  const measure::Seconds started = deadline_.now();
  try {
    return inner_->exchange(request_json, method, allowed);
  } catch (const TrexError& error) {
    // Only a missing answer makes TRex unreachable; an RPC error or a garbled reply
    // came from a TRex that is up, and a wait the job's stop cut short says nothing
    // (the clean-up after a cancel must still be sent).
    const RpcStopScope* scope = RpcStopScope::current();
    const bool stopped = scope != nullptr && scope->token().stop_requested();
    if (error.kind() == TrexErrorKind::transport && !stopped) {
      deadline_.unanswered(started, error.what());
    }
    throw;
  }
}

}  // namespace trexsearch::trex
