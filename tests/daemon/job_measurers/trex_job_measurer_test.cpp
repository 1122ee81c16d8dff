#include "daemon/job_measurers/trex_job_measurer.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "measure/errors.hpp"
#include "tests/support/build_paths.hpp"
#include "tests/support/virtual_trex.hpp"
#include "trex_client/codec/profile_codec.hpp"
#include "trex_client/transport/rpc_stop.hpp"

namespace trexsearch::service {
namespace {

using testsupport::VirtualTrex;
using testsupport::VirtualWaitClock;

trex::CompiledProfile example_profile() {
  return trex::compile_profile(trex::load_profile(
      trexsearch::testing::build_paths::source_file("etc/profiles/ipv4-udp-64b-bidir.json")));
}

// A channel that passes every exchange to a VirtualTrex it shares with the test.
class Forwarding final : public trex::RpcChannel {
 public:
  explicit Forwarding(std::shared_ptr<VirtualTrex> trex) : trex_(std::move(trex)) {}
  std::string exchange(std::string_view request_json, std::string_view method,
                       measure::Seconds timeout) override {
    return trex_->exchange(request_json, method, timeout);
  }
  const std::string& endpoint() const override { return trex_->endpoint(); }

 private:
  std::shared_ptr<VirtualTrex> trex_;
};

// A job's measurer against a TRex in process, everything on one virtual clock
// (trials, RPC timeouts, the grace, the waits between reconnects): no test sleeps.
struct VirtualJob {
  VirtualJob(double rpc_timeout_s, double grace_s) {
    settings.endpoint = "virtual://trex";
    settings.rpc_timeout = measure::Seconds{rpc_timeout_s};
    settings.reconnect_grace = measure::Seconds{grace_s};
    settings.clock = &clock;
    use_trex([](VirtualTrex&) {});
    settings.log = [this](std::string_view line) {
      if (line.starts_with("trex_retry")) ++retries;
    };
  }

  // Each measurer connects to a fresh TRex, set up by `setup`. The job owns it (the
  // measurer's session holds a forwarder), so the test can still read what it saw
  // after a failed connect has destroyed the measurer and its session.
  void use_trex(std::function<void(VirtualTrex&)> setup) {
    settings.make_channel = [this, setup](const std::string&) {
      owned = std::make_shared<VirtualTrex>(clock);
      setup(*owned);
      trex = owned.get();
      return std::unique_ptr<trex::RpcChannel>(std::make_unique<Forwarding>(owned));
    };
  }

  // The measurer's construction (connect) failure, and the clock time it took.
  std::string connect_failure() {
    try {
      TrexJobMeasurer measurer(example_profile(), settings);
    } catch (const measure::MeasurementError& error) {
      return error.what();
    }
    return "(connected)";
  }

  // One trial's failure.
  std::string trial_failure(TrexJobMeasurer& measurer) {
    try {
      measurer.measure(measure::Seconds{1.0}, 10000.0, {});
    } catch (const measure::MeasurementError& error) {
      return error.what();
    }
    return "(measured)";
  }

  // The start of the first exchange TRex did not answer at or after `from`.
  measure::Seconds first_unanswered(measure::Seconds from) const {
    for (const auto& seen : trex->exchanges()) {
      if (!seen.answered && seen.started >= from) return seen.started;
    }
    FAIL("no unanswered exchange");
    return from;
  }

  VirtualWaitClock clock;
  std::shared_ptr<VirtualTrex> owned;
  VirtualTrex* trex = nullptr;
  TrexJobSettings settings;
  int retries = 0;
};

}  // namespace

TEST_CASE("a TRex that stays unreachable fails the measurer after the grace period, naming it") {
  const trex::CompiledProfile profile = example_profile();
  TrexJobSettings settings;
  // Port 1 on loopback: nothing listens, so every RPC times out (real ZeroMQ).
  settings.endpoint = "tcp://127.0.0.1:1";
  settings.rpc_timeout = measure::Seconds{0.05};
  settings.reconnect_grace = measure::Seconds{0.3};
  settings.reconnect_backoff = measure::Seconds{0.02};
  int retries = 0;
  settings.log = [&retries](std::string_view line) {
    if (line.starts_with("trex_retry")) ++retries;
  };
  const auto start = std::chrono::steady_clock::now();
  std::string message;
  try {
    TrexJobMeasurer measurer(profile, settings);
  } catch (const measure::MeasurementError& error) {
    message = error.what();
  }
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  CHECK(message.find("cannot connect to TRex at tcp://127.0.0.1:1") == 0);
  CHECK(message.find("trex-reconnect-grace 0.3 s") != std::string::npos);
  // It retried with backoff, and gave up after about the grace (not the first failure).
  CHECK(retries >= 2);
  CHECK(took.count() >= 0.2);
}

TEST_CASE("a 1 s grace against an unreachable TRex fails connecting after 1 s of clock time") {
  VirtualJob job(0.25, 1.0);
  job.use_trex([](VirtualTrex& trex) { trex.unreachable(measure::Seconds{0.0}); });
  const std::string message = job.connect_failure();
  INFO(message);
  CHECK(message.starts_with("cannot connect to TRex at virtual://trex ("));
  CHECK(message.find("unreachable for 1.000 s, trex-reconnect-grace 1 s") != std::string::npos);
  CHECK(job.clock.now().count() == doctest::Approx(1.0));
  CHECK(job.retries >= 3);
  // No request outlived the deadline.
  for (const auto& seen : job.trex->exchanges()) {
    CHECK((seen.started + seen.timeout).count() <= 1.0 + 1e-9);
  }
}

TEST_CASE("rpc_timeout longer than the grace: connecting fails after the one request, not later") {
  VirtualJob job(3.0, 1.0);
  job.use_trex([](VirtualTrex& trex) { trex.unreachable(measure::Seconds{0.0}); });
  const std::string message = job.connect_failure();
  INFO(message);
  CHECK(message.find("(1 attempts, unreachable for 3.000 s, trex-reconnect-grace 1 s)") !=
        std::string::npos);
  CHECK(job.clock.now() == measure::Seconds{3.0});
  CHECK(job.retries == 0);
}

TEST_CASE("grace 0: one attempt, no retry") {
  VirtualJob job(0.5, 0.0);
  job.use_trex([](VirtualTrex& trex) { trex.unreachable(measure::Seconds{0.0}); });
  const std::string message = job.connect_failure();
  CHECK(message.find("(1 attempts, unreachable for 0.500 s, trex-reconnect-grace 0 s)") !=
        std::string::npos);
  CHECK(job.clock.now() == measure::Seconds{0.5});
  CHECK(job.trex->exchanges().size() == 1);
}

TEST_CASE("a cancel ends the wait between reconnects at once, whatever the grace") {
  VirtualJob job(0.25, 3600.0);
  job.use_trex([](VirtualTrex& trex) { trex.unreachable(measure::Seconds{0.0}); });
  std::stop_source cancel;
  // The job's runner installs the scope; the cancel comes with the first retry.
  trex::RpcStopScope scope(cancel.get_token());
  job.settings.log = [&cancel](std::string_view line) {
    if (line.starts_with("trex_retry")) cancel.request_stop();
  };
  CHECK_THROWS_AS(TrexJobMeasurer(example_profile(), job.settings), measure::MeasurementCancelled);
  CHECK(job.clock.now() == measure::Seconds{0.25});
}

TEST_CASE("a TRex that comes back within the grace is connected to") {
  VirtualJob job(0.25, 2.0);
  job.use_trex(
      [](VirtualTrex& trex) { trex.unreachable(measure::Seconds{0.0}, measure::Seconds{0.9}); });
  TrexJobMeasurer measurer(example_profile(), job.settings);
  CHECK(measurer.trex_version() == "v3.03");
  CHECK(job.retries >= 2);
  CHECK(job.clock.now().count() >= 0.9);
  CHECK(job.clock.now().count() < 2.0);
}

TEST_CASE("TRex gone mid-trial, 1 s grace: the trial fails 1 s after its first unanswered RPC") {
  VirtualJob job(0.25, 1.0);
  TrexJobMeasurer measurer(example_profile(), job.settings);
  CHECK(job.trial_failure(measurer) == "(measured)");
  const measure::Seconds down = job.clock.now() + measure::Seconds{0.5};
  job.trex->unreachable(down);
  const std::string message = job.trial_failure(measurer);
  INFO(message);
  CHECK(message.starts_with("cannot reconnect to TRex at virtual://trex ("));
  const measure::Seconds since = job.first_unanswered(down);
  CHECK((job.clock.now() - since).count() == doctest::Approx(1.0));
}

TEST_CASE("TRex gone mid-trial, rpc_timeout 3 s and a 1 s grace: failed after 3 s, not 9.7") {
  VirtualJob job(3.0, 1.0);
  TrexJobMeasurer measurer(example_profile(), job.settings);
  const measure::Seconds down = job.clock.now() + measure::Seconds{0.5};
  job.trex->unreachable(down);
  const std::string message = job.trial_failure(measurer);
  INFO(message);
  CHECK(message.starts_with("cannot reconnect to TRex at virtual://trex ("));
  const measure::Seconds since = job.first_unanswered(down);
  CHECK(job.clock.now() - since == measure::Seconds{3.0});
}

TEST_CASE("TRex back within the grace mid-trial: the job reconnects and measures the trial again") {
  VirtualJob job(0.25, 2.0);
  TrexJobMeasurer measurer(example_profile(), job.settings);
  const measure::Seconds down = job.clock.now() + measure::Seconds{0.5};
  job.trex->unreachable(down, down + measure::Seconds{1.2});
  const measure::TrialOutcome outcome = measurer.measure(measure::Seconds{1.0}, 10000.0, {});
  // Measured whole after the reconnect (the interrupted run's counts were dropped).
  CHECK(outcome.offered_count > 0);
  CHECK(outcome.loss_count == 0);
  CHECK(job.clock.now() > down + measure::Seconds{1.2});
}

TEST_CASE(
    "TRex back within the grace mid-trial: the trial is measured afresh, not noted repeated") {
  // The session's own recovery failed (TRex still down), so the job reconnected and
  // ran the trial from the start: nothing was interrupted after a recovery, so the
  // outcome carries no "repeated:" note and RepeatingMeasurer counts no repeat.
  VirtualJob job(0.25, 2.0);
  TrexJobMeasurer measurer(example_profile(), job.settings);
  const measure::Seconds down = job.clock.now() + measure::Seconds{0.5};
  job.trex->unreachable(down, down + measure::Seconds{1.2});
  const measure::TrialOutcome outcome = measurer.measure(measure::Seconds{1.0}, 10000.0, {});
  for (const measure::TrialNote& note : outcome.notes) CHECK(note.key != "repeated");
  CHECK(measurer.repeats() == 0);
  CHECK(job.retries >= 2);
}

// Every decision of the session's retry policy, as the job's observer saw them.
struct Decisions {
  explicit Decisions(TrexJobSettings& settings) {
    settings.retry_observer = [this](const trex::RetryDecision& decision) {
      seen.push_back(decision);
    };
  }
  int waits() const {
    int count = 0;
    for (const trex::RetryDecision& decision : seen) count += decision.wait ? 1 : 0;
    return count;
  }
  measure::Seconds waited() const {
    measure::Seconds sum{0.0};
    for (const trex::RetryDecision& decision : seen)
      sum += decision.wait.value_or(measure::Seconds{0.0});
    return sum;
  }
  std::vector<trex::RetryDecision> seen;
};

TEST_CASE("a TRex outage through the job: one retry policy decides every wait") {
  VirtualJob job(0.25, 2.0);
  Decisions decisions(job.settings);
  TrexJobMeasurer measurer(example_profile(), job.settings);
  CHECK(job.trial_failure(measurer) == "(measured)");
  CHECK(decisions.seen.empty());
  const measure::Seconds down = job.clock.now() + measure::Seconds{0.5};
  job.trex->unreachable(down, down + measure::Seconds{1.2});
  CHECK(job.trial_failure(measurer) == "(measured)");

  // Every wait the job made (one `trex_retry` line each) was a decision, and none
  // gave up; all are about the one outage.
  const measure::Seconds since = job.first_unanswered(down);
  CHECK(decisions.waits() == job.retries);
  CHECK(decisions.waits() >= 2);
  CHECK(decisions.waits() == static_cast<int>(decisions.seen.size()));
  for (const trex::RetryDecision& decision : decisions.seen) {
    CHECK(decision.outage_since == since);
  }
  // From the start of the first unanswered request to that of the first answered
  // one (which may have waited for TRex to come back: the sum ends where it was
  // sent), the clock moved only by the unanswered requests' timeouts and the
  // decided waits: nobody slept undecided.
  measure::Seconds unanswered{0.0};
  measure::Seconds back{-1.0};
  for (const auto& seen : job.trex->exchanges()) {
    if (seen.started < since) continue;
    if (seen.answered) {
      back = seen.started;
      break;
    }
    unanswered += seen.timeout;
  }
  REQUIRE(back >= since);
  CHECK((back - since).count() == doctest::Approx((unanswered + decisions.waited()).count()));
}

TEST_CASE("a TRex gone for good through the job: one decision gives up, the reason as ever") {
  VirtualJob job(0.25, 1.0);
  Decisions decisions(job.settings);
  TrexJobMeasurer measurer(example_profile(), job.settings);
  job.trex->unreachable(job.clock.now() + measure::Seconds{0.5});
  const std::string message = job.trial_failure(measurer);
  INFO(message);
  REQUIRE(!decisions.seen.empty());
  int give_ups = 0;
  for (const trex::RetryDecision& decision : decisions.seen) give_ups += decision.wait ? 0 : 1;
  CHECK(give_ups == 1);
  CHECK_FALSE(decisions.seen.back().wait);
  CHECK(decisions.waits() == job.retries);
  const trex::RetryDecision& last = decisions.seen.back();
  CHECK(message ==
        "cannot reconnect to TRex at virtual://trex (" + std::to_string(decisions.seen.size()) +
            " attempts, unreachable for 1.000 s, trex-reconnect-grace 1 s): " + last.error);
  CHECK((last.at - last.outage_since).count() == doctest::Approx(1.0));
}

}  // namespace trexsearch::service
