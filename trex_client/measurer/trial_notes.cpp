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

}  // namespace

std::optional<double> tester_limited_rate(const TrialRecord& record) {
  std::optional<double> slowest;
  const double seconds = record.tx_time.count();
  for (const measure::DirectionCounts& direction : record.directions) {
    if (direction.unsent() == 0) continue;
    const double rate = seconds > 0.0 ? static_cast<double>(direction.offered) / seconds : 0.0;
    slowest = slowest ? std::min(*slowest, rate) : rate;
  }
  return slowest;
}

std::vector<std::string> trial_notes(const TrialRecord& record, const NoteInputs& inputs) {
  std::vector<std::string> notes;
  for (const measure::DirectionCounts& direction : record.directions) {
    if (direction.unsent() == 0) continue;
    const double short_percent =
        100.0 * static_cast<double>(direction.unsent()) / static_cast<double>(direction.intended);
    const double rate = record.tx_time.count() > 0.0
                            ? static_cast<double>(direction.offered) / record.tx_time.count()
                            : 0.0;
    notes.push_back("tester_limited: direction " + direction.name + " sent " +
                    std::to_string(direction.offered) + " of " +
                    std::to_string(direction.intended) + " intended frames (" +
                    fixed(short_percent, 2) + " % short, " + std::to_string(direction.unsent()) +
                    " unsent) by the stop " + fixed(inputs.stop_after.count(), 4) +
                    " s after the start; the tester reached " + fixed(rate, 0) +
                    " pps: the trial counts as full loss");
  }
  for (const measure::DirectionCounts& direction : record.directions) {
    if (direction.loss() >= 0) continue;
    notes.push_back("negative_loss: direction " + direction.name + " received " +
                    std::to_string(-direction.loss()) + " more frames than it sent" +
                    (inputs.counters == CounterSource::port
                         ? " (port counters: SUT-originated frames count)"
                         : " (duplicated by the SUT)"));
  }
  if (inputs.counters == CounterSource::port) {
    notes.push_back(std::string("port_counters: counted with port counters (opackets/ipackets)") +
                    (inputs.latency_subtracted
                         ? " minus the latency streams' frames (their pg_ids' tp/rp)"
                         : "") +
                    "; frames the SUT sends itself count as received");
  } else if (record.foreign_rx_frames > 0) {
    notes.push_back("sut_frames: the receiving ports also got " +
                    std::to_string(record.foreign_rx_frames) +
                    " frames that are not the trial's streams (not counted)");
  }
  if (record.settle_capped) {
    notes.push_back("settle_capped: receive counters still moving " +
                    fixed(record.settle_time.count(), 4) + " s after TX ended");
  }
  // TRex starts the ports of a batch one after another (about 4 ms each on the
  // stand): every direction still sends for the whole duration, but they overlap for
  // less. Said when it is over 1 % of the trial, where it changes what the SUT saw.
  if (record.start_skew.count() > 0.01 * inputs.intended_duration.count()) {
    notes.push_back("start_skew: TRex started the ports " +
                    fixed(record.start_skew.count() * 1e3, 2) + " ms apart (" +
                    fixed(100.0 * record.start_skew.count() / inputs.intended_duration.count(), 1) +
                    " % of the trial): the directions overlapped for less than the duration");
  }
  if (inputs.queue_full > 0) {
    notes.push_back("tx_queue_full: " + std::to_string(inputs.queue_full) +
                    " TX retries on full rings; TRex may be the bottleneck");
  }
  return notes;
}

}  // namespace trexsearch::trex
