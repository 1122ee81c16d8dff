#include "trex_client/measurer/tx_end_judge.hpp"

#include <algorithm>
#include <cmath>

#include "measure/errors.hpp"

namespace trexsearch::trex {
namespace {

// The latest a direction can have begun: its window's end, or its begin without one.
double latest_begin_s(const TxEndJudge::Direction& direction) {
  return std::max(direction.tx_begin_s, direction.tx_begin_latest_s.value_or(direction.tx_begin_s));
}

}  // namespace

TxEndJudge::TxEndJudge(std::vector<Direction> directions, measure::Seconds intended_duration,
                       double allowance)
    : directions_(std::move(directions)),
      reads_(directions_.size()),
      duration_(intended_duration),
      allowed_s_(intended_duration.count() * (1.0 + allowance)) {
  if (!std::isfinite(allowance) || allowance < 0.0) {
    throw measure::ConfigError("tx_end_slack", measure::format_value(allowance), "must be >= 0");
  }
  for (std::size_t i = 0; i < directions_.size(); ++i) {
    const Direction& direction = directions_[i];
    // No window: the begin is known from the start.
    if (latest_begin_s(direction) <= direction.tx_begin_s) {
      reads_[i].begin_s = direction.tx_begin_s;
    }
  }
}

void TxEndJudge::fold(Evidence& evidence, const Direction& direction, double begin_s,
                      const Read& absolute) const {
  const auto keep_earliest = [](std::optional<Read>& slot, const Read& read) {
    if (!slot || read.at_s < slot->at_s) slot = read;
  };
  const auto keep_latest = [](std::optional<Read>& slot, const Read& read) {
    if (!slot || read.at_s > slot->at_s) slot = read;
  };
  const Read read{absolute.at_s - begin_s, absolute.sent};
  if (read.sent >= direction.intended) {
    keep_earliest(read.at_s <= allowed_s_ ? evidence.done_in_time : evidence.done_after, read);
    return;
  }
  // A read from before the data plane started shows no pace.
  if (read.at_s <= 0.0) return;
  keep_latest(evidence.last_sending, read);
  if (read.at_s >= allowed_s_) {
    keep_earliest(evidence.sending_late, read);
  } else {
    keep_latest(evidence.sending_before, read);
  }
}

void TxEndJudge::fix_begin(Reads& reads, const Direction& direction, double begin_s) const {
  reads.begin_s = begin_s;
  for (const Read& read : reads.pending) fold(reads.evidence, direction, begin_s, read);
  reads.pending.clear();
}

void TxEndJudge::observe(std::size_t index, double trex_time_s, std::int64_t sent) {
  const Direction& direction = directions_.at(index);
  Reads& reads = reads_.at(index);
  const Read read{trex_time_s, sent};
  if (!reads.begin_s && sent > 0 && sent < direction.intended &&
      trex_time_s > direction.tx_begin_s) {
    // The first read that shows a pace: at the intended rate, the direction began
    // sent / rate before it. A data plane that began late and bursts its backlog
    // looks as if it began earlier, which forgives nothing.
    const double rate_pps = static_cast<double>(direction.intended) / duration_.count();
    fix_begin(reads, direction,
              std::clamp(trex_time_s - static_cast<double>(sent) / rate_pps, direction.tx_begin_s,
                         latest_begin_s(direction)));
  } else if (!reads.begin_s && reads.pending.size() >= kMaxPending) {
    fix_begin(reads, direction, direction.tx_begin_s);  // bounded: the earliest
  }
  if (reads.begin_s) {
    fold(reads.evidence, direction, *reads.begin_s, read);
  } else {
    reads.pending.push_back(read);
  }
}

double TxEndJudge::begin_of(std::size_t index) const {
  // No pace read: the earliest, which forgives nothing.
  return reads_.at(index).begin_s.value_or(directions_.at(index).tx_begin_s);
}

TxEndJudge::Evidence TxEndJudge::evidence_of(std::size_t index) const {
  const Reads& reads = reads_.at(index);
  if (reads.begin_s) return reads.evidence;
  const Direction& direction = directions_.at(index);
  Evidence evidence;
  for (const Read& read : reads.pending) fold(evidence, direction, direction.tx_begin_s, read);
  return evidence;
}

double TxEndJudge::last_allowed_end_s() const {
  double latest = 0.0;
  for (std::size_t i = 0; i < directions_.size(); ++i) {
    const Direction& direction = directions_[i];
    const double begin_s = reads_[i].begin_s.value_or(latest_begin_s(direction));
    latest = std::max(latest, begin_s + allowed_s_);
  }
  return latest;
}

TxEndJudge::Judgement TxEndJudge::judge(std::size_t index) const {
  const Direction& direction = directions_.at(index);
  const Evidence evidence = evidence_of(index);
  Judgement judgement;
  judgement.allowed_s = allowed_s_;
  judgement.tx_begin_s = begin_of(index);
  const auto pace_of = [](const Read& read) { return static_cast<double>(read.sent) / read.at_s; };
  if (evidence.done_in_time) {
    judgement.evidence_s = evidence.done_in_time->at_s;
    return judgement;
  }
  if (evidence.sending_late) {
    judgement.verdict = Verdict::late;
    judgement.evidence_s = evidence.sending_late->at_s;
    judgement.reached_pps = pace_of(*evidence.last_sending);
    if (evidence.done_after) judgement.finish_s = evidence.done_after->at_s;
    return judgement;
  }
  if (evidence.sending_before && evidence.sending_before->sent > 0) {
    // Still sending before the end, done after it: where would the last frame leave at
    // the pace it kept so far? In time at that pace is in time. Later is not proof of
    // lateness: a TRex whose data plane started late sends its backlog in a burst (seen
    // on the stand: nothing sent 5 ms into a 10 ms trial, all of it by 10.3 ms), so the
    // direction is unverified, and the trial is run again.
    const Read& read = *evidence.sending_before;
    const double finish_s =
        read.at_s * static_cast<double>(direction.intended) / static_cast<double>(read.sent);
    judgement.evidence_s = read.at_s;
    if (finish_s <= allowed_s_) return judgement;
    judgement.verdict = Verdict::unverified;
    judgement.reached_pps = pace_of(read);
    judgement.finish_s = finish_s;
    return judgement;
  }
  judgement.verdict = Verdict::unverified;
  if (evidence.done_after) {
    judgement.evidence_s = evidence.done_after->at_s;
    judgement.reached_pps = static_cast<double>(direction.intended) / evidence.done_after->at_s;
  }
  return judgement;
}

}  // namespace trexsearch::trex
