#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "trex_client/session/outage_deadline.hpp"
#include "trex_client/transport/rpc_channel.hpp"

namespace trexsearch::trex {

/// The session's channel: asks the OutageDeadline how long each exchange may wait
/// (never past an outage's deadline; after it none is sent) and tells it of every
/// exchange TRex did not answer (a transport failure the job's stop did not cause),
/// dated from the exchange's start. The stop of RpcStopScope still applies below
/// it, in the transport.
class DeadlineChannel final : public RpcChannel {
 public:
  /// `deadline` must outlive this object.
  DeadlineChannel(std::unique_ptr<RpcChannel> inner, OutageDeadline& deadline);

  /// Waits at most min(`timeout`, the deadline's rpc_timeout()). Throws a transport
  /// TrexError without sending once the outage's deadline has passed.
  std::string exchange(std::string_view request_json, std::string_view method,
                       measure::Seconds timeout) override;
  const std::string& endpoint() const override { return inner_->endpoint(); }

 private:
  std::unique_ptr<RpcChannel> inner_;
  OutageDeadline& deadline_;
};

}  // namespace trexsearch::trex
