#pragma once

#include <cstdint>
#include <limits>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "trex_client/session/wait_clock.hpp"
#include "trex_client/transport/rpc_channel.hpp"
#include "trex_emulator/model/emulator_options.hpp"
#include "trex_emulator/model/fault_plan.hpp"
#include "trex_emulator/model/stl_state.hpp"

namespace trexsearch::testsupport {

/// A clock that moves only when waited on or advanced: sleep_until jumps to the
/// deadline at once (false when `stop` is already requested), so a test never sleeps.
class VirtualWaitClock final : public trex::WaitClock {
 public:
  measure::Seconds now() const override { return now_; }
  bool sleep_until(measure::Seconds deadline, std::stop_token stop) override;
  void advance(measure::Seconds by) { now_ += by; }

 private:
  measure::Seconds now_{0.0};
};

/// One exchange as the virtual TRex saw it.
struct VirtualExchange {
  std::string method;
  measure::Seconds started{0.0};
  measure::Seconds timeout{0.0};
  bool answered = false;
};

/// TRex in process on virtual time: the emulator's request processor behind an
/// RpcChannel. While unreachable, an exchange takes its whole timeout of the clock's
/// time and fails as ZeroMQ's would ("no reply within"); once TRex is back, a
/// request still waiting gets its answer then. Coming back is a restart (the api
/// handle and the ports' owners are forgotten), as with a real TRex.
class VirtualTrex final : public trex::RpcChannel {
 public:
  /// `clock` must outlive this object.
  explicit VirtualTrex(VirtualWaitClock& clock, trex::emu::EmulatorOptions options = {});

  /// TRex stops answering from clock time `from` until `until` (default: for good).
  void unreachable(measure::Seconds from, measure::Seconds until = measure::Seconds{
                                              std::numeric_limits<double>::infinity()});

  /// A request that stops traffic takes `time` of the clock before TRex handles it
  /// (TRex's data-plane barrier: 1 to 3 ms on the stand); other requests take none.
  void stop_takes(measure::Seconds time) { stop_time_ = time; }

  std::string exchange(std::string_view request_json, std::string_view method,
                       measure::Seconds timeout) override;
  const std::string& endpoint() const override { return endpoint_; }

  const std::vector<VirtualExchange>& exchanges() const { return exchanges_; }

 private:
  VirtualWaitClock& clock_;
  trex::emu::StlState state_;
  trex::emu::FaultPlan faults_;
  measure::Seconds down_from_{std::numeric_limits<double>::infinity()};
  measure::Seconds down_until_{std::numeric_limits<double>::infinity()};
  bool restart_pending_ = false;
  measure::Seconds stop_time_{0.0};
  std::vector<VirtualExchange> exchanges_;
  std::string endpoint_ = "virtual://trex";
};

}  // namespace trexsearch::testsupport
