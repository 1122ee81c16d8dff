#include "trex_client/measurer/trial_notes.hpp"

#include <algorithm>
#include <optional>
#include <sstream>

namespace trexsearch::trex {
namespace {

std::string fixed(double value, int precision) {
  std::ostringstream text;
  text.setf(std::ios::fixed);
  text.precision(precision);
  text << value;
  return text.str();
}

const TxEndJudge::Judgement* judgement_of(const TrialTrace& record, std::size_t index) {
  return index < record.tx_judgements.size() ? &record.tx_judgements[index] : nullptr;
}

double direction_rate(const TrialTrace& record, std::size_t index) {
  const TxEndJudge::Judgement* judgement = judgement_of(record, index);
  if (judgement != nullptr && judgement->verdict != TxEndJudge::Verdict::in_time) {
    return judgement->reached_pps;
  }
  const double seconds = record.tx_time.count();
  return seconds > 0.0 ? static_cast<double>(record.directions[index].offered) / seconds : 0.0;
}

std::string milliseconds(double seconds) { return fixed(seconds * 1e3, 3) + " ms"; }

// How the direction missed its allowed end, in TRex's clock (docs/trials.md).
std::string lateness(const TrialTrace& record, std::size_t index) {
  const measure::DirectionCounts& direction = record.directions[index];
  const TxEndJudge::Judgement* judgement = judgement_of(record, index);
  const std::string allowed =
      judgement == nullptr ? std::string()
                           : "its allowed end, " + milliseconds(judgement->allowed_s) +
                                 " after TRex began sending it (the duration + " +
                                 fixed(100.0 * record.tx_end_allowance, 2) + " %, TRex's clock)";
  if (direction.unsent() > 0 || judgement == nullptr) {
    const double short_percent =
        100.0 * static_cast<double>(direction.unsent()) / static_cast<double>(direction.intended);
    return "sent " + std::to_string(direction.offered) + " of " +
           std::to_string(direction.intended) + " intended frames (" + fixed(short_percent, 2) +
           " % short, " + std::to_string(direction.unsent()) + " unsent) by the stop" +
           (allowed.empty() ? "" : ", past " + allowed);
  }
  const std::string all = "sent all " + std::to_string(direction.intended) + " intended frames";
  if (judgement->verdict == TxEndJudge::Verdict::unverified) {
    if (judgement->finish_s) {
      return all + ", but at the pace seen " + milliseconds(judgement->evidence_s) +
             " in the last would leave at about " + milliseconds(*judgement->finish_s) +
             ", and no read showed it sent them by " + allowed;
    }
    return all + ", but no read showed its pace before " + allowed;
  }
  return all + ", the last at about " + milliseconds(judgement->finish_s.value_or(0.0)) +
         " (at the pace seen " + milliseconds(judgement->evidence_s) + " in), past " + allowed;
}

}  // namespace

bool direction_tester_limited(const TrialTrace& record, std::size_t index) {
  const TxEndJudge::Judgement* judgement = judgement_of(record, index);
  return record.directions[index].unsent() > 0 ||
         (judgement != nullptr && judgement->verdict != TxEndJudge::Verdict::in_time);
}

std::optional<double> tester_limited_rate(const TrialTrace& record) {
  std::optional<double> slowest;
  for (std::size_t i = 0; i < record.directions.size(); ++i) {
    if (!direction_tester_limited(record, i)) continue;
    const double rate = direction_rate(record, i);
    slowest = slowest ? std::min(*slowest, rate) : rate;
  }
  return slowest;
}

namespace {

// What each direction's frames say: sent late or short, or more received than sent.
void add_direction_notes(const TrialTrace& record, const NoteInputs& inputs,
                         std::vector<measure::TrialNote>& notes) {
  for (std::size_t i = 0; i < record.directions.size(); ++i) {
    if (!direction_tester_limited(record, i)) continue;
    const TxEndJudge::Judgement* judgement = judgement_of(record, i);
    const bool at_least =
        judgement != nullptr && judgement->verdict == TxEndJudge::Verdict::unverified;
    notes.push_back(measure::TrialNote::of(
        measure::note_key::tester_limited,
        "direction " + record.directions[i].name + " " + lateness(record, i) +
            "; the tester reached " + (at_least ? "at least " : "") +
            fixed(direction_rate(record, i), 0) + " pps: the trial counts as full loss"));
  }
  for (const measure::DirectionCounts& direction : record.directions) {
    if (direction.loss() >= 0) continue;
    notes.push_back(measure::TrialNote::of(
        measure::note_key::negative_loss, "direction " + direction.name + " received " +
                                              std::to_string(-direction.loss()) +
                                              " more frames than it sent" +
                                              (inputs.counters == CounterSource::port
                                                   ? " (port counters: SUT-originated frames count)"
                                                   : " (duplicated by the SUT)")));
  }
}

// How the frames were counted and what the tester did meanwhile.
void add_counting_notes(const TrialTrace& record, const NoteInputs& inputs,
                        std::vector<measure::TrialNote>& notes) {
  if (inputs.counters == CounterSource::port) {
    notes.push_back(measure::TrialNote::of(
        measure::note_key::port_counters,
        std::string("counted with port counters (opackets/ipackets)") +
            (inputs.latency_subtracted ? " minus the latency streams' frames (their pg_ids' tp/rp)"
                                       : "") +
            "; frames the SUT sends itself count as received"));
  } else if (record.foreign_rx_frames > 0) {
    notes.push_back(measure::TrialNote::of(
        measure::note_key::sut_frames,
        "the receiving ports also got " + std::to_string(record.foreign_rx_frames) +
            " frames that are not the trial's streams (not counted)"));
  }
  if (record.settle_capped) {
    notes.push_back(measure::TrialNote::of(measure::note_key::settle_capped,
                                           "receive counters still moving " +
                                               fixed(record.settle_time.count(), 4) +
                                               " s after TX ended"));
  }
  // TRex starts the ports of a batch one after another (about 4 ms each on the
  // stand): every direction still sends for the whole duration, but they overlap for
  // less. Said when it is over 1 % of the trial, where it changes what the SUT saw.
  if (record.start_skew.count() > 0.01 * inputs.intended_duration.count()) {
    notes.push_back(measure::TrialNote::of(
        measure::note_key::start_skew,
        "TRex started the ports " + fixed(record.start_skew.count() * 1e3, 2) + " ms apart (" +
            fixed(100.0 * record.start_skew.count() / inputs.intended_duration.count(), 1) +
            " % of the trial): the directions overlapped for less than the duration"));
  }
  if (inputs.queue_full > 0) {
    notes.push_back(
        measure::TrialNote::of(measure::note_key::tx_queue_full,
                               std::to_string(inputs.queue_full) +
                                   " TX retries on full rings; TRex may be the bottleneck"));
  }
}

}  // namespace

std::vector<measure::TrialNote> trial_notes(const TrialTrace& record, const NoteInputs& inputs) {
  std::vector<measure::TrialNote> notes;
  add_direction_notes(record, inputs, notes);
  add_counting_notes(record, inputs, notes);
  notes.insert(notes.end(), record.unverified_notes.begin(), record.unverified_notes.end());
  return notes;
}

}  // namespace trexsearch::trex
