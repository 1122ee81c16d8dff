#include "bench/plr/soak_trials.hpp"

#include "measure/trial_result.hpp"
#include "plr/random.hpp"
#include "sim/critical_load.hpp"
#include "sim/sut_model.hpp"

namespace trexsearch::plr::bench {
namespace {

sim::SutOptions soak_options() {
  return {{"capacity_pps", kCapacityPps}, {"spread_pps", kSpreadPps}};
}

}  // namespace

double true_critical_load_pps() {
  const auto model = sim::make_sut("soak", soak_options(), 1);
  return *sim::critical_load_pps(*model, kTargetLossRatio, measure::Seconds{10.0});
}

std::shared_ptr<const std::vector<StoredTrial>> converged_soak_trials(std::size_t count,
                                                                      std::uint64_t seed) {
  const auto model = sim::make_sut("soak", soak_options(), seed);
  const double critical = true_critical_load_pps();
  Random random(seed);
  auto trials = std::make_shared<std::vector<StoredTrial>>();
  for (std::size_t i = 0; i < count; ++i) {
    const double load = critical * (1.0 + 0.01 * random.uniform_symmetric());
    const measure::Seconds duration{5.1 + 0.1 * static_cast<double>(i)};
    trials->push_back(StoredTrial::from(
        measure::TrialResult::from_outcome(load, duration, model->trial(duration, load))));
  }
  return trials;
}

}  // namespace trexsearch::plr::bench
