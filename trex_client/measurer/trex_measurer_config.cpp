#include "trex_client/measurer/trex_measurer_config.hpp"

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "measure/errors.hpp"

namespace trexsearch::trex {
namespace {

void check_seconds(const char* field, measure::Seconds value, bool allow_zero) {
  const double v = value.count();
  if (!std::isfinite(v) || v < 0.0 || (!allow_zero && v == 0.0)) {
    throw measure::ConfigError(field, measure::format_value(v),
                               allow_zero ? "must be >= 0 [s]" : "must be > 0 [s]");
  }
}

/// Each direction's ports, and a pg_id wherever counting is per stream.
void check_directions(const std::vector<TrafficDirection>& directions, CounterSource counters) {
  if (directions.empty())
    throw measure::ConfigError("directions", "[]", "needs at least one direction");
  std::set<std::uint8_t> tx_ports;
  for (const TrafficDirection& direction : directions) {
    if (direction.tx_port == direction.rx_port) {
      throw measure::ConfigError("directions", std::to_string(direction.tx_port),
                                 "a direction needs different TX and RX ports");
    }
    if (!tx_ports.insert(direction.tx_port).second) {
      throw measure::ConfigError("directions", std::to_string(direction.tx_port),
                                 "port transmits in two directions");
    }
    if (counters == CounterSource::flow_stats && !direction.pg_id) {
      throw measure::ConfigError(
          "directions", direction.name(),
          "counting per stream (flow_stats) needs a pg_id for every direction");
    }
  }
}

/// Latency streams: all directions or none, one rate, pg_ids of their own (a
/// latency pg_id is unique per stream and port, trex-flowstats-latency.md §1.1).
void check_latency_streams(const std::vector<TrafficDirection>& directions) {
  std::set<std::uint32_t> pg_ids;
  for (const TrafficDirection& direction : directions) {
    if (direction.pg_id) pg_ids.insert(*direction.pg_id);
  }
  for (const TrafficDirection& direction : directions) {
    if (direction.latency.has_value() != directions.front().latency.has_value()) {
      throw measure::ConfigError("directions", direction.name(),
                                 "latency streams need to be in every direction or in none");
    }
    if (!direction.latency) continue;
    const double rate = direction.latency->rate_pps;
    if (!std::isfinite(rate) || rate <= 0.0 || rate != directions.front().latency->rate_pps) {
      throw measure::ConfigError("directions",
                                 direction.name() + " latency rate " + measure::format_value(rate),
                                 "latency streams need one positive rate for every direction");
    }
    if (!pg_ids.insert(direction.latency->pg_id).second) {
      throw measure::ConfigError(
          "directions",
          direction.name() + " latency pg_id " + std::to_string(direction.latency->pg_id),
          "pg_id already used by another stream");
    }
  }
}

void check_count_at_least_zero(const char* field, int value) {
  if (value < 0) throw measure::ConfigError(field, std::to_string(value), "must be >= 0");
}

}  // namespace

void TrexMeasurerConfig::validate() const {
  check_directions(directions, counters);
  check_latency_streams(directions);
  check_seconds("tx_poll_interval", tx_poll_interval, false);
  check_seconds("tx_start_delay", tx_start_delay, true);
  if (!std::isfinite(tx_end_slack) || tx_end_slack < 0.0) {
    throw measure::ConfigError("tx_end_slack", measure::format_value(tx_end_slack), "must be >= 0");
  }
  check_seconds("settle_poll_interval", settle_poll_interval, false);
  check_seconds("settle_min", settle_min, true);
  check_seconds("settle_max", settle_max, true);
  if (settle_max < settle_min) {
    throw measure::ConfigError(
        "settle_max", measure::format_value(settle_max.count()),
        "must be >= settle_min (" + measure::format_value(settle_min.count()) + ")");
  }
  check_seconds("intended_count_tolerance", intended_count_tolerance, true);
  check_seconds("warmup_duration", warmup_duration, true);
  check_seconds("prime_duration", prime_duration, true);
  check_count_at_least_zero("max_unverified_repeats", max_unverified_repeats);
  check_count_at_least_zero("max_setup_recoveries", max_setup_recoveries);
}

}  // namespace trexsearch::trex
