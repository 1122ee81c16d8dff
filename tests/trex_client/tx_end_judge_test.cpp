// TxEndJudge: whether a direction sent its frames by its allowed end, in TRex's clock
// (docs/trials.md "A tester-limited trial never passes").
#include <doctest/doctest.h>

#include "trex_client/measurer/tx_end_judge.hpp"

using trexsearch::measure::Seconds;
using trexsearch::trex::TxEndJudge;
using Verdict = TxEndJudge::Verdict;

namespace {

// One direction whose TX began at TRex time 100 s, `intended` frames in `duration`.
TxEndJudge one(double duration_s, std::int64_t intended, double allowance = 0.005) {
  return TxEndJudge({{100.0, intended, std::nullopt}}, Seconds{duration_s}, allowance);
}

}  // namespace

TEST_CASE("a read by the allowed end that shows every frame sent proves the direction in time") {
  TxEndJudge judge = one(1.0, 1'000'000);
  judge.observe(0, 100.9, 900'000);
  judge.observe(0, 101.004, 1'000'000);
  const TxEndJudge::Judgement judgement = judge.judge(0);
  CHECK(judgement.verdict == Verdict::in_time);
  CHECK(judgement.allowed_s == doctest::Approx(1.005));
  CHECK(judge.last_allowed_end_s() == doctest::Approx(101.005));
}

TEST_CASE("frames still unsent at the allowed end make the direction late, with its pace") {
  TxEndJudge judge = one(1.0, 1'000'000);
  judge.observe(0, 101.01, 990'000);  // 0.98 Mpps: 1 % short at the end
  judge.observe(0, 101.02, 1'000'000);
  const TxEndJudge::Judgement judgement = judge.judge(0);
  CHECK(judgement.verdict == Verdict::late);
  CHECK(judgement.reached_pps == doctest::Approx(990'000 / 1.01));
  CHECK(judgement.finish_s.value() == doctest::Approx(1.02));
}

TEST_CASE("between a read before the end and one after it, the pace decides") {
  SUBCASE("a pace that finishes by the end is in time") {
    TxEndJudge judge = one(0.010, 1000);  // 100 kpps for 10 ms, end at 10.05 ms
    judge.observe(0, 100.009, 900);       // 100 kpps: done at 10 ms
    judge.observe(0, 100.0106, 1000);     // the next read came after the end
    CHECK(judge.judge(0).verdict == Verdict::in_time);
  }
  SUBCASE("a pace 1 % too slow is never credited (a late start may burst: not proof either)") {
    TxEndJudge judge = one(0.010, 1000);
    judge.observe(0, 100.009, 891);  // 99 kpps: done at 10.10 ms
    judge.observe(0, 100.0106, 1000);
    const TxEndJudge::Judgement judgement = judge.judge(0);
    CHECK(judgement.verdict == Verdict::unverified);
    CHECK(judgement.finish_s.value() == doctest::Approx(0.009 * 1000 / 891));
    CHECK(judgement.reached_pps == doctest::Approx(99'000));
  }
}

TEST_CASE("with no read before the allowed end, a direction is never credited") {
  TxEndJudge judge = one(1.0, 2'000'000);
  judge.observe(0, 101.2, 2'000'000);  // done by 1.2 s: it may have needed all of it
  const TxEndJudge::Judgement judgement = judge.judge(0);
  CHECK(judgement.verdict == Verdict::unverified);
  CHECK(judgement.reached_pps == doctest::Approx(2'000'000 / 1.2));
  CHECK(judgement.evidence_s == doctest::Approx(1.2));
}

TEST_CASE("the allowance is the same share of a 1 ms trial as of an hour's") {
  for (const double duration_s : {0.001, 0.010, 1.0, 3600.0}) {
    CAPTURE(duration_s);
    const auto intended = static_cast<std::int64_t>(duration_s * 1e6);
    // A tester 0.6 % short of the load: never in time with a 0.5 % allowance.
    TxEndJudge slow = one(duration_s, intended);
    slow.observe(0, 100.0 + duration_s * 0.5,
                 static_cast<std::int64_t>(duration_s * 0.5 * 0.994e6));
    slow.observe(0, 100.0 + duration_s * 1.0055, intended - 1);  // still sending after the end
    slow.observe(0, 100.0 + duration_s * 2.0, intended);
    CHECK(slow.judge(0).verdict == Verdict::late);
    // Seen before the end and long after it only: not credited either.
    TxEndJudge unseen = one(duration_s, intended);
    unseen.observe(0, 100.0 + duration_s * 0.5,
                   static_cast<std::int64_t>(duration_s * 0.5 * 0.994e6));
    unseen.observe(0, 100.0 + duration_s * 2.0, intended);
    CHECK(unseen.judge(0).verdict == Verdict::unverified);
    // One 0.4 % short passes.
    TxEndJudge fast = one(duration_s, intended);
    fast.observe(0, 100.0 + duration_s * 0.5,
                 static_cast<std::int64_t>(duration_s * 0.5 * 0.996e6));
    fast.observe(0, 100.0 + duration_s * 2.0, intended);
    CHECK(fast.judge(0).verdict == Verdict::in_time);
  }
}

TEST_CASE("each direction is judged from its own port's start") {
  // TRex starts a batch's ports one after another: port 1 began 4 ms later.
  TxEndJudge judge({{100.0, 1000, std::nullopt}, {100.004, 1000, std::nullopt}}, Seconds{0.010},
                   0.005);
  judge.observe(0, 100.0105, 1000);
  judge.observe(1, 100.0105, 650);  // 6.5 ms into its TX at 100 kpps: on pace
  judge.observe(1, 100.0145, 1000);
  CHECK(judge.judge(0).verdict == Verdict::unverified);  // first read at 10.5 ms, done
  CHECK(judge.judge(1).verdict == Verdict::in_time);
  CHECK(judge.last_allowed_end_s() == doctest::Approx(100.01405));
}

TEST_CASE("a read from before the data plane started shows no pace") {
  TxEndJudge judge = one(0.010, 1000);
  judge.observe(0, 99.9999, 0);
  judge.observe(0, 100.02, 1000);
  CHECK(judge.judge(0).verdict == Verdict::unverified);
  TxEndJudge none_sent = one(0.010, 1000);
  none_sent.observe(0, 100.005, 0);
  none_sent.observe(0, 100.02, 1000);
  CHECK(none_sent.judge(0).verdict == Verdict::unverified);
}

TEST_CASE("a negative allowance is refused") {
  CHECK_THROWS_WITH(TxEndJudge({}, Seconds{1.0}, -0.1), doctest::Contains("tx_end_slack"));
}

TEST_CASE("a begin known to lie in a hand-off window is placed there by the first pace") {
  // Started at request time 100 s, handed to the data plane by 100.004 s; 100 kpps.
  const auto window = [] { return TxEndJudge({{100.0, 100'000, 100.004}}, Seconds{1.0}, 0.005); };
  SUBCASE("a direction that began 3 ms in and kept its pace is in time") {
    TxEndJudge judge = window();
    judge.observe(0, 100.503, 50'000);    // began at 100.003
    judge.observe(0, 101.0075, 100'000);  // 4.5 ms past its D from the request: in time
    const TxEndJudge::Judgement judgement = judge.judge(0);
    CHECK(judgement.verdict == Verdict::in_time);
    CHECK(judgement.tx_begin_s == doctest::Approx(100.003));
  }
  SUBCASE("a begin after the window is not forgiven: the window's end counts") {
    TxEndJudge judge = window();
    judge.observe(0, 100.510, 50'000);   // pace says 100.010: 6 ms after the hand-off
    judge.observe(0, 101.0095, 99'990);  // still sending past 101.009
    judge.observe(0, 101.0105, 100'000);
    const TxEndJudge::Judgement judgement = judge.judge(0);
    CHECK(judgement.tx_begin_s == doctest::Approx(100.004));
    CHECK(judgement.verdict == Verdict::late);
  }
  SUBCASE("a pace that looks earlier than the request forgives nothing") {
    TxEndJudge judge = window();
    judge.observe(0, 100.5, 50'500);  // a burst at the start
    CHECK(judge.judge(0).tx_begin_s == doctest::Approx(100.0));
  }
  SUBCASE("without a pace read the request's time counts") {
    TxEndJudge judge = window();
    judge.observe(0, 101.0075, 100'000);
    const TxEndJudge::Judgement judgement = judge.judge(0);
    CHECK(judgement.tx_begin_s == doctest::Approx(100.0));
    CHECK(judgement.verdict == Verdict::unverified);
    // Polling goes on until the latest possible allowed end.
    CHECK(judge.last_allowed_end_s() == doctest::Approx(101.009));
  }
}

TEST_CASE("reads waiting for a pace are bounded: past the bound the window's start counts") {
  TxEndJudge judge({{100.0, 100'000, 100.004}}, Seconds{1.0}, 0.005);
  for (int i = 0; i < 2000; ++i) judge.observe(0, 100.0001 + i * 1e-6, 0);  // not started
  judge.observe(0, 100.503, 50'000);  // a pace that says 100.003: too late to move it
  CHECK(judge.judge(0).tx_begin_s == doctest::Approx(100.0));
}
