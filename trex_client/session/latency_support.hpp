#pragma once

#include <string>
#include <vector>

#include "measure/errors.hpp"
#include "trex_client/api/system_info.hpp"
#include "trex_client/profile/compiled_profile.hpp"
#include "trex_client/transport/trex_error.hpp"

namespace trexsearch::trex {

/// TRex cannot send the profile's latency streams: a port lacks the `latency` RX
/// capability, or TRex refused a latency stream or its counter
/// (trex-flowstats-latency.md §1.1). Not worth retrying: the message says which
/// port and quotes TRex, e.g. "latency unsupported for this profile/port 0: Need at
/// least 16 payload bytes for payload rules. Packet only has 10 bytes".
class LatencyUnsupported : public measure::MeasurementError {
 public:
  using measure::MeasurementError::MeasurementError;
};

/// Throws LatencyUnsupported unless every transmitting or receiving port of a
/// latency stream lists `latency` in `rx.caps` (a port get_system_info does not
/// describe counts as unsupported).
void check_latency_support(const SystemInfo& system,
                           const std::vector<TrafficDirection>& directions);

/// TRex's refusal of a latency stream (add_stream, or start_traffic's "Failed
/// allocating statistic counter") as LatencyUnsupported naming the port.
LatencyUnsupported latency_unsupported(std::uint8_t port, const TrexError& refusal);

}  // namespace trexsearch::trex
