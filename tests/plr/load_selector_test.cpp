// The reference's load selection, step by step, with hand-computed loads.
#include "plr/load_selector.hpp"

#include <doctest/doctest.h>

#include <optional>
#include <vector>

namespace trexsearch::plr {

TEST_CASE(
    "loads follow the reference: middle, max, two MRR-like steps, then the lossy-loads rule") {
  LoadSelector selector(1e6, 1e7, 1e-7);
  const double target_factor = 1.0 - 1e-7;
  CHECK(selector.first_load_pps() == 5.5e6);
  CHECK(selector.lossy_loads() == std::vector<double>{1e7});
  // Trial 1: no loss -> max load.
  CHECK(selector.next_load_pps(1, 5.5e6, 0.0, false, 3e6) == 1e7);
  CHECK(selector.zeros() == 1);
  // Trial 2: 20 % loss, lossy after one zero: 4 * 2 copies; next is its forwarding rate.
  CHECK(selector.next_load_pps(2, 1e7, 0.2, true, 3e6) == doctest::Approx(8e6 / target_factor));
  CHECK(selector.lossy_loads() == std::vector<double>(9, 1e7));
  CHECK(selector.zeros() == 0);
  // Trial 3: 5 % loss, lossy right after a lossy trial: 4 copies.
  CHECK(selector.next_load_pps(3, 8e6, 0.05, true, 3e6) == doctest::Approx(7.6e6 / target_factor));
  CHECK(selector.lossy_loads().size() == 13);
  CHECK(selector.lossy_loads().front() == 8e6);
  // Trial 4: first zero: the midpoint of the smallest lossy load and the estimate; drain 3.
  CHECK(selector.next_load_pps(4, 7.6e6, 0.0, false, 7e6) == 7.5e6);
  CHECK(selector.lossy_loads().size() == 10);
  // Second zero: 2/3 lossy load, 1/3 estimate.
  CHECK(selector.next_load_pps(5, 7.5e6, 0.0, false, 7e6) == doctest::Approx(11.5e6 / 1.5));
  CHECK(selector.lossy_loads() == std::vector<double>(7, 1e7));
  // Third zero: 0.8 / 0.2.
  CHECK(selector.next_load_pps(6, 7.6e6, 0.0, false, 7e6) == doctest::Approx(9.4e6));
  CHECK(selector.lossy_loads().size() == 4);
  // Lossy after three zeros: 4 * 4 copies; no pull, the estimate is used as is.
  CHECK(selector.next_load_pps(7, 9.4e6, 1e-6, true, 8e6) == 8e6);
  CHECK(selector.lossy_loads().size() == 20);
  CHECK(selector.lossy_loads().front() == 9.4e6);
  // A zero with the estimate above the smallest lossy load: no pull, but still drained.
  CHECK(selector.next_load_pps(8, 8e6, 0.0, false, 9.5e6) == 9.5e6);
  CHECK(selector.lossy_loads().size() == 17);
}

TEST_CASE("loads are clamped to [min, max], and a missing estimate keeps the load") {
  LoadSelector selector(1e6, 1e7, 1e-7);
  selector.next_load_pps(1, 5.5e6, 0.0, false, std::nullopt);
  selector.next_load_pps(2, 1e7, 0.0, false, std::nullopt);
  // MRR-like step from a loss-free max-load trial would exceed max.
  CHECK(selector.next_load_pps(3, 1e7, 0.0, false, std::nullopt) == 1e7);
  CHECK(selector.next_load_pps(4, 1e7, 0.5, true, 2e7) == 1e7);
  CHECK(selector.next_load_pps(5, 1e7, 0.5, true, 1e5) == 1e6);
  CHECK(selector.next_load_pps(6, 3e6, 0.5, true, std::nullopt) == 3e6);
}

TEST_CASE("a trial below target (not just zero loss) counts as a zero") {
  LoadSelector selector(1e6, 1e7, 1e-3);
  selector.next_load_pps(1, 5.5e6, 1e-4, false, std::nullopt);
  CHECK(selector.zeros() == 1);
  CHECK(selector.lossy_loads().size() == 1);
}

}  // namespace trexsearch::plr
