#include <doctest/doctest.h>

#include <thread>

#include "daemon/measurers/real_time_measurer.hpp"
#include "daemon/model/job_clock.hpp"
#include "daemon/runners/resuming_measurer.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

/// Answers every trial at once with a fixed outcome and counts calls.
class CountingMeasurer final : public measure::Measurer {
 public:
  measure::TrialOutcome measure(measure::Seconds duration, double load, std::stop_token) override {
    ++calls;
    measure::TrialOutcome outcome;
    outcome.offered_count = static_cast<std::int64_t>(load * duration.count());
    outcome.effective_duration = duration + overhead;
    return outcome;
  }
  int calls = 0;
  measure::Seconds overhead{0.5};
};

measure::RecordedTrial recorded(double load, double duration, std::int64_t offered) {
  measure::RecordedTrial trial;
  trial.intended_load_pps = load;
  trial.intended_duration = measure::Seconds{duration};
  trial.outcome.offered_count = offered;
  trial.outcome.effective_duration = measure::Seconds{duration * 2.0};
  return trial;
}

}  // namespace

TEST_CASE("resuming answers stored trials first, moves the clock by them, then goes live") {
  CountingMeasurer live;
  measure::ManualClock base;
  ShiftedClock clock(base);
  ResumingMeasurer measurer({recorded(100.0, 1.0, 42), recorded(200.0, 2.0, 43)}, live, clock);
  CHECK(measurer.stored() == 2);

  CHECK(measurer.measure(measure::Seconds{1.0}, 100.0, {}).offered_count == 42);
  CHECK(measurer.last_was_replayed());
  CHECK(clock.now() == measure::Seconds{2.0});
  CHECK(measurer.measure(measure::Seconds{2.0}, 200.0, {}).offered_count == 43);
  CHECK(clock.now() == measure::Seconds{6.0});
  CHECK(live.calls == 0);

  const measure::TrialOutcome fresh = measurer.measure(measure::Seconds{1.0}, 300.0, {});
  CHECK_FALSE(measurer.last_was_replayed());
  CHECK(fresh.offered_count == 300);
  CHECK(fresh.effective_duration == measure::Seconds{1.5});
  CHECK(live.calls == 1);
  CHECK(measurer.replayed() == 2);
}

TEST_CASE("a request that differs from the stored trial stops the resume") {
  CountingMeasurer live;
  measure::ManualClock base;
  ShiftedClock clock(base);
  ResumingMeasurer measurer({recorded(100.0, 1.0, 42)}, live, clock);
  CHECK_THROWS_AS(measurer.measure(measure::Seconds{1.0}, 101.0, {}), measure::MeasurementError);
  CHECK(live.calls == 0);
}

TEST_CASE("a real-time trial waits for its duration unless stopped") {
  CountingMeasurer instant;
  instant.overhead = measure::Seconds{0.02};
  RealTimeMeasurer paced(instant);
  const auto before = std::chrono::steady_clock::now();
  const measure::TrialOutcome outcome = paced.measure(measure::Seconds{0.01}, 1000.0, {});
  // The effective duration (overhead included) has passed: a lower bound only.
  CHECK(std::chrono::steady_clock::now() - before >= std::chrono::milliseconds(30));
  CHECK(outcome.offered_count == 10);

  std::stop_source already;
  already.request_stop();
  CHECK_THROWS_AS(paced.measure(measure::Seconds{3600.0}, 1000.0, already.get_token()),
                  measure::MeasurementCancelled);

  // A stop from another thread ends an hour-long trial at once.
  std::stop_source stop;
  bool cancelled = false;
  std::thread trial([&] {
    try {
      paced.measure(measure::Seconds{3600.0}, 1000.0, stop.get_token());
    } catch (const measure::MeasurementCancelled&) {
      cancelled = true;
    }
  });
  stop.request_stop();
  trial.join();
  CHECK(cancelled);
}

}  // namespace trexsearch::service
