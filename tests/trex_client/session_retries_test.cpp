// The session's retry loops (trex_client/session/recovering_session.cpp) on virtual
// time: every wait between attempts is a decision of the session's OutageDeadline.
#include <doctest/doctest.h>

#include <memory>
#include <stop_token>
#include <vector>

#include "measure/errors.hpp"
#include "tests/support/virtual_trex.hpp"
#include "trex_client/session/trex_session.hpp"
#include "trex_client/transport/trex_error.hpp"

namespace trexsearch::trex {
namespace {

using testsupport::VirtualExchange;
using testsupport::VirtualTrex;
using testsupport::VirtualWaitClock;

// A connected session to a TRex in process, every decision of its policy recorded
// and every before_wait hook counted.
struct RetryRig {
  RetryRig(double rpc_timeout_s, double grace_s) {
    auto channel = std::make_unique<VirtualTrex>(clock);
    trex = channel.get();
    SessionConfig config;
    config.ports = {0, 1};
    config.rpc_timeout = measure::Seconds{rpc_timeout_s};
    config.reconnect_grace = measure::Seconds{grace_s};
    config.retry_clock = &clock;
    config.retry_observer = [this](const RetryDecision& decision) {
      decisions.push_back(decision);
    };
    session = std::make_unique<TrexSession>(std::move(channel), config);
    session->connect();
    hooks.before_wait = [this](const RetryDecision& decision) {
      ++hooked;
      CHECK(decision.wait.has_value());
    };
  }

  measure::Seconds waited() const {
    measure::Seconds sum{0.0};
    for (const RetryDecision& decision : decisions) {
      sum += decision.wait.value_or(measure::Seconds{0.0});
    }
    return sum;
  }

  VirtualWaitClock clock;
  VirtualTrex* trex = nullptr;
  std::unique_ptr<TrexSession> session;
  std::vector<RetryDecision> decisions;
  RetryHooks hooks;
  int hooked = 0;
};

TrexError refusal() {
  return TrexError(TrexErrorKind::rpc, "virtual://trex", "acquire",
                   "port is already taken by 'bob'", -32000);
}

}  // namespace

TEST_CASE("retry_until_done waits only what the policy decides, each wait told first") {
  RetryRig rig(0.25, 2.0);
  const measure::Seconds down = rig.clock.now();
  rig.trex->unreachable(down, down + measure::Seconds{1.0});
  const std::size_t before = rig.trex->exchanges().size();
  rig.session->retry_until_done([&] { rig.session->connect(); }, rig.hooks, {});
  REQUIRE(rig.decisions.size() >= 2);
  CHECK(rig.hooked == static_cast<int>(rig.decisions.size()));
  // From TRex's going away to the first request it answered (sent as it came back,
  // or waiting for it), the clock moved by the unanswered requests' timeouts and the
  // decided waits alone.
  measure::Seconds unanswered{0.0};
  measure::Seconds answered{-1.0};
  int unanswered_count = 0;
  for (std::size_t i = before; i < rig.trex->exchanges().size(); ++i) {
    const VirtualExchange& seen = rig.trex->exchanges()[i];
    if (seen.answered) {
      answered = seen.started;
      break;
    }
    unanswered += seen.timeout;
    ++unanswered_count;
  }
  CHECK(unanswered_count == static_cast<int>(rig.decisions.size()));
  CHECK((answered - down).count() == doctest::Approx((unanswered + rig.waited()).count()));
  CHECK_FALSE(rig.session->outage().since().has_value());
}

TEST_CASE("retry_until_done gives up as the policy decides, saying how long TRex was away") {
  RetryRig rig(0.25, 1.0);
  const measure::Seconds down = rig.clock.now();
  rig.trex->unreachable(down);
  int attempts = 0;
  try {
    rig.session->retry_until_done(
        [&] {
          ++attempts;
          rig.session->connect();
        },
        rig.hooks, {});
    FAIL("connected to a TRex that is gone");
  } catch (const RetriesExhausted& exhausted) {
    CHECK(exhausted.attempts() == attempts);
    REQUIRE(exhausted.unreachable_for().has_value());
    CHECK(exhausted.unreachable_for()->count() == doctest::Approx(1.0));
    CHECK(exhausted.last_error() == rig.decisions.back().error);
  }
  REQUIRE(rig.decisions.size() == static_cast<std::size_t>(attempts));
  CHECK_FALSE(rig.decisions.back().wait.has_value());
  CHECK(rig.hooked == attempts - 1);
  CHECK((rig.clock.now() - down).count() == doctest::Approx(1.0));
}

TEST_CASE("a refusal ends retry_until_done at once: nothing to decide, nothing unreachable") {
  RetryRig rig(0.25, 60.0);
  const measure::Seconds start = rig.clock.now();
  try {
    rig.session->retry_until_done([] { throw refusal(); }, rig.hooks, {});
    FAIL("the refusal was retried away");
  } catch (const RetriesExhausted& exhausted) {
    CHECK(exhausted.attempts() == 1);
    CHECK_FALSE(exhausted.unreachable_for().has_value());
    CHECK(exhausted.last_error() == refusal().what());
  }
  CHECK(rig.decisions.empty());
  CHECK(rig.clock.now() == start);
}

TEST_CASE("a stop requested as a wait is told ends retry_until_done before the wait") {
  RetryRig rig(0.25, 3600.0);
  const measure::Seconds down = rig.clock.now();
  rig.trex->unreachable(down);
  std::stop_source stop;
  rig.hooks.before_wait = [&stop](const RetryDecision&) { stop.request_stop(); };
  CHECK_THROWS_AS(
      rig.session->retry_until_done([&] { rig.session->connect(); }, rig.hooks, stop.get_token()),
      measure::MeasurementCancelled);
  CHECK(rig.decisions.size() == 1);
  CHECK(rig.clock.now() - down == measure::Seconds{0.25});
}

TEST_CASE("run_reconnecting recovers and runs the operation again; a refusal passes through") {
  RetryRig rig(0.25, 2.0);
  rig.trex->unreachable(rig.clock.now(), rig.clock.now() + measure::Seconds{0.8});
  int runs = 0;
  rig.session->run_reconnecting(
      [&] {
        ++runs;
        rig.session->api().ping();
      },
      rig.hooks, {});
  CHECK(runs == 2);
  CHECK(rig.session->recoveries() == 1);
  CHECK(rig.hooked == static_cast<int>(rig.decisions.size()));
  CHECK_THROWS_WITH_AS(rig.session->run_reconnecting([] { throw refusal(); }, rig.hooks, {}),
                       doctest::Contains("already taken by 'bob'"), TrexError);
}

}  // namespace trexsearch::trex
