#include "trex_client/measurer/trex_measurer.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "search/errors.hpp"
#include "trex_client/measurer/trial_interrupted.hpp"

namespace trexsearch::trex {

struct TrexMeasurer::Traffic {
  StatsSnapshot baseline;
  StatsSnapshot final;
  Seconds started{0.0};
  Seconds tx_end{0.0};
  Seconds settled{0.0};
  bool tx_stopped = false;
  bool settle_capped = false;
};

namespace {

std::string fixed(double value, int precision = 6) {
  std::ostringstream text;
  text.setf(std::ios::fixed);
  text.precision(precision);
  text << value;
  return text.str();
}

// Counters that must agree in two reads for in-flight frames to be considered arrived.
bool counters_equal(const StatsSnapshot& a, const StatsSnapshot& b) {
  if (a.ports.size() != b.ports.size()) return false;
  for (std::size_t i = 0; i < a.ports.size(); ++i) {
    if (a.ports[i].ipackets != b.ports[i].ipackets || a.ports[i].opackets != b.ports[i].opackets) {
      return false;
    }
  }
  return true;
}

std::int64_t delta(std::uint64_t after, std::uint64_t before, std::uint8_t port,
                   const char* counter) {
  if (after < before) {
    // TRex counters never go backwards unless TRex restarted unnoticed.
    throw MeasurementError("TRex port " + std::to_string(port) + " " + counter +
                           " went backwards during the trial (" + std::to_string(before) + " -> " +
                           std::to_string(after) + "); was TRex restarted?");
  }
  return static_cast<std::int64_t>(after - before);
}

}  // namespace

TrexMeasurer::TrexMeasurer(TrexSession& session, TrexMeasurerConfig config, WaitClock& clock)
    : session_(session), config_(std::move(config)), clock_(clock) {
  config_.validate();
  std::set<std::uint8_t> ports;
  for (const TrafficDirection& direction : config_.directions) {
    for (std::uint8_t port : {direction.tx_port, direction.rx_port}) {
      const auto& owned = session_.config().ports;
      if (std::find(owned.begin(), owned.end(), port) == owned.end()) {
        throw ConfigError("directions", std::to_string(port),
                          "port is not one of the session's ports");
      }
      ports.insert(port);
    }
  }
  all_ports_.assign(ports.begin(), ports.end());
  recoveries_seen_ = session_.recoveries();
}

std::vector<std::uint8_t> TrexMeasurer::tx_ports() const {
  std::vector<std::uint8_t> ports;
  for (const TrafficDirection& direction : config_.directions) ports.push_back(direction.tx_port);
  return ports;
}

void TrexMeasurer::stop_all_quietly() {
  try {
    std::vector<OwnedPort> ports;
    for (std::uint8_t port : tx_ports()) ports.push_back(session_.port(port));
    session_.api().stop_traffic(ports);
  } catch (...) {
    // Already failing; the original error is the one to report.
  }
}

TrexMeasurer::Traffic TrexMeasurer::run_traffic(Seconds duration, double load_pps,
                                                std::stop_token stop) {
  TrexApi& api = session_.api();
  Traffic traffic;
  // Before the traffic starts nothing is lost by recovering: repeat the setup.
  for (int attempt = 0;; ++attempt) {
    try {
      traffic.baseline = api.get_stats(all_ports_);
      break;
    } catch (const TrexError& error) {
      if (!TrexSession::is_recoverable(error) || attempt >= config_.max_setup_recoveries) throw;
      session_.recover(error);
    }
  }

  auto cancel = [&] {
    stop_all_quietly();
    throw MeasurementCancelled();
  };
  try {
    std::vector<PortStart> starts;
    for (std::uint8_t port : tx_ports()) {
      PortStart start;
      start.port = session_.port(port);
      // pps is the port's total, i.e. the per-direction load (trex-protocol.md §2.9).
      start.request.multiplier = {MultiplierType::pps, load_pps};
      start.request.duration = duration;
      start.request.force = config_.force_start;
      starts.push_back(start);
    }
    api.start_traffic(starts);
    traffic.started = clock_.now();

    // TRex stops the traffic itself after the duration; look for the ports leaving
    // TX from then on, and stop them if they overstay by far.
    const Seconds deadline =
        traffic.started + duration * (1.0 + config_.tx_end_slack) + config_.tx_end_grace;
    if (!clock_.sleep_until(traffic.started + duration, stop)) cancel();
    const std::vector<std::uint8_t> ports = tx_ports();
    for (;;) {
      const std::vector<PortStatus> statuses = api.get_port_statuses(ports);
      const bool active = std::any_of(statuses.begin(), statuses.end(),
                                      [](const PortStatus& s) { return is_active(s.state); });
      const Seconds now = clock_.now();
      if (!active) {
        traffic.tx_end = now;
        break;
      }
      if (now >= deadline) {
        std::vector<OwnedPort> owned;
        for (std::uint8_t port : ports) owned.push_back(session_.port(port));
        api.stop_traffic(owned);
        traffic.tx_stopped = true;
        traffic.tx_end = clock_.now();
        break;
      }
      if (!clock_.sleep_until(now + config_.tx_poll_interval, stop)) cancel();
    }

    // In-flight frames: read until two reads agree (RFC 2544's fixed wait is the
    // settle_min option; a fixed sleep would waste most of it).
    if (!clock_.sleep_until(traffic.tx_end + config_.settle_min, stop))
      throw MeasurementCancelled();
    StatsSnapshot previous = api.get_stats(all_ports_);
    for (;;) {
      if (!clock_.sleep_until(clock_.now() + config_.settle_poll_interval, stop)) {
        throw MeasurementCancelled();
      }
      StatsSnapshot current = api.get_stats(all_ports_);
      const Seconds now = clock_.now();
      const bool settled = counters_equal(previous, current);
      if (settled || now - traffic.tx_end >= config_.settle_max) {
        traffic.settle_capped = !settled;
        traffic.final = std::move(current);
        traffic.settled = now;
        break;
      }
      previous = std::move(current);
    }
  } catch (const TrexError& error) {
    if (!TrexSession::is_recoverable(error)) {
      stop_all_quietly();
      throw;
    }
    session_.recover(error);
    recoveries_seen_ = session_.recoveries();
    warm_ = false;
    throw TrialInterrupted(
        "trial interrupted by a TRex failure; the session recovered (re-synced, re-acquired, "
        "streams re-added), repeat the trial. Cause: " +
        std::string(error.what()));
  }
  return traffic;
}

TrialOutcome TrexMeasurer::measure(Seconds intended_duration, double intended_load_pps,
                                   std::stop_token stop) {
  if (!std::isfinite(intended_load_pps) || intended_load_pps <= 0.0) {
    throw MeasurementError("TRex trial load must be > 0 frames/s, got " +
                           format_value(intended_load_pps));
  }
  if (!std::isfinite(intended_duration.count()) || intended_duration.count() <= 0.0) {
    throw MeasurementError("TRex trial duration must be > 0 s, got " +
                           format_value(intended_duration.count()));
  }
  if (stop.stop_requested()) throw MeasurementCancelled();

  TrialRecord record;
  if (session_.recoveries() != recoveries_seen_) {
    recoveries_seen_ = session_.recoveries();
    warm_ = false;
  }
  if (config_.warmup_duration.count() > 0.0 && (!warm_ || config_.warmup_every_trial)) {
    // Warmup traffic (results discarded) lets the SUT fill caches and learn flows.
    run_traffic(config_.warmup_duration, intended_load_pps, stop);
    warm_ = true;
    record.warmup_done = true;
  }

  const Seconds begin = clock_.now();
  const std::uint64_t exchanges_before = session_.api().exchanges();
  const Traffic traffic = run_traffic(intended_duration, intended_load_pps, stop);
  const Seconds end = clock_.now();

  TrialOutcome outcome;
  std::int64_t intended_total = 0;
  const auto tolerance_frames = static_cast<std::int64_t>(
      std::ceil(intended_load_pps * config_.intended_count_tolerance.count()));
  for (const TrafficDirection& direction : config_.directions) {
    DirectionCounts counts;
    counts.tx_port = direction.tx_port;
    counts.rx_port = direction.rx_port;
    counts.sent =
        delta(traffic.final.port(direction.tx_port).opackets,
              traffic.baseline.port(direction.tx_port).opackets, direction.tx_port, "opackets");
    counts.received =
        delta(traffic.final.port(direction.rx_port).ipackets,
              traffic.baseline.port(direction.rx_port).ipackets, direction.rx_port, "ipackets");
    // Intended = load x duration per direction; a few frames short is start skew,
    // more than intended is TRex rounding up (CSIT takes the maximum too).
    std::int64_t intended = std::llround(intended_load_pps * intended_duration.count());
    if (counts.sent < intended && intended - counts.sent <= tolerance_frames) {
      intended = counts.sent;
    }
    counts.intended = std::max(intended, counts.sent);
    outcome.offered_count += counts.sent;
    outcome.loss_count += counts.sent - counts.received;
    intended_total += counts.intended;
    record.directions.push_back(counts);
  }
  outcome.intended_count = intended_total;
  outcome.effective_duration = end - begin;

  record.wall_time = end - begin;
  record.tx_time = traffic.tx_end - traffic.started;
  record.settle_time = traffic.settled - traffic.tx_end;
  record.control_overhead = record.wall_time - intended_duration - record.settle_time;
  record.rpc_exchanges = session_.api().exchanges() - exchanges_before;
  record.tx_stopped = traffic.tx_stopped;
  record.settle_capped = traffic.settle_capped;
  record.negative_loss = outcome.loss_count < 0;
  record.stretched = record.tx_time > intended_duration * (1.0 + config_.stretch_tolerance) +
                                          config_.stretch_tolerance_abs;

  if (record.stretched) {
    outcome.notes.push_back("duration_stretching: traffic took " + fixed(record.tx_time.count()) +
                            " s for an intended " + fixed(intended_duration.count()) + " s");
  }
  if (record.tx_stopped) {
    outcome.notes.push_back("tx_stopped: TX had not ended " + fixed(record.tx_time.count()) +
                            " s after the start; the measurer stopped it");
  }
  const std::int64_t unsent = intended_total - outcome.offered_count;
  if (unsent > 0) {
    outcome.notes.push_back("unsent: " + std::to_string(unsent) +
                            " intended frames were not sent (counted as loss)");
  }
  if (record.negative_loss) {
    outcome.notes.push_back("negative_loss: " + std::to_string(-outcome.loss_count) +
                            " more frames received than sent (SUT-originated or duplicated)");
  }
  if (record.settle_capped) {
    outcome.notes.push_back("settle_capped: receive counters still moving " +
                            fixed(record.settle_time.count()) + " s after TX ended");
  }
  const std::uint64_t queue_full =
      traffic.final.global.total_queue_full -
      std::min(traffic.final.global.total_queue_full, traffic.baseline.global.total_queue_full);
  if (queue_full > 0) {
    outcome.notes.push_back("tx_queue_full: " + std::to_string(queue_full) +
                            " TX retries on full rings; TRex may be the bottleneck");
  }
  last_ = record;
  ++trials_;
  return outcome;
}

}  // namespace trexsearch::trex
