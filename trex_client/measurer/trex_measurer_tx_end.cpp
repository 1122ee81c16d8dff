// The end of a trial's TX for the TRex measurer: when to stop the ports, and the reads
// that let TxEndJudge decide, in TRex's clock, whether each direction sent its frames
// in time (docs/trials.md "A tester-limited trial never passes").
#include <algorithm>
#include <cmath>
#include <string>

#include "trex_client/measurer/trex_measurer.hpp"
#include "trex_client/measurer/trial_counting.hpp"
#include "trex_client/measurer/trial_traffic.hpp"

namespace trexsearch::trex {

StatsSnapshot TrexMeasurer::read_stats(std::span<const std::uint32_t> pg_ids) {
  const measure::Seconds before = clock_.now();
  StatsSnapshot snapshot = session_.api().get_stats(all_ports_, pg_ids);
  read_rtt_ = std::max(clock_.now() - before, read_rtt_ * 0.9);
  return snapshot;
}

void TrexMeasurer::observe_tx(Traffic& traffic, const Plan& plan,
                              const StatsSnapshot& snapshot) const {
  if (!traffic.judge) return;
  for (std::size_t i = 0; i < config_.directions.size(); ++i) {
    traffic.judge->observe(i, snapshot.server_time_s,
                           main_frames_sent(config_.directions[i], config_.counters,
                                            traffic.baseline, snapshot, plan.latency));
  }
}

bool TrexMeasurer::past_allowed_end(const Traffic& traffic, const StatsSnapshot& snapshot) {
  return !traffic.judge || snapshot.server_time_s >= traffic.judge->last_allowed_end_s();
}

measure::Seconds TrexMeasurer::tx_wait_bound(const Traffic& traffic,
                                             measure::Seconds duration) const {
  // Only a TRex whose clock stops (or a misbehaving one) gets here: the stop then goes
  // out anyway, and the judge decides on what the reads showed.
  return traffic.started + duration * (1.0 + config_.tx_end_slack) + config_.tx_start_delay +
         std::max(duration, measure::Seconds{1.0});
}

void TrexMeasurer::read_pace(Traffic& traffic, measure::Seconds duration, const Plan& plan,
                             std::span<const std::uint32_t> pg_ids, std::stop_token stop) {
  if (!traffic.judge) return;
  // A healthy direction is done about when the first read after the duration arrives,
  // which may be after its allowed end (a 10 ms trial allows 50 us; an emulator's fast
  // clock turns a 0.3 ms round trip into 30 emulated ms). Only a read that reaches
  // TRex before the end shows the pace kept, so reads go out ahead of it: one a few
  // round trips before the duration, and one at half of it, in case a stall of the
  // machine delays the first past the end.
  const measure::Seconds lead =
      std::min(duration / 2.0, read_rtt_ * 4.0 + config_.tx_poll_interval);
  bool read = false;
  for (const measure::Seconds at : {duration / 2.0, duration - lead}) {
    const measure::Seconds when = traffic.requested + at;
    if (clock_.now() >= when) continue;
    if (!clock_.sleep_until(when, stop)) cancel(plan);
    observe_tx(traffic, plan, read_stats(pg_ids));
    read = true;
  }
  // Both moments passed during a slow start exchange: read now, if still before D.
  if (!read && clock_.now() < traffic.requested + duration) {
    observe_tx(traffic, plan, read_stats(pg_ids));
  }
}

void TrexMeasurer::wait_tx_by_counts(Traffic& traffic, measure::Seconds duration, const Plan& plan,
                                     std::span<const std::uint32_t> pg_ids, std::stop_token stop) {
  TrexApi& api = session_.api();
  // Polled from a few round trips before the duration on, not from it: on TRex the
  // first read after the duration often lands just past a short trial's allowed end,
  // and only reads close to the end show the pace well (a data plane that started late
  // sends its backlog in a burst, so an early read misjudges it).
  read_pace(traffic, duration, plan, pg_ids, stop);
  const std::vector<OwnedPort> owned = owned_tx_ports();
  const measure::Seconds bound = tx_wait_bound(traffic, duration);
  for (;;) {
    StatsSnapshot current = read_stats(pg_ids);
    observe_tx(traffic, plan, current);
    const measure::Seconds now = clock_.now();
    const bool sent = all_sent(config_.directions, traffic.baseline, current, traffic.intended);
    if (sent || past_allowed_end(traffic, current) || now >= bound) {
      // The stop, run before the read in one batch, ends TRex's TX state at once (so
      // the next start is accepted) and guarantees nothing is sent after the read:
      // TRex may send one frame beyond the intended count. Not all sent once TRex's
      // clock passed the allowed ends: what is unsent now is unsent, and the judge
      // has seen the direction late.
      traffic.tx_end = sent ? now : clock_.now();
      traffic.tx_stopped = !sent;
      traffic.final = api.stop_and_get_stats(owned, main_profile_id, all_ports_, pg_ids);
      observe_tx(traffic, plan, traffic.final);
      if (sent) traffic.all_sent_read = std::move(current);
      return;
    }
    if (!clock_.sleep_until(next_tx_read_at(traffic, current, now), stop)) cancel(plan);
  }
}

measure::Seconds TrexMeasurer::next_tx_read_at(const Traffic& traffic, const StatsSnapshot& current,
                                               measure::Seconds now) const {
  measure::Seconds next = now + config_.tx_poll_interval;
  if (!traffic.judge) return next;
  // A direction still sending shortly before its allowed end is proven late by a read
  // that reaches TRex after that end while frames are still unsent. A read a poll
  // interval on may come only after the direction finished (a tester at its limit
  // ends a fraction of a millisecond late): then no read shows whether it was in
  // time, the judge says `unverified`, and the whole trial is run again (the stand's
  // both-directions search at 150 kpps per direction, 2026-11-28). So such a read is
  // aimed just past the end: TRex's clock maps to ours through the last read (its
  // server time taken at about half its round trip), and it arrives half a round
  // trip after it is sent. Too early, it is one more read before the end; the next
  // is aimed again.
  const double to_trex_s = current.server_time_s - (now - read_rtt_ / 2.0).count();
  const double margin_s = std::max(50e-6, read_rtt_.count() / 4.0);
  for (std::size_t i = 0; i < config_.directions.size(); ++i) {
    if (main_frames_sent(config_.directions[i], config_.counters, traffic.baseline, current,
                         false) >= traffic.intended) {
      continue;
    }
    const double end_s = traffic.judge->allowed_end_s(i);
    if (current.server_time_s >= end_s) continue;  // already read past it
    const measure::Seconds aimed{end_s + margin_s - to_trex_s - read_rtt_.count() / 2.0};
    next = std::min(next, std::max(aimed, now));
  }
  return next;
}

void TrexMeasurer::wait_tx_by_state(Traffic& traffic, measure::Seconds duration, const Plan& plan,
                                    std::span<const std::uint32_t> pg_ids, std::stop_token stop) {
  TrexApi& api = session_.api();
  read_pace(traffic, duration, plan, pg_ids, stop);
  // TRex stops the traffic itself after the duration; look for the ports leaving
  // TX from then on. Once the measurer's clock says the allowed ends have passed, a
  // counter read asks TRex's clock, and ports still sending then are stopped: what
  // they had not sent is unsent, so a stretching tester cannot pass (docs/trials.md).
  if (!clock_.sleep_until(traffic.started + duration, stop)) cancel(plan);
  const measure::Seconds ask_from =
      traffic.started + duration * (1.0 + config_.tx_end_slack) + config_.tx_start_delay;
  const measure::Seconds bound = tx_wait_bound(traffic, duration);
  const std::vector<std::uint8_t> ports = tx_ports();
  for (;;) {
    const std::vector<PortStatus> statuses = api.get_port_statuses(ports);
    const bool active = std::any_of(statuses.begin(), statuses.end(),
                                    [](const PortStatus& s) { return is_active(s.state); });
    measure::Seconds now = clock_.now();
    if (!active) {
      traffic.tx_end = now;
      return;
    }
    if (now >= ask_from) {
      bool past = !traffic.judge || now >= bound;
      if (!past) {
        const StatsSnapshot current = read_stats(pg_ids);
        observe_tx(traffic, plan, current);
        past = past_allowed_end(traffic, current);
        now = clock_.now();
      }
      if (past) {
        // TX ends when the stop is sent, not when its reply is back.
        traffic.tx_end = now;
        const std::vector<OwnedPort> owned = owned_tx_ports();
        api.stop_traffic(owned, plan.latency ? "*" : main_profile_id);
        traffic.tx_stopped = true;
        return;
      }
    }
    if (!clock_.sleep_until(now + config_.tx_poll_interval, stop)) cancel(plan);
  }
}

bool TrexMeasurer::unverified_again(const Traffic& traffic, TrialTrace& record) const {
  if (!traffic.judge ||
      static_cast<int>(record.unverified_notes.size()) >= config_.max_unverified_repeats) {
    return false;
  }
  for (std::size_t i = 0; i < traffic.judge->size(); ++i) {
    const TxEndJudge::Judgement judgement = traffic.judge->judge(i);
    if (judgement.verdict != TxEndJudge::Verdict::unverified) continue;
    const auto micros = [](double seconds) {
      return std::to_string(std::lround(seconds * 1e6)) + " us";
    };
    record.unverified_notes.push_back(measure::TrialNote::of(
        measure::note_key::tx_end_unverified,
        "measured again (attempt " + std::to_string(record.unverified_notes.size() + 2) +
            "): in attempt " + std::to_string(record.unverified_notes.size() + 1) +
            " no counter read showed whether direction " + config_.directions[i].name() +
            " sent its frames by its allowed end (" + micros(judgement.allowed_s) +
            " after its TX began; the read it rests on came at " + micros(judgement.evidence_s) +
            ")"));
    return true;
  }
  return false;
}

}  // namespace trexsearch::trex
