#include "bench/mlrsearch/tester_limited_model.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <utility>

#include "measure/errors.hpp"
#include "sim/box_muller.hpp"
#include "sim/frame_counts.hpp"

namespace trexsearch::bench {
namespace {

constexpr const char* reach_option = "tester_reach_pps";
constexpr const char* spread_option = "tester_spread";
/// Any fixed offset: the tester's draws must not repeat the SUT model's.
constexpr std::uint64_t tester_seed_offset = 0x5deece66dULL;

class TesterLimitedModel final : public sim::SutModel {
 public:
  TesterLimitedModel(std::unique_ptr<sim::SutModel> sut, double reach_pps, double spread,
                     std::uint64_t seed)
      : sut_(std::move(sut)), reach_pps_(reach_pps), spread_(spread), random_(seed) {
    set_latency_options(sut_->latency_options());
  }

  measure::TrialOutcome trial(measure::Seconds duration, double load_pps) override {
    const double reach_pps = std::max(0.0, reach_pps_ * (1.0 + spread_ * normal_draw()));
    if (load_pps <= reach_pps) return sut_->trial(duration, load_pps);
    // The SUT sees what the tester sent; the rest was never sent.
    measure::TrialOutcome outcome = sut_->trial(duration, reach_pps);
    outcome.intended_count = sim::offered_frames("tester", load_pps, duration);
    outcome.tester_limited_pps = reach_pps;
    return outcome;
  }

  /// The SUT's own curve: the benches read the truth from true_capacity_pps,
  /// which every such model has (below), so the tester's shortfall is not here.
  double expected_loss_ratio(double load_pps, measure::Seconds duration) const override {
    return sut_->expected_loss_ratio(load_pps, duration);
  }

  /// Where half of the trials pass: the lower of the SUT's capacity and the
  /// tester's median reach (the spread is symmetric).
  std::optional<double> true_capacity_pps() const override {
    const std::optional<double> sut = sut_->true_capacity_pps();
    return sut ? std::min(*sut, reach_pps_) : reach_pps_;
  }

  std::string describe() const override {
    return sut_->describe() + ", behind a tester reaching " + std::to_string(reach_pps_) +
           " pps (relative spread " + std::to_string(spread_) + ")";
  }

 private:
  /// A standard normal draw, none without a spread.
  double normal_draw() { return spread_ > 0.0 ? sim::box_muller_normal(random_) : 0.0; }

  std::unique_ptr<sim::SutModel> sut_;
  double reach_pps_;
  double spread_;
  std::mt19937_64 random_;
};

double take_option(sim::SutOptions& options, const char* name) {
  const auto found = options.find(name);
  if (found == options.end()) return 0.0;
  const double value = found->second;
  options.erase(found);
  if (!(value >= 0.0) || !std::isfinite(value)) {
    throw measure::ConfigError(std::string("--model ") + name, std::to_string(value),
                               "must be a finite number at least 0");
  }
  return value;
}

}  // namespace

std::unique_ptr<sim::SutModel> make_bench_sut(const std::string& model,
                                              const sim::SutOptions& options, std::uint64_t seed) {
  sim::SutOptions own = options;
  const double reach_pps = take_option(own, reach_option);
  const double spread = take_option(own, spread_option);
  std::unique_ptr<sim::SutModel> sut = sim::make_sut(model, own, seed);
  if (reach_pps <= 0.0) return sut;
  return std::make_unique<TesterLimitedModel>(std::move(sut), reach_pps, spread,
                                              seed + tester_seed_offset);
}

}  // namespace trexsearch::bench
