// CPU lists as the kernel writes them, and the set arithmetic of CPU protection.
#include "daemon/cpus/cpu_set.hpp"

#include <doctest/doctest.h>

namespace trexsearch::service {

TEST_CASE("CPU lists parse and format in the kernel's notation") {
  CHECK(parse_cpu_set("0-3,8,10-11\n") == CpuSet{0, 1, 2, 3, 8, 10, 11});
  CHECK(parse_cpu_set(" 1 ") == CpuSet{1});
  CHECK(parse_cpu_set("") == CpuSet{});
  CHECK(parse_cpu_set("4095") == CpuSet{4095});
  for (const char* bad : {"3-1", "a", "1,", ",1", "1-", "-1", "4096", "1 2", "0-1-2"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_cpu_set(bad).has_value());
  }
  CHECK(format_cpu_set({0, 1, 2, 6}) == "0-2,6");
  CHECK(format_cpu_set({1}) == "1");
  CHECK(format_cpu_set({1, 3, 4}) == "1,3-4");
  CHECK(format_cpu_set({}) == "");
  CHECK(format_cpu_set(*parse_cpu_set("0-3,8,10-11")) == "0-3,8,10-11");
}

TEST_CASE("the daemon's CPUs are the others minus TRex's") {
  const CpuSet online{0, 1, 2, 3};
  CHECK(cpu_set_minus(online, {1}) == CpuSet{0, 2, 3});
  CHECK(cpu_set_minus(online, {}) == online);
  CHECK(cpu_set_minus({0, 1}, {0, 1, 5}).empty());
  CHECK(cpu_set_intersection({0, 1, 2}, {2, 3}) == CpuSet{2});
  CHECK(cpu_set_intersection({0}, {1}).empty());
  CHECK(cpu_set_includes(online, {1, 3}));
  CHECK(cpu_set_includes(online, {}));
  CHECK_FALSE(cpu_set_includes({0, 1}, {1, 2}));
}

}  // namespace trexsearch::service
