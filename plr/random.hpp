#pragma once

#include <cmath>
#include <cstdint>
#include <utility>

namespace trexsearch::plr {

/// One step of SplitMix64: a bijective 64-bit mixer, used to expand and derive seeds.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// A seed for one integration chunk, from the search seed and the chunk's coordinates, so that
/// every chunk draws the same numbers whichever thread runs it and however many threads exist.
constexpr std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t trial_number,
                                    std::uint64_t fit_index, std::uint64_t chunk_index) {
  std::uint64_t state = seed;
  std::uint64_t mixed = splitmix64(state);
  state = mixed ^ trial_number;
  mixed = splitmix64(state);
  state = mixed ^ (fit_index << 48) ^ chunk_index;
  return splitmix64(state);
}

/// xoshiro256** (Blackman and Vigna): small, fast, and its output is fully specified, unlike
/// the standard library's distributions, so seeded runs reproduce exactly everywhere.
class Random {
 public:
  explicit Random(std::uint64_t seed) {
    for (std::uint64_t& word : state_) word = splitmix64(seed);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  /// Uniform on [0, 1), 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1p-53; }

  /// Uniform on the open interval (-1, 1).
  double uniform_symmetric() {
    for (;;) {
      const double x = 2.0 * uniform() - 1.0;
      if (x > -1.0) return x;
    }
  }

  /// Two independent standard normal numbers (Marsaglia's polar method).
  std::pair<double, double> normal_pair() {
    for (;;) {
      const double u = uniform_symmetric();
      const double v = uniform_symmetric();
      const double s = u * u + v * v;
      if (s > 0.0 && s < 1.0) {
        const double factor = std::sqrt(-2.0 * std::log(s) / s);
        return {u * factor, v * factor};
      }
    }
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  std::uint64_t state_[4]{};
};

}  // namespace trexsearch::plr
