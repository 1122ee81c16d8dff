#include "daemon/cpus/cpu_set.hpp"

#include <algorithm>
#include <charconv>
#include <iterator>

namespace trexsearch::service {
namespace {

// The kernel's NR_CPUS limit on common configurations; also what `cpus` accepts.
constexpr int kMaxCpu = 4095;

std::optional<int> parse_cpu(std::string_view digits) {
  int value = -1;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size() || value < 0 ||
      value > kMaxCpu) {
    return std::nullopt;
  }
  return value;
}

std::string_view trimmed(std::string_view text) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace

std::optional<CpuSet> parse_cpu_set(std::string_view text) {
  text = trimmed(text);
  CpuSet cpus;
  if (text.empty()) return cpus;
  while (true) {
    const std::size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    const std::size_t dash = item.find('-');
    const auto first = parse_cpu(item.substr(0, dash));
    const auto last = dash == std::string_view::npos ? first : parse_cpu(item.substr(dash + 1));
    if (!first || !last || *last < *first) return std::nullopt;
    for (int cpu = *first; cpu <= *last; ++cpu) cpus.insert(cpu);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return cpus;
}

std::string format_cpu_set(const CpuSet& cpus) {
  std::string text;
  for (auto it = cpus.begin(); it != cpus.end();) {
    const int first = *it;
    int last = first;
    while (++it != cpus.end() && *it == last + 1) last = *it;
    if (!text.empty()) text += ',';
    text += std::to_string(first);
    if (last != first) text += '-' + std::to_string(last);
  }
  return text;
}

CpuSet cpu_set_minus(const CpuSet& from, const CpuSet& minus) {
  CpuSet result;
  std::set_difference(from.begin(), from.end(), minus.begin(), minus.end(),
                      std::inserter(result, result.end()));
  return result;
}

CpuSet cpu_set_intersection(const CpuSet& a, const CpuSet& b) {
  CpuSet result;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(),
                        std::inserter(result, result.end()));
  return result;
}

bool cpu_set_includes(const CpuSet& outer, const CpuSet& inner) {
  return std::includes(outer.begin(), outer.end(), inner.begin(), inner.end());
}

}  // namespace trexsearch::service
