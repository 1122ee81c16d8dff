#include "trex_emulator/model/stream_parts.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

namespace trexsearch::trex::emu {
namespace {

__extension__ using Wide = unsigned __int128;

}  // namespace

std::vector<std::uint64_t> split_by_weight(std::uint64_t total,
                                           const std::vector<double>& weights) {
  std::vector<std::uint64_t> shares(weights.size(), 0);
  if (weights.empty()) return shares;
  double sum = 0.0;
  for (double weight : weights) sum += std::max(0.0, weight);
  // Cumulative rounding: share k ends where the first k weights' share of the total
  // rounds to, so the shares add up to the total whatever the rounding.
  std::uint64_t previous = 0;
  double cumulative = 0.0;
  for (std::size_t k = 0; k < weights.size(); ++k) {
    cumulative += sum > 0.0 ? std::max(0.0, weights[k]) : 1.0;
    const double whole = sum > 0.0 ? sum : static_cast<double>(weights.size());
    std::uint64_t end = k + 1 == weights.size()
                            ? total
                            : static_cast<std::uint64_t>(
                                  std::llround(static_cast<double>(total) * cumulative / whole));
    end = std::clamp(end, previous, total);
    shares[k] = end - previous;
    previous = end;
  }
  return shares;
}

std::vector<DeliveryPart> stream_parts(const std::vector<PlannedStream>& streams,
                                       const std::vector<double>& weights, std::uint64_t sent,
                                       std::uint64_t forwarded) {
  const std::vector<std::uint64_t> tx = split_by_weight(sent, weights);
  forwarded = std::min(forwarded, sent);
  std::map<std::optional<std::uint32_t>, FrameCounts> by_pg;
  std::uint64_t cumulative_tx = 0;
  std::uint64_t previous_rx = 0;
  for (std::size_t i = 0; i < streams.size() && i < tx.size(); ++i) {
    cumulative_tx += tx[i];
    // Integer arithmetic: with no loss every stream must receive exactly what it sent.
    const std::uint64_t rx_end =
        sent == 0 ? 0
                  : static_cast<std::uint64_t>(static_cast<Wide>(forwarded) * cumulative_tx / sent);
    const std::uint64_t rx = rx_end - previous_rx;
    previous_rx = rx_end;
    const auto frame_bytes = static_cast<std::uint64_t>(std::llround(streams[i].frame_bytes));
    FrameCounts& part = by_pg[streams[i].pg_id];
    part.tx_packets += tx[i];
    part.tx_bytes += tx[i] * frame_bytes;
    part.rx_packets += rx;
    part.rx_bytes += rx * frame_bytes;
  }
  std::vector<DeliveryPart> parts;
  parts.reserve(by_pg.size());
  for (const auto& [pg_id, frames] : by_pg) parts.push_back({pg_id, frames});
  return parts;
}

}  // namespace trexsearch::trex::emu
