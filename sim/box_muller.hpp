#pragma once
// A standard normal draw that is the same with every standard library (std::
// normal_distribution's algorithm is the library's own): for test rigs and bench
// models whose figures are quoted in docs/ and tests.
#include <cmath>
#include <numbers>
#include <random>

namespace trexsearch::sim {

/// One standard normal draw by the Box-Muller transform: two uniform draws in
/// (0, 1) from the top 53 bits of two generator outputs.
inline double box_muller_normal(std::mt19937_64& random) {
  const auto uniform = [&random] {
    return (static_cast<double>(random() >> 11) + 0.5) / 9007199254740992.0;
  };
  const double radius = std::sqrt(-2.0 * std::log(uniform()));
  return radius * std::cos(2.0 * std::numbers::pi * uniform());
}

}  // namespace trexsearch::sim
