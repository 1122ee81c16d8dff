#include "trex_client/measurer/trial_counting.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "measure/errors.hpp"

namespace trexsearch::trex {
namespace {

std::int64_t delta(std::uint64_t after, std::uint64_t before, const std::string& what) {
  if (after < before) {
    // TRex counters never go backwards unless TRex restarted unnoticed.
    throw measure::MeasurementError(what + " went backwards during the trial (" +
                                    std::to_string(before) + " -> " + std::to_string(after) +
                                    "); was TRex restarted?");
  }
  return static_cast<std::int64_t>(after - before);
}

const PgCounters& pg_of(const StatsSnapshot& snapshot, std::uint32_t pg_id, const char* when) {
  const PgCounters* counters = snapshot.pgid(pg_id);
  if (counters == nullptr) {
    throw measure::MeasurementError("TRex reported no flow_stats counters for pg_id " +
                                    std::to_string(pg_id) + " in the " + when +
                                    " read; were the streams removed by someone else?");
  }
  return *counters;
}

}  // namespace

std::int64_t intended_frames(double load_pps, measure::Seconds duration,
                             measure::Seconds tolerance) {
  const double frames = std::ceil((duration - tolerance).count() * load_pps);
  return frames > 0.0 ? static_cast<std::int64_t>(frames) : 0;
}

std::vector<measure::DirectionCounts> count_directions(std::span<const TrafficDirection> directions,
                                                       CounterSource source,
                                                       const StatsSnapshot& baseline,
                                                       const StatsSnapshot& final,
                                                       std::int64_t intended_per_direction) {
  std::vector<measure::DirectionCounts> counts;
  for (const TrafficDirection& direction : directions) {
    measure::DirectionCounts c;
    c.name = direction.name();
    c.intended = intended_per_direction;
    const std::string where = "direction " + c.name + " ";
    if (source == CounterSource::flow_stats) {
      const std::uint32_t pg = *direction.pg_id;
      const PgCounters& before = pg_of(baseline, pg, "baseline");
      const PgCounters& after = pg_of(final, pg, "final");
      if (before.version != after.version) {
        throw measure::MeasurementError("pg_id " + std::to_string(pg) +
                                        " was re-created during the trial (ver_id " +
                                        std::to_string(before.version) + " -> " +
                                        std::to_string(after.version) + "): its counts restarted");
      }
      const std::string name = where + "pg_id " + std::to_string(pg);
      c.offered = delta(after.tx(direction.tx_port), before.tx(direction.tx_port), name + " tp");
      c.received = delta(after.rx(direction.rx_port), before.rx(direction.rx_port), name + " rp");
    } else {
      c.offered =
          delta(final.port(direction.tx_port).opackets, baseline.port(direction.tx_port).opackets,
                where + "port " + std::to_string(direction.tx_port) + " opackets");
      c.received =
          delta(final.port(direction.rx_port).ipackets, baseline.port(direction.rx_port).ipackets,
                where + "port " + std::to_string(direction.rx_port) + " ipackets");
    }
    counts.push_back(c);
  }
  return counts;
}

std::int64_t foreign_rx_frames(std::span<const TrafficDirection> directions, CounterSource source,
                               const StatsSnapshot& baseline, const StatsSnapshot& final,
                               std::span<const measure::DirectionCounts> counts) {
  if (source != CounterSource::flow_stats) return 0;
  std::int64_t port_rx = 0;
  std::int64_t stream_rx = 0;
  for (std::size_t i = 0; i < directions.size(); ++i) {
    const std::uint8_t rx = directions[i].rx_port;
    port_rx += delta(final.port(rx).ipackets, baseline.port(rx).ipackets,
                     "port " + std::to_string(rx) + " ipackets");
    stream_rx += counts[i].received;
  }
  return port_rx - stream_rx;
}

bool counters_settled(const StatsSnapshot& a, const StatsSnapshot& b) {
  if (a.ports.size() != b.ports.size() || a.pgids.size() != b.pgids.size()) return false;
  for (std::size_t i = 0; i < a.ports.size(); ++i) {
    if (a.ports[i].ipackets != b.ports[i].ipackets || a.ports[i].opackets != b.ports[i].opackets) {
      return false;
    }
  }
  for (std::size_t i = 0; i < a.pgids.size(); ++i) {
    if (a.pgids[i].pg_id != b.pgids[i].pg_id || a.pgids[i].tx_packets != b.pgids[i].tx_packets ||
        a.pgids[i].rx_packets != b.pgids[i].rx_packets) {
      return false;
    }
  }
  return true;
}

bool all_received(std::span<const TrafficDirection> directions, const StatsSnapshot& baseline,
                  const StatsSnapshot& current) {
  for (const TrafficDirection& direction : directions) {
    if (!direction.pg_id) return false;
    const PgCounters* before = baseline.pgid(*direction.pg_id);
    const PgCounters* now = current.pgid(*direction.pg_id);
    if (before == nullptr || now == nullptr || before->version != now->version) return false;
    if (now->tx(direction.tx_port) < before->tx(direction.tx_port) ||
        now->rx(direction.rx_port) < before->rx(direction.rx_port)) {
      return false;  // count_directions reports it
    }
    const std::uint64_t sent = now->tx(direction.tx_port) - before->tx(direction.tx_port);
    const std::uint64_t received = now->rx(direction.rx_port) - before->rx(direction.rx_port);
    // More received than sent is duplication: it may still grow, so keep reading.
    if (received != sent) return false;
  }
  return true;
}

namespace {

// Frames pg_id's streams sent on `tx_port` between two snapshots; none when a read lacks
// the pg_id, it was re-created or its count went backwards (count_directions reports
// those).
std::optional<std::int64_t> stream_tx(std::uint32_t pg_id, std::uint8_t tx_port,
                                      const StatsSnapshot& baseline, const StatsSnapshot& current) {
  const PgCounters* before = baseline.pgid(pg_id);
  const PgCounters* now = current.pgid(pg_id);
  if (before == nullptr || now == nullptr || before->version != now->version) return std::nullopt;
  const std::uint64_t tx_before = before->tx(tx_port);
  const std::uint64_t tx_now = now->tx(tx_port);
  if (tx_now < tx_before) return std::nullopt;
  return static_cast<std::int64_t>(tx_now - tx_before);
}

}  // namespace

std::int64_t main_frames_sent(const TrafficDirection& direction, CounterSource source,
                              const StatsSnapshot& baseline, const StatsSnapshot& current,
                              bool minus_latency) {
  if (source == CounterSource::flow_stats) {
    if (!direction.pg_id) return 0;
    return stream_tx(*direction.pg_id, direction.tx_port, baseline, current).value_or(0);
  }
  const std::uint64_t before = baseline.port(direction.tx_port).opackets;
  const std::uint64_t now = current.port(direction.tx_port).opackets;
  std::int64_t sent = now >= before ? static_cast<std::int64_t>(now - before) : 0;
  if (minus_latency && direction.latency) {
    sent -= stream_tx(direction.latency->pg_id, direction.tx_port, baseline, current).value_or(0);
  }
  return std::max<std::int64_t>(sent, 0);
}

bool all_sent(std::span<const TrafficDirection> directions, const StatsSnapshot& baseline,
              const StatsSnapshot& current, std::int64_t intended_per_direction) {
  for (const TrafficDirection& direction : directions) {
    if (!direction.pg_id) return false;
    const std::optional<std::int64_t> sent =
        stream_tx(*direction.pg_id, direction.tx_port, baseline, current);
    if (!sent || *sent < intended_per_direction) return false;
  }
  return true;
}

}  // namespace trexsearch::trex
