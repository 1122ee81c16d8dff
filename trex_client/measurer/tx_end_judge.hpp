#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "measure/units.hpp"

namespace trexsearch::trex {

/// Whether each direction of a trial sent its intended frames by its allowed end,
/// judged in TRex's own clock (docs/trials.md "A tester-limited trial never passes").
///
/// A direction's TX begins when TRex's data plane starts it. TRex's control plane hands
/// the port to its data plane somewhere between the start request's server time (the
/// reply's `ts`) and the server time at which it went on to the batch's next request:
/// on the stand 2-5 ms apart (a start's link check, compile and state event), so a
/// second port began up to 7 ms after its `ts`. Where in that window is read from the
/// direction's own first pace (sent frames over the intended rate, back from the read
/// that saw them): never before the window nor after it, so a data plane that starts late
/// within the window is not blamed for the control plane's work and one that starts
/// after it is not forgiven. Its allowed end is that begin plus
/// D x (1 + allowance), the allowance a fraction of the trial (draft-01 §5.1 item 5:
/// unsent frames count, so the search avoids the region where the tester stretches
/// trials). Being relative and in TRex's clock, it is the same share of a 1 ms trial
/// as of an hour's, and an emulator whose clock runs fast widens nothing.
///
/// The evidence is counter reads stamped with TRex's clock. A read at or before the
/// allowed end that shows every frame sent proves the direction in time; a read at or
/// after it that shows frames still unsent proves it late. Between the two (the last
/// read before the end still sending, the first after it done), the direction is in
/// time if its pace up to that last read has its last frame leave by the end; if not,
/// or with no read before the end that shows a pace, it is `unverified` (a late start
/// that TRex sends in a burst makes an early pace misleading): never credited.
class TxEndJudge {
 public:
  struct Direction {
    /// The earliest TRex's data plane can have begun sending [TRex clock, s]: the start
    /// request's server time plus the data plane's start delay.
    double tx_begin_s = 0.0;
    std::int64_t intended = 0;
    /// The latest it can have begun: when TRex went on past the start (the next request
    /// of its batch) plus the same delay. Unset, or not after tx_begin_s: tx_begin_s.
    std::optional<double> tx_begin_latest_s;
  };
  enum class Verdict {
    in_time,
    /// Frames unsent at or after the allowed end.
    late,
    /// Every frame sent, but no read shows it was by the allowed end: not credited.
    unverified,
  };
  struct Judgement {
    Verdict verdict = Verdict::in_time;
    /// The allowed end, from tx_begin [s of TRex's clock].
    double allowed_s = 0.0;
    /// Late or unverified: the rate the direction reached [pps] (unverified: at
    /// least this; it sent everything by the first read).
    double reached_pps = 0.0;
    /// Late: when the last frame left or would leave at the pace seen, from
    /// tx_begin [s]; unset when it never finished (frames unsent at the stop).
    std::optional<double> finish_s;
    /// The read the verdict rests on, from tx_begin [s].
    double evidence_s = 0.0;
    /// Where the direction's TX began [TRex clock, s]: within [tx_begin_s,
    /// tx_begin_latest_s], from its first pace.
    double tx_begin_s = 0.0;
  };

  /// `allowance` is a fraction of `intended_duration` (>= 0).
  TxEndJudge(std::vector<Direction> directions, measure::Seconds intended_duration,
             double allowance);

  /// A read of direction `index`'s TX count (`sent` since the trial's baseline) at
  /// `trex_time_s`.
  void observe(std::size_t index, double trex_time_s, std::int64_t sent);
  /// The latest allowed end over all directions [TRex clock, s]: a read at or past it
  /// settles every verdict (a begin not yet read from a pace counts at its latest).
  double last_allowed_end_s() const;
  /// Direction `index`'s allowed end [TRex clock, s]: its begin (from its pace, else
  /// the earliest) plus the allowed time.
  double allowed_end_s(std::size_t index) const { return begin_of(index) + allowed_s_; }
  Judgement judge(std::size_t index) const;
  std::size_t size() const { return directions_.size(); }

 private:
  struct Read {
    double at_s = 0.0;  // from tx_begin
    std::int64_t sent = 0;
  };
  struct Evidence {
    std::optional<Read> done_in_time;    // earliest read at or before the end, all sent
    std::optional<Read> sending_late;    // earliest read at or after the end, some unsent
    std::optional<Read> sending_before;  // latest read before the end, some unsent
    std::optional<Read> done_after;      // earliest read after the end, all sent
    std::optional<Read> last_sending;    // latest read with some unsent
  };
  // Reads are folded into the evidence once the begin is known; until then (a window
  // and no pace read yet) they wait, at most kMaxPending of them.
  struct Reads {
    std::optional<double> begin_s;
    Evidence evidence;
    std::vector<Read> pending;  // at_s in TRex's clock
  };
  static constexpr std::size_t kMaxPending = 1024;

  void fold(Evidence& evidence, const Direction& direction, double begin_s,
            const Read& absolute) const;
  void fix_begin(Reads& reads, const Direction& direction, double begin_s) const;
  double begin_of(std::size_t index) const;
  Evidence evidence_of(std::size_t index) const;

  std::vector<Direction> directions_;
  std::vector<Reads> reads_;
  measure::Seconds duration_;
  double allowed_s_;
};

}  // namespace trexsearch::trex
