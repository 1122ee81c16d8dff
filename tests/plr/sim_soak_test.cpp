// The search against the shared simulated soak SUT (sim/), whose true critical load is
// known exactly: a short soak must bracket the truth.
#include <doctest/doctest.h>

#include <cmath>
#include <stop_token>

#include "measure/clock.hpp"
#include "plr/soak_search.hpp"
#include "sim/critical_load.hpp"
#include "sim/sut_measurer.hpp"
#include "sim/sut_model.hpp"
#include "tests/support/clocked_measurer.hpp"

namespace trexsearch::plr {
namespace {}  // namespace

TEST_CASE("on the simulated soak SUT a 5-minute soak brackets the true critical load") {
  const sim::SutOptions options{{"capacity_pps", 1e7}, {"spread_pps", 1e5}};
  PlrConfig config;
  config.min_load_pps = 9001.0;
  config.max_load_pps = 1.488e7;
  config.time_budget = measure::Seconds{300.0};
  config.samples_per_trial = 2000;
  const double truth = *sim::critical_load_pps(*sim::make_sut("soak", options, 0),
                                               config.target_loss_ratio, measure::Seconds{10.0});
  for (std::uint64_t seed : {1, 2}) {
    CAPTURE(seed);
    measure::ManualClock clock;
    sim::SutMeasurer sut(sim::make_sut("soak", options, seed));
    test_support::ClockedMeasurer measurer(sut, clock, measure::Seconds{0.5});
    config.seed = seed;
    const PlrResult result = SoakSearch(config, clock).run(measurer);
    REQUIRE(result.estimate.has_value());
    CAPTURE(result.estimate->average_pps);
    CAPTURE(result.estimate->stdev_pps);
    CHECK(result.trials.size() == 40);  // the 40th ends at 302 s
    CHECK(std::fabs(result.estimate->average_pps - truth) <= 2.0 * result.estimate->stdev_pps);
    CHECK(result.estimate->relative_stdev() < 0.01);
  }
}

}  // namespace trexsearch::plr
