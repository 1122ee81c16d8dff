// Exact frame counts of the deterministic models and of the random models at
// settings where their randomness cannot matter, plus determinism per seed.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "measure/errors.hpp"
#include "sim/soak_sut.hpp"
#include "sim/sut_model.hpp"

namespace trexsearch::sim {
namespace {

struct Counts {
  std::int64_t offered;
  std::int64_t loss;
  bool operator==(const Counts&) const = default;
};

Counts counts_of(SutModel& model, double load_pps, double duration_s) {
  const measure::TrialOutcome outcome = model.trial(measure::Seconds{duration_s}, load_pps);
  // Models leave effective duration and intended count to the measurer.
  CHECK_FALSE(outcome.effective_duration.has_value());
  CHECK_FALSE(outcome.intended_count.has_value());
  return {outcome.offered_count, outcome.loss_count};
}

std::vector<Counts> sequence(std::string_view model, const SutOptions& options,
                             std::uint64_t seed) {
  auto sut = make_sut(model, options, seed);
  std::vector<Counts> trials;
  for (int i = 0; i < 20; ++i) trials.push_back(counts_of(*sut, 1.0e7 + i * 1e4, 1.0));
  return trials;
}

}  // namespace

TEST_CASE("sharp loses exactly the frames above capacity") {
  auto sut = make_sut("sharp", {{"capacity_pps", 1e6}}, 0);
  CHECK(counts_of(*sut, 1.5e6, 2.0) == Counts{3000000, 1000000});
  CHECK(counts_of(*sut, 1e6, 60.0) == Counts{60000000, 0});
  CHECK(counts_of(*sut, 999999.0, 1.0) == Counts{999999, 0});
  // Offered = llround(load * duration): 1000000.6 frames/s for 1 s offers one frame
  // above the capacity's 1000000.
  CHECK(counts_of(*sut, 1000000.6, 1.0) == Counts{1000001, 1});
  CHECK(counts_of(*sut, 1000000.4, 1.0) == Counts{1000000, 0});
  CHECK(counts_of(*sut, 0.0, 1.0) == Counts{0, 0});
  CHECK(sut->expected_loss_ratio(1.5e6, measure::Seconds{2.0}) == doctest::Approx(1.0 / 3.0));
  CHECK(sut->expected_loss_ratio(0.9e6, measure::Seconds{2.0}) == 0.0);
  CHECK(sut->true_capacity_pps() == 1e6);
}

TEST_CASE("duration_dependent absorbs a buffer per trial, so short trials pass more") {
  auto sut = make_sut("duration_dependent", {{"capacity_pps", 1e6}, {"buffer_frames", 1e5}}, 0);
  // 1 s at 1.1e6: 1.1e6 offered, 1e6 forwarded + 1e5 buffered, nothing lost.
  CHECK(counts_of(*sut, 1.1e6, 1.0) == Counts{1100000, 0});
  // The same load for 60 s: 6.6e7 offered, 6e7 + 1e5 absorbed.
  CHECK(counts_of(*sut, 1.1e6, 60.0) == Counts{66000000, 5900000});
  CHECK(counts_of(*sut, 1e6, 60.0) == Counts{60000000, 0});
  CHECK(sut->true_capacity_pps() == 1e6);
  CHECK(sut->expected_loss_ratio(1.1e6, measure::Seconds{60.0}) == doctest::Approx(5.9e6 / 6.6e7));
}

TEST_CASE("random models without randomness to apply behave like sharp") {
  const SutOptions quiet_noisy{{"capacity_pps", 1e6}, {"noise", 0.0}};
  const SutOptions quiet_lossy{{"capacity_pps", 1e6}, {"background_loss_ratio", 0.0}};
  const SutOptions quiet_bursty{{"capacity_pps", 1e6}, {"event_rate_per_s", 0.0}};
  for (const auto& [name, options] :
       {std::pair{"noisy", quiet_noisy}, {"lossy", quiet_lossy}, {"bursty", quiet_bursty}}) {
    const std::string model = name;  // CAPTURE cannot take a structured binding before clang 16
    CAPTURE(model);
    auto sut = make_sut(name, options, 3);
    CHECK(counts_of(*sut, 1.5e6, 2.0) == Counts{3000000, 1000000});
    CHECK(counts_of(*sut, 0.5e6, 2.0) == Counts{1000000, 0});
    CHECK(sut->true_capacity_pps() == 1e6);
    CHECK(sut->expected_loss_ratio(1.5e6, measure::Seconds{2.0}) == doctest::Approx(1.0 / 3.0));
    CHECK(sut->expected_loss_ratio(0.5e6, measure::Seconds{2.0}) == 0.0);
  }
}

TEST_CASE("bursty interruptions lose whole bursts below capacity") {
  // Ten interruptions per second on average, each 1 ms: at 1e6 frames/s every
  // interruption loses exactly 1000 frames.
  auto sut = make_sut(
      "bursty", {{"capacity_pps", 2e6}, {"event_rate_per_s", 10.0}, {"interruption_s", 1e-3}}, 5);
  std::int64_t total_loss = 0;
  for (int i = 0; i < 50; ++i) {
    const Counts counts = counts_of(*sut, 1e6, 1.0);
    CHECK(counts.offered == 1000000);
    CHECK(counts.loss % 1000 == 0);
    total_loss += counts.loss;
  }
  CHECK(total_loss > 0);
  CHECK(sut->true_capacity_pps() == 2e6);
}

TEST_CASE("lossy has no true capacity when every load loses frames") {
  auto sut = make_sut("lossy", {{"background_loss_ratio", 1e-3}}, 1);
  CHECK_FALSE(sut->true_capacity_pps().has_value());
  CHECK(sut->expected_loss_ratio(1e5, measure::Seconds{1.0}) ==
        doctest::Approx(1e-3).epsilon(1e-9));
}

TEST_CASE("soak loses frames at the documented rate curve") {
  SoakSut sut({{"capacity_pps", 1e6}, {"spread_pps", 1e3}}, 1);
  // f(C) = s (ln 2 - softplus(-1000)), far above C it approaches L - C.
  CHECK(sut.loss_rate_pps(1e6) == doctest::Approx(1e3 * std::log(2.0)).epsilon(1e-12));
  CHECK(sut.loss_rate_pps(2e6) == doctest::Approx(1e6).epsilon(1e-12));
  CHECK(sut.loss_rate_pps(0.0) == 0.0);
  CHECK(sut.loss_rate_pps(9.9e5) == doctest::Approx(1e3 * std::log1p(std::exp(-10.0))));
  CHECK_FALSE(sut.true_capacity_pps().has_value());
}

TEST_CASE("the same seed gives the same trial sequence, another seed another one") {
  const std::pair<const char*, SutOptions> random_models[] = {
      {"noisy", {}},
      {"lossy", {{"capacity_pps", 1.5e7}}},
      {"bursty", {{"event_rate_per_s", 5.0}}},
      {"soak", {}},
  };
  for (const auto& [name, options] : random_models) {
    const std::string model = name;  // CAPTURE cannot take a structured binding before clang 16
    CAPTURE(model);
    const auto first = sequence(name, options, 11);
    CHECK(sequence(name, options, 11) == first);
    CHECK(sequence(name, options, 12) != first);
  }
  // Deterministic models ignore the seed.
  CHECK(sequence("sharp", {}, 1) == sequence("sharp", {}, 2));
  CHECK(sequence("duration_dependent", {}, 1) == sequence("duration_dependent", {}, 2));
}

TEST_CASE("bad trial requests are rejected with the model and the value named") {
  auto sut = make_sut("noisy", {}, 1);
  CHECK_THROWS_WITH_AS(sut->trial(measure::Seconds{1.0}, -1.0),
                       doctest::Contains("SUT model noisy: trial load"), measure::MeasurementError);
  CHECK_THROWS_WITH_AS(sut->trial(measure::Seconds{0.0}, 1e6), doctest::Contains("duration"),
                       measure::MeasurementError);
  CHECK_THROWS_WITH_AS(sut->trial(measure::Seconds{1.0}, 1e300),
                       doctest::Contains("too many frames"), measure::MeasurementError);
  CHECK_THROWS_AS(sut->expected_loss_ratio(std::nan(""), measure::Seconds{1.0}),
                  measure::MeasurementError);
}

}  // namespace trexsearch::sim
