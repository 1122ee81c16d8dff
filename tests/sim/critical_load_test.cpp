#include "sim/critical_load.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "measure/errors.hpp"
#include "sim/soak_sut.hpp"

namespace trexsearch::sim {

TEST_CASE("soak: the critical load reproduces the target loss ratio") {
  SoakSut sut({{"capacity_pps", 1e7}, {"spread_pps", 1e4}}, 1);
  for (const double target : {1e-7, 1e-5, 1e-3, 0.1}) {
    for (const double duration_s : {1.0, 5.1, 120.0}) {
      CAPTURE(target);
      CAPTURE(duration_s);
      const measure::Seconds duration{duration_s};
      const auto critical = critical_load_pps(sut, target, duration);
      REQUIRE(critical.has_value());
      // Round trip through the curve; counts are whole frames, so allow one
      // frame's worth of rounding on top of the bisection's 1e-12.
      const double frames = *critical * duration_s;
      CHECK(sut.expected_loss_ratio(*critical, duration) <= target);
      CHECK(sut.expected_loss_ratio(*critical, duration) ==
            doctest::Approx(target).epsilon(1e-6 + 2.0 / (target * frames)));
      // The loss-rate curve itself says the same: f(L*) / L* = target.
      CHECK(sut.loss_rate_pps(*critical) / *critical == doctest::Approx(target).epsilon(1e-4));
      // A little more load loses more than the target.
      CHECK(sut.expected_loss_ratio(*critical * 1.0001, duration) > target);
    }
  }
  // Far below C, f(L) = s ln(1 + e^((L - C) / s)) (softplus(-C / s) underflows), so
  // the ratio is 1e-7 where L = C + s ln(expm1(1e-7 L / s)), about C - 9.2 s.
  const auto ndr = critical_load_pps(sut, 1e-7, measure::Seconds{5.1});
  REQUIRE(ndr.has_value());
  CHECK(*ndr == doctest::Approx(1e7 + 1e4 * std::log(std::expm1(1e-7 * *ndr / 1e4))).epsilon(1e-9));
  CHECK(*ndr == doctest::Approx(1e7 - 9.2e4).epsilon(1e-3));
}

TEST_CASE("sharp: the zero-loss critical load is the capacity, within one frame") {
  auto sut = make_sut("sharp", {{"capacity_pps", 1e6}}, 0);
  const auto critical = critical_load_pps(*sut, 0.0, measure::Seconds{1.0});
  REQUIRE(critical.has_value());
  CHECK(*critical >= 1e6);
  CHECK(*critical < 1e6 + 1.0);
  // A 0.5 % goal: L (1 - 0.005) = C.
  const auto pdr = critical_load_pps(*sut, 0.005, measure::Seconds{10.0});
  REQUIRE(pdr.has_value());
  CHECK(*pdr == doctest::Approx(1e6 / 0.995).epsilon(1e-6));
}

TEST_CASE("lossy: no zero-loss critical load, but one above the loss floor") {
  auto sut = make_sut("lossy", {{"capacity_pps", 1e7}, {"background_loss_ratio", 0.001}}, 0);
  CHECK_FALSE(critical_load_pps(*sut, 0.0, measure::Seconds{1.0}).has_value());
  const auto pdr = critical_load_pps(*sut, 0.005, measure::Seconds{1.0});
  REQUIRE(pdr.has_value());
  CHECK(*pdr == doctest::Approx(1e7 / 0.995).epsilon(1e-6));
}

TEST_CASE("duration_dependent: longer trials have lower critical loads") {
  auto sut = make_sut("duration_dependent", {{"capacity_pps", 1e6}, {"buffer_frames", 1e5}}, 0);
  const auto one_second = critical_load_pps(*sut, 0.0, measure::Seconds{1.0});
  const auto one_minute = critical_load_pps(*sut, 0.0, measure::Seconds{60.0});
  REQUIRE(one_second.has_value());
  REQUIRE(one_minute.has_value());
  CHECK(*one_second == doctest::Approx(1.1e6).epsilon(1e-6));
  CHECK(*one_minute == doctest::Approx(1e6 + 1e5 / 60.0).epsilon(1e-6));
}

TEST_CASE("no critical load when the target is never exceeded in range") {
  auto sut = make_sut("sharp", {{"capacity_pps", 1e13}}, 0);
  CHECK_FALSE(critical_load_pps(*sut, 0.0, measure::Seconds{1.0}).has_value());
}

TEST_CASE("critical load input is validated") {
  auto sut = make_sut("sharp", {}, 0);
  CHECK_THROWS_WITH_AS(critical_load_pps(*sut, 1.0, measure::Seconds{1.0}),
                       doctest::Contains("target_loss_ratio = 1"), measure::ConfigError);
  CHECK_THROWS_WITH_AS(critical_load_pps(*sut, -0.1, measure::Seconds{1.0}),
                       doctest::Contains("target_loss_ratio = -0.1"), measure::ConfigError);
  CHECK_THROWS_WITH_AS(critical_load_pps(*sut, 0.0, measure::Seconds{0.0}),
                       doctest::Contains("duration = 0"), measure::ConfigError);
}

}  // namespace trexsearch::sim
