#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace trexsearch::service {

/// A set of CPU numbers (as the kernel numbers them: /sys/devices/system/cpu/cpuN).
using CpuSet = std::set<int>;

/// Parses the kernel's CPU list format ("0-3,8,10-11", as in Cpus_allowed_list and
/// /sys/devices/system/cpu/online; surrounding blanks and a trailing newline are ignored).
/// "" is the empty set. Absent when malformed or a CPU is above 4095.
std::optional<CpuSet> parse_cpu_set(std::string_view text);

/// The kernel's CPU list format, ranges merged: {0, 1, 2, 6} -> "0-2,6"; {} -> "".
std::string format_cpu_set(const CpuSet& cpus);

/// The CPUs of `from` that are not in `minus`.
CpuSet cpu_set_minus(const CpuSet& from, const CpuSet& minus);

/// The CPUs in both.
CpuSet cpu_set_intersection(const CpuSet& a, const CpuSet& b);

/// Whether `inner` has no CPU outside `outer`.
bool cpu_set_includes(const CpuSet& outer, const CpuSet& inner);

}  // namespace trexsearch::service
