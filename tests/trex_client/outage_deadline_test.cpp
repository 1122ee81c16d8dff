// The one retry decision (trex_client/session/outage_deadline.hpp) on a manual clock.
#include "trex_client/session/outage_deadline.hpp"

#include <doctest/doctest.h>

#include <vector>

#include "measure/errors.hpp"

namespace trexsearch::trex {
namespace {

RetryPolicy policy(double rpc_timeout_s, double grace_s) {
  RetryPolicy retry;
  retry.rpc_timeout = measure::Seconds{rpc_timeout_s};
  retry.reconnect_grace = measure::Seconds{grace_s};
  return retry;
}

}  // namespace

TEST_CASE("while TRex is believed up, a request gets the whole rpc_timeout") {
  measure::ManualClock clock;
  OutageDeadline outage(policy(3.0, 1.0), clock);
  CHECK_FALSE(outage.since().has_value());
  CHECK(outage.rpc_timeout() == measure::Seconds{3.0});
  clock.advance(measure::Seconds{100.0});
  CHECK(outage.rpc_timeout() == measure::Seconds{3.0});
}

TEST_CASE("within an outage a request gets min(rpc_timeout, time left), none after the deadline") {
  measure::ManualClock clock;
  OutageDeadline outage(policy(0.3, 1.0), clock);
  outage.unanswered(measure::Seconds{0.0}, "no reply");
  clock.advance(measure::Seconds{0.3});
  CHECK(outage.rpc_timeout() == measure::Seconds{0.3});
  clock.advance(measure::Seconds{0.5});
  CHECK(outage.rpc_timeout().count() == doctest::Approx(0.2));
  clock.advance(measure::Seconds{0.2});
  CHECK(outage.rpc_timeout().count() <= 0.0);
  CHECK_FALSE(outage.next_wait().has_value());
  CHECK(outage.cause() == "no reply");
}

TEST_CASE("the outage dates from its first unanswered request; later failures keep it") {
  measure::ManualClock clock;
  OutageDeadline outage(policy(3.0, 10.0), clock);
  clock.advance(measure::Seconds{5.0});
  outage.unanswered(measure::Seconds{2.0}, "first");
  outage.unanswered(measure::Seconds{4.0}, "second");
  REQUIRE(outage.since().has_value());
  CHECK(*outage.since() == measure::Seconds{2.0});
  CHECK(outage.cause() == "first");
  // An earlier start wins (a retry loop that began before the request that failed).
  outage.unanswered(measure::Seconds{1.0});
  CHECK(*outage.since() == measure::Seconds{1.0});
  CHECK(outage.cause() == "first");
  outage.reachable();
  CHECK_FALSE(outage.since().has_value());
  CHECK(outage.cause().empty());
}

TEST_CASE("waits double from the first backoff, up to the maximum and half the time left") {
  measure::ManualClock clock;
  RetryPolicy retry = policy(3.0, 10.0);
  retry.reconnect_backoff = measure::Seconds{0.5};
  retry.reconnect_backoff_max = measure::Seconds{2.0};
  OutageDeadline outage(retry, clock);
  outage.unanswered(measure::Seconds{0.0});
  CHECK(outage.next_wait() == measure::Seconds{0.5});
  CHECK(outage.next_wait() == measure::Seconds{1.0});
  CHECK(outage.next_wait() == measure::Seconds{2.0});
  CHECK(outage.next_wait() == measure::Seconds{2.0});
  clock.advance(measure::Seconds{9.0});
  // One second left: wait half of it, so the attempt gets the other half.
  CHECK(outage.next_wait() == measure::Seconds{0.5});
  CHECK(outage.retries() == 5);
  clock.advance(measure::Seconds{0.995});
  CHECK_FALSE(outage.next_wait().has_value());
  // TRex back: the backoff starts again from the first.
  outage.reachable();
  CHECK(outage.retries() == 0);
  outage.unanswered(clock.now());
  CHECK(outage.next_wait() == measure::Seconds{0.5});
}

TEST_CASE("grace 0: no retry once a request went unanswered") {
  measure::ManualClock clock;
  OutageDeadline outage(policy(3.0, 0.0), clock);
  CHECK(outage.rpc_timeout() == measure::Seconds{3.0});
  outage.unanswered(clock.now());
  CHECK(outage.rpc_timeout().count() <= 0.0);
  CHECK_FALSE(outage.next_wait().has_value());
}

TEST_CASE("rpc_timeout longer than the grace: the request that found the outage used it up") {
  measure::ManualClock clock;
  OutageDeadline outage(policy(3.0, 1.0), clock);
  const measure::Seconds sent = clock.now();
  clock.advance(measure::Seconds{3.0});  // the request timed out
  outage.unanswered(sent);
  CHECK_FALSE(outage.next_wait().has_value());
}

TEST_CASE("an invalid policy is refused naming the field") {
  measure::ManualClock clock;
  CHECK_THROWS_WITH_AS(OutageDeadline(policy(0.0, 1.0), clock),
                       doctest::Contains("trex.rpc_timeout"), measure::ConfigError);
  CHECK_THROWS_WITH_AS(OutageDeadline(policy(1.0, -1.0), clock),
                       doctest::Contains("trex.reconnect_grace"), measure::ConfigError);
  RetryPolicy retry = policy(1.0, 1.0);
  retry.reconnect_backoff = measure::Seconds{3.0};
  CHECK_THROWS_WITH_AS(OutageDeadline(retry, clock), doctest::Contains("trex.reconnect_backoff"),
                       measure::ConfigError);
}

TEST_CASE("decide dates the outage from the loop's start, decides the wait, tells the observer") {
  measure::ManualClock clock;
  std::vector<RetryDecision> told;
  OutageDeadline outage(policy(0.25, 1.0), clock,
                        [&told](const RetryDecision& decision) { told.push_back(decision); });
  clock.advance(measure::Seconds{0.5});
  const RetryDecision first = outage.decide(1, measure::Seconds{0.2}, "no reply");
  CHECK(first.attempt == 1);
  CHECK(first.began == measure::Seconds{0.2});
  CHECK(first.at == measure::Seconds{0.5});
  CHECK(first.error == "no reply");
  CHECK(first.wait == measure::Seconds{0.05});
  CHECK(first.outage_since == measure::Seconds{0.2});
  REQUIRE(outage.since().has_value());
  CHECK(*outage.since() == measure::Seconds{0.2});
  CHECK(outage.retries() == 1);
  // Past the deadline (0.2 + 1 s): give up, and say so too.
  clock.advance(measure::Seconds{0.7});
  const RetryDecision last = outage.decide(2, measure::Seconds{0.2}, "no reply again");
  CHECK_FALSE(last.wait.has_value());
  CHECK(last.outage_since == measure::Seconds{0.2});
  REQUIRE(told.size() == 2);
  CHECK(told[0].wait == first.wait);
  CHECK(told[1].error == "no reply again");
  CHECK_FALSE(told[1].wait.has_value());
}

}  // namespace trexsearch::trex
