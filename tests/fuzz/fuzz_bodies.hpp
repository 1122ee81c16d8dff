#pragma once

// The body of every fuzz target, as plain functions: libFuzzer entry points
// (libfuzzer_entry.cpp) call them, and so does the corpus replay test, so each body
// is built and exercised by the normal (gcc) test suite too.

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace trexsearch::fuzz {

/// A parser accepted an input but its own output (re-encoded) reads back differently.
class RoundTripMismatch : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

/// Throws RoundTripMismatch naming `what` when `ok` is false.
void require_round_trip(bool ok, const std::string& what);

/// Control-socket request line (parse_request) and reply line (parse_response).
void fuzz_control_request(std::string_view data);
/// TRex reply: plain or zlib-framed, single or batch (the first bytes choose the batch).
void fuzz_trex_reply(std::string_view data);
/// Traffic profile JSON: parse, validate and compile.
void fuzz_traffic_profile(std::string_view data);
/// Search spec JSON: MLRsearch controller config, PLRsearch config, goal list.
void fuzz_search_spec(std::string_view data);
/// External-measurer reply line (and request line).
void fuzz_measurer_reply(std::string_view data);
/// `trex-search analyze` input JSON.
void fuzz_analyze_input(std::string_view data);
/// TRex's latency HDR histogram (`lat.hdrh`): decode, re-encode, summarise.
void fuzz_hdrh(std::string_view data);

/// A fuzz target: its name (also its corpus folder) and body.
struct FuzzTarget {
  const char* name;
  void (*body)(std::string_view);
};

/// Every target, for the replay test and scripts/ci/fuzz.sh.
std::span<const FuzzTarget> fuzz_targets();

}  // namespace trexsearch::fuzz
