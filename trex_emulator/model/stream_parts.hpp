#pragma once

#include <cstdint>
#include <vector>

#include "trex_emulator/model/counter_book.hpp"
#include "trex_emulator/model/traffic_plan.hpp"

namespace trexsearch::trex::emu {

/// Splits `total` into whole numbers proportional to `weights` that add up to `total`
/// exactly (each within one of its share); equal shares when every weight is zero.
std::vector<std::uint64_t> split_by_weight(std::uint64_t total, const std::vector<double>& weights);

/// The parts of a delivery of `streams`: `sent` frames split over the streams by
/// `weights`, `forwarded` split over what each stream sent (so no stream receives more
/// than it sent, and none loses any when the SUT lost none), bytes from each stream's
/// frame size. Streams sharing a pg_id (an IMIX mix) make one part, summed as TRex
/// sums them; streams without flow stats make one part that only ports count.
std::vector<DeliveryPart> stream_parts(const std::vector<PlannedStream>& streams,
                                       const std::vector<double>& weights, std::uint64_t sent,
                                       std::uint64_t forwarded);

}  // namespace trexsearch::trex::emu
