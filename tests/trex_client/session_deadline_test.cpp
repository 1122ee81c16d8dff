// A TRex session on virtual time (tests/support/virtual_trex.hpp): every RPC goes
// through the session's OutageDeadline, so none waits past an outage's deadline.
#include <doctest/doctest.h>

#include <memory>

#include "tests/support/virtual_trex.hpp"
#include "trex_client/session/deadline_channel.hpp"
#include "trex_client/session/trex_session.hpp"
#include "trex_client/transport/rpc_stop.hpp"
#include "trex_client/transport/trex_error.hpp"

namespace trexsearch::trex {
namespace {

using testsupport::VirtualTrex;
using testsupport::VirtualWaitClock;

struct VirtualSession {
  VirtualSession(double rpc_timeout_s, double grace_s) {
    auto channel = std::make_unique<VirtualTrex>(clock);
    trex = channel.get();
    SessionConfig config;
    config.ports = {0, 1};
    config.rpc_timeout = measure::Seconds{rpc_timeout_s};
    config.reconnect_grace = measure::Seconds{grace_s};
    config.retry_clock = &clock;
    session = std::make_unique<TrexSession>(std::move(channel), config);
    session->connect();
  }

  // The error of a ping to TRex (which must fail).
  TrexError failed_ping() {
    try {
      session->api().ping();
    } catch (const TrexError& error) {
      return error;
    }
    FAIL("the ping was answered");
    throw;
  }

  // When the last exchange TRex saw would have given up at the latest.
  measure::Seconds last_exchange_end() const {
    measure::Seconds end{0.0};
    for (const auto& seen : trex->exchanges()) end = std::max(end, seen.started + seen.timeout);
    return end;
  }

  VirtualWaitClock clock;
  VirtualTrex* trex = nullptr;
  std::unique_ptr<TrexSession> session;
};

// A channel whose every exchange times out, taking the clock's time.
class SilentChannel final : public RpcChannel {
 public:
  explicit SilentChannel(VirtualWaitClock& clock) : clock_(clock) {}
  std::string exchange(std::string_view, std::string_view method,
                       measure::Seconds timeout) override {
    clock_.advance(timeout);
    throw TrexError(TrexErrorKind::transport, endpoint_, std::string(method), "no reply",
                    std::nullopt, {}, true);
  }
  const std::string& endpoint() const override { return endpoint_; }

 private:
  VirtualWaitClock& clock_;
  std::string endpoint_ = "silent://trex";
};

}  // namespace

TEST_CASE("an unanswered exchange opens the outage from its start, unless the job stopped it") {
  VirtualWaitClock clock;
  RetryPolicy policy;
  policy.rpc_timeout = measure::Seconds{2.0};
  OutageDeadline outage(policy, clock);
  DeadlineChannel channel(std::make_unique<SilentChannel>(clock), outage);
  {
    std::stop_source stop;
    stop.request_stop();
    RpcStopScope scope(stop.get_token());
    CHECK_THROWS_AS(channel.exchange("{}", "ping", measure::Seconds{3.0}), TrexError);
    CHECK_FALSE(outage.since().has_value());
  }
  const measure::Seconds sent = clock.now();
  CHECK_THROWS_AS(channel.exchange("{}", "ping", measure::Seconds{3.0}), TrexError);
  // The smaller of the caller's timeout and the policy's.
  CHECK(clock.now() - sent == measure::Seconds{2.0});
  REQUIRE(outage.since().has_value());
  CHECK(*outage.since() == sent);
}

TEST_CASE("recovery from an unreachable TRex never waits past the grace's deadline") {
  VirtualSession rig(0.25, 1.0);
  const measure::Seconds down = rig.clock.now();
  rig.trex->unreachable(down);
  const TrexError first = rig.failed_ping();
  CHECK(rig.clock.now() - down == measure::Seconds{0.25});
  int attempts = 0;
  for (;;) {
    ++attempts;
    try {
      rig.session->recover(first);
      FAIL("recovered from a TRex that is gone");
    } catch (const TrexError& error) {
      if (error.detail().starts_with("not sent")) {
        CHECK(error.detail().find("reconnect grace of 1 s is over") != std::string::npos);
        CHECK(error.detail().find("first: ") != std::string::npos);
        break;
      }
    }
  }
  // 0.25 s each until the last, cut to what was left: no request outlived the grace.
  CHECK(attempts == 4);
  CHECK((rig.clock.now() - down).count() == doctest::Approx(1.0));
  CHECK((rig.last_exchange_end() - down).count() <= 1.0 + 1e-9);
}

TEST_CASE("rpc_timeout longer than the grace: the request that found TRex gone is the last") {
  VirtualSession rig(3.0, 1.0);
  const measure::Seconds down = rig.clock.now();
  rig.trex->unreachable(down);
  const TrexError first = rig.failed_ping();
  CHECK(rig.clock.now() - down == measure::Seconds{3.0});
  const auto exchanges = rig.trex->exchanges().size();
  CHECK_THROWS_WITH_AS(rig.session->recover(first), doctest::Contains("not sent"), TrexError);
  CHECK(rig.trex->exchanges().size() == exchanges);
  CHECK(rig.clock.now() - down == measure::Seconds{3.0});
}

TEST_CASE("grace 0: no request after the first unanswered one") {
  VirtualSession rig(0.5, 0.0);
  rig.trex->unreachable(rig.clock.now());
  const TrexError first = rig.failed_ping();
  CHECK_THROWS_WITH_AS(rig.session->recover(first), doctest::Contains("not sent"), TrexError);
  CHECK(rig.clock.now() == measure::Seconds{0.5});
}

TEST_CASE("a TRex back within the grace is recovered and the outage ends") {
  VirtualSession rig(0.25, 1.0);
  const measure::Seconds down = rig.clock.now();
  rig.trex->unreachable(down, down + measure::Seconds{0.6});
  const TrexError first = rig.failed_ping();
  bool recovered = false;
  for (int attempt = 0; attempt < 10 && !recovered; ++attempt) {
    try {
      rig.session->recover(first);
      recovered = true;
    } catch (const TrexError&) {
    }
  }
  REQUIRE(recovered);
  CHECK(rig.session->recoveries() == 1);
  CHECK_FALSE(rig.session->outage().since().has_value());
  CHECK((rig.clock.now() - down).count() == doctest::Approx(0.6));
  // Up again: a request gets the whole rpc_timeout.
  CHECK(rig.session->outage().rpc_timeout() == measure::Seconds{0.25});
  CHECK(rig.session->api().ping() >= 0.0);
}

}  // namespace trexsearch::trex
