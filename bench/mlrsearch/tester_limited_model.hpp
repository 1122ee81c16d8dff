#pragma once
// The benches' models behind a tester that is the limit: two bench-only model
// options, so `--model sharp:tester_reach_pps=8e6:tester_spread=0.05` runs the
// sharp SUT behind a tester whose reach varies from trial to trial (TRex sharing a
// core), as on the stand in both directions (docs/benchmarks-mlrsearch.md "Behind
// a tester whose reach varies").
#include <cstdint>
#include <memory>
#include <string>

#include "sim/sut_model.hpp"

namespace trexsearch::bench {

/// sim::make_sut, but for the options tester_reach_pps (the tester's median reach;
/// absent or 0: none) and tester_spread (its relative standard deviation per trial,
/// a normal draw; default 0), which wrap the model: a trial above the draw's reach
/// offers that reach, counts the rest as unsent and is tester-limited, as
/// TrexMeasurer reports such a trial. Throws ConfigError for a negative value.
std::unique_ptr<sim::SutModel> make_bench_sut(const std::string& model,
                                              const sim::SutOptions& options, std::uint64_t seed);

}  // namespace trexsearch::bench
