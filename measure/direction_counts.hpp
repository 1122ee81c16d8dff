#pragma once

#include <cstdint>
#include <string>

namespace trexsearch::measure {

/// One direction's frame counts of a trial. draft-06 §3.4.1 defines the load per
/// direction and §3.4.3 the loss over all of them; a bidirectional result must
/// still say which direction lost the frames (CSIT and NFVbench print both).
struct DirectionCounts {
  /// "0->1": transmitting port -> receiving port.
  std::string name;
  /// Frames the trial should have sent in this direction.
  std::int64_t intended = 0;
  /// Frames the tester sent.
  std::int64_t offered = 0;
  /// Frames that arrived.
  std::int64_t received = 0;

  std::int64_t loss() const { return offered - received; }
  /// Frames the tester did not send; never negative (TRex sends R x D + 1).
  std::int64_t unsent() const { return intended > offered ? intended - offered : 0; }
  /// The reference's formula on this direction alone: (|loss| + unsent) /
  /// max(offered, intended), capped at 1; 0 for an empty direction.
  double loss_ratio() const;
  friend bool operator==(const DirectionCounts&, const DirectionCounts&) = default;
};

}  // namespace trexsearch::measure
