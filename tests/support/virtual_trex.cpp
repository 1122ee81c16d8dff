#include "tests/support/virtual_trex.hpp"

#include <algorithm>

#include "measure/errors.hpp"
#include "trex_client/transport/trex_error.hpp"
#include "trex_emulator/rpc/request_processor.hpp"

namespace trexsearch::testsupport {

bool VirtualWaitClock::sleep_until(measure::Seconds deadline, std::stop_token stop) {
  if (stop.stop_requested()) return false;
  now_ = std::max(now_, deadline);
  return true;
}

VirtualTrex::VirtualTrex(VirtualWaitClock& clock, trex::emu::EmulatorOptions options)
    : clock_(clock), state_(std::move(options), clock.now()) {}

void VirtualTrex::unreachable(measure::Seconds from, measure::Seconds until) {
  down_from_ = from;
  down_until_ = until;
  restart_pending_ = true;
}

std::string VirtualTrex::exchange(std::string_view request_json, std::string_view method,
                                  measure::Seconds timeout) {
  VirtualExchange seen{std::string(method), clock_.now(), timeout, false};
  if (clock_.now() >= down_from_ && clock_.now() < down_until_) {
    if (clock_.now() + timeout <= down_until_) {
      clock_.advance(timeout);
      exchanges_.push_back(seen);
      throw trex::TrexError(trex::TrexErrorKind::transport, endpoint_, std::string(method),
                            "no reply within " + measure::format_value(timeout.count()) + " s",
                            std::nullopt, {}, true);
    }
    // TRex is back before the timeout: the request reaches the restarted server.
    clock_.advance(down_until_ - clock_.now());
  }
  if (clock_.now() >= down_until_ && restart_pending_) {
    restart_pending_ = false;
    state_.restart(clock_.now());
  }
  if (method.find("stop_traffic") != std::string_view::npos) clock_.advance(stop_time_);
  seen.answered = true;
  exchanges_.push_back(seen);
  return trex::emu::process_request(request_json, state_, clock_.now(), faults_).reply;
}

}  // namespace trexsearch::testsupport
