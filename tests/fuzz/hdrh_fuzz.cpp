// Fuzz body: TRex's HDR histogram (`lat.hdrh`, base64 of zlib of HdrHistogram V2,
// trex-flowstats-latency.md §2.2). It comes from TRex, so it is untrusted: a
// malformed string must fail as std::invalid_argument, never crash, hang or allocate
// without bound; one that decodes must encode and decode back to the same counts.

#include "measure/latency_histogram.hpp"
#include "measure/latency_summary.hpp"
#include "tests/fuzz/fuzz_bodies.hpp"

namespace trexsearch::fuzz {

void fuzz_hdrh(std::string_view data) {
  measure::LatencyHistogram histogram;
  try {
    histogram = measure::LatencyHistogram::decode(data);
  } catch (const std::invalid_argument&) {
    return;
  }
  const measure::LatencyHistogram again = measure::LatencyHistogram::decode(histogram.encode());
  require_round_trip(again == histogram, "hdrh counts");
  // Whatever decoded must summarise: ordered percentiles, no throw.
  const measure::LatencySummary summary = measure::summarize(histogram, std::nullopt);
  if (summary.p50_us && summary.p99_us) {
    require_round_trip(*summary.p50_us <= *summary.p99_us, "p50 <= p99");
    require_round_trip(*summary.p99_us <= summary.max_us, "p99 <= max");
  }
}

}  // namespace trexsearch::fuzz
