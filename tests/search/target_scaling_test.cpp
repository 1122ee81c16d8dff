#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "search/selection/target_scaling.hpp"

using namespace trexsearch;
using namespace trexsearch::mlr;

TEST_CASE("CSIT's NDR goal expands to sums 1 s, 4.583 s, 21 s at widths 4w, 2w, w") {
  const LoadGrid grid(9001.0, 14880952.0, std::vector<double>{0.001});
  const TargetChains chains = build_target_chains({SearchGoal{}}, grid);
  REQUIRE(chains.targets.size() == 3);
  REQUIRE(chains.final_target == std::vector<std::size_t>{2});
  const auto& coarsest = chains.targets[0];
  const auto& middle = chains.targets[1];
  const auto& final_target = chains.targets[2];
  const GridIndex w = final_target.width_steps;
  CHECK(w == grid.width_steps(0.005));
  CHECK(coarsest.classification.duration_sum == measure::Seconds{1.0});
  CHECK(middle.classification.duration_sum.count() == doctest::Approx(std::sqrt(21.0)));
  CHECK(final_target.classification.duration_sum == measure::Seconds{21.0});
  CHECK(coarsest.classification.trial_duration == measure::Seconds{1.0});
  CHECK(middle.classification.trial_duration == measure::Seconds{1.0});
  CHECK(coarsest.width_steps == 4 * w);
  CHECK(middle.width_steps == 2 * w);
  CHECK(coarsest.depth == 2);
  CHECK(final_target.depth == 0);
  CHECK_FALSE(coarsest.preceding);
  CHECK(middle.preceding == 0u);
  CHECK(final_target.preceding == 1u);
  // Only the goal itself fails fast.
  CHECK_FALSE(coarsest.fail_fast);
  CHECK_FALSE(middle.fail_fast);
  CHECK(final_target.fail_fast);
}

TEST_CASE("an RFC 2544 goal uses 1 s and 7.746 s trials before its 60 s ones") {
  SearchGoal rfc;
  rfc.exceed_ratio = 0.0;
  rfc.final_trial_duration = measure::Seconds{60.0};
  rfc.duration_sum = measure::Seconds{60.0};
  const LoadGrid grid(9001.0, 14880952.0, std::vector<double>{0.005});
  const TargetChains chains = build_target_chains({SearchGoal{}, rfc}, grid);
  REQUIRE(chains.targets.size() == 6);
  CHECK(chains.final_target == std::vector<std::size_t>{2, 5});
  CHECK(chains.targets[3].classification.trial_duration == measure::Seconds{1.0});
  CHECK(chains.targets[4].classification.trial_duration.count() ==
        doctest::Approx(std::sqrt(60.0)));
  CHECK(chains.targets[5].classification.trial_duration == measure::Seconds{60.0});
  CHECK(chains.targets[3].preceding == std::nullopt);
  CHECK(chains.targets[4].preceding == 3u);
}
