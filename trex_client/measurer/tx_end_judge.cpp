#include "trex_client/measurer/tx_end_judge.hpp"

#include <algorithm>
#include <cmath>

#include "measure/errors.hpp"

namespace trexsearch::trex {

TxEndJudge::TxEndJudge(std::vector<Direction> directions, measure::Seconds intended_duration,
                       double allowance)
    : directions_(std::move(directions)),
      evidence_(directions_.size()),
      allowed_s_(intended_duration.count() * (1.0 + allowance)) {
  if (!std::isfinite(allowance) || allowance < 0.0) {
    throw measure::ConfigError("tx_end_slack", measure::format_value(allowance), "must be >= 0");
  }
}

void TxEndJudge::observe(std::size_t index, double trex_time_s, std::int64_t sent) {
  const Direction& direction = directions_.at(index);
  Evidence& evidence = evidence_.at(index);
  const Read read{trex_time_s - direction.tx_begin_s, sent};
  if (sent >= direction.intended) {
    std::optional<Read>& slot =
        read.at_s <= allowed_s_ ? evidence.done_in_time : evidence.done_after;
    if (!slot || read.at_s < slot->at_s) slot = read;
    return;
  }
  // A read from before the data plane started shows no pace.
  if (read.at_s <= 0.0) return;
  if (!evidence.last_sending || read.at_s > evidence.last_sending->at_s) {
    evidence.last_sending = read;
  }
  if (read.at_s >= allowed_s_) {
    if (!evidence.sending_late || read.at_s < evidence.sending_late->at_s) {
      evidence.sending_late = read;
    }
  } else if (!evidence.sending_before || read.at_s > evidence.sending_before->at_s) {
    evidence.sending_before = read;
  }
}

double TxEndJudge::last_allowed_end_s() const {
  double latest = 0.0;
  for (const Direction& direction : directions_) {
    latest = std::max(latest, direction.tx_begin_s + allowed_s_);
  }
  return latest;
}

TxEndJudge::Judgement TxEndJudge::judge(std::size_t index) const {
  const Direction& direction = directions_.at(index);
  const Evidence& evidence = evidence_.at(index);
  Judgement judgement;
  judgement.allowed_s = allowed_s_;
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
