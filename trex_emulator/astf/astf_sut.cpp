#include "trex_emulator/astf/astf_sut.hpp"

#include <algorithm>
#include <cmath>

namespace trexsearch::trex::emu {

AstfSut::AstfSut(AstfSutLimits limits) : limits_(limits) {}

void AstfSut::expire(double at) {
  while (!releases_.empty() && releases_.begin()->first <= at) {
    held_ -= std::min(held_, releases_.begin()->second);
    releases_.erase(releases_.begin());
  }
}

std::uint64_t AstfSut::admit(double at, std::uint64_t count) {
  expire(at);
  std::uint64_t passed = count;
  if (limits_.cps) {
    const double burst = std::max(1.0, *limits_.cps * 0.01);
    if (!started_) {
      tokens_ = burst;
      started_ = true;
    } else if (at > refilled_at_) {
      tokens_ = std::min(burst, tokens_ + (at - refilled_at_) * *limits_.cps);
    }
    refilled_at_ = std::max(refilled_at_, at);
    passed = std::min<std::uint64_t>(passed, static_cast<std::uint64_t>(std::floor(tokens_)));
  }
  if (limits_.sessions)
    passed = std::min(passed, *limits_.sessions - std::min(held_, *limits_.sessions));
  if (limits_.cps) tokens_ -= static_cast<double>(passed);
  held_ += passed;
  return passed;
}

void AstfSut::release_at(double at, std::uint64_t count) {
  if (count != 0) releases_[at] += count;
}

void AstfSut::move_release(double from, double to, std::uint64_t count) {
  const auto it = releases_.find(from);
  if (it == releases_.end()) return;  // flushed meanwhile
  const std::uint64_t moved = std::min(count, it->second);
  it->second -= moved;
  if (it->second == 0) releases_.erase(it);
  release_at(to, moved);
}

void AstfSut::flush() {
  held_ = 0;
  releases_.clear();
}

std::uint64_t AstfSut::sessions(double at) {
  expire(at);
  return held_;
}

}  // namespace trexsearch::trex::emu
