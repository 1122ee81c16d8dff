#include "daemon/measurers/virtual_time_measurer.hpp"

#include <doctest/doctest.h>

#include <optional>
#include <stdexcept>

#include "measure/errors.hpp"

using trexsearch::measure::ManualClock;
using trexsearch::measure::Seconds;
using trexsearch::measure::TrialOutcome;

namespace {

/// Answers with a fixed effective duration (or none), or throws.
class ScriptedMeasurer final : public trexsearch::measure::Measurer {
 public:
  std::optional<Seconds> effective;
  bool fail = false;
  int calls = 0;

  TrialOutcome measure(Seconds, double, std::stop_token) override {
    ++calls;
    if (fail) throw trexsearch::measure::MeasurementError("scripted failure");
    TrialOutcome outcome;
    outcome.offered_count = 100;
    outcome.effective_duration = effective;
    return outcome;
  }
};

}  // namespace

TEST_CASE("the clock advances by the effective duration, else the intended one") {
  ScriptedMeasurer inner;
  ManualClock clock;
  trexsearch::VirtualTimeMeasurer timed(inner, clock);
  timed.measure(Seconds{1.0}, 1e6, {});
  CHECK(clock.now() == Seconds{1.0});
  inner.effective = Seconds{1.5};
  const TrialOutcome outcome = timed.measure(Seconds{1.0}, 1e6, {});
  CHECK(outcome.offered_count == 100);  // passed through untouched
  CHECK(clock.now() == Seconds{2.5});
  CHECK(inner.calls == 2);
}

TEST_CASE("failed trials and nonsensical durations do not move the clock") {
  ScriptedMeasurer inner;
  ManualClock clock;
  trexsearch::VirtualTimeMeasurer timed(inner, clock);
  inner.fail = true;
  CHECK_THROWS_AS(timed.measure(Seconds{1.0}, 1e6, {}), trexsearch::measure::MeasurementError);
  inner.fail = false;
  inner.effective = Seconds{-3.0};
  timed.measure(Seconds{1.0}, 1e6, {});
  CHECK(clock.now() == Seconds{0.0});
}
