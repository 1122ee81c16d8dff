#include "trex_client/measurer/astf_measurer_config.hpp"

#include <cmath>

#include "measure/errors.hpp"

namespace trexsearch::trex {
namespace {

void require(bool ok, const char* field, double value, const char* rule) {
  if (!ok) throw measure::ConfigError(field, measure::format_value(value), rule);
}

}  // namespace

std::string_view to_string(AstfCounting counting) {
  switch (counting) {
    case AstfCounting::tcp_connections:
      return "tcp_connections";
    case AstfCounting::udp_transactions:
      return "udp_transactions";
    case AstfCounting::frames:
      return "frames";
  }
  return "unknown";
}

void AstfMeasurerConfig::validate() const {
  require(std::isfinite(total_cps) && total_cps > 0.0, "astf total_cps", total_cps,
          "must be > 0 (the profile's templates' cps)");
  if (sessions) {
    require(*sessions > 0, "astf sessions", static_cast<double>(*sessions), "must be > 0");
  }
  if (packets_per_transaction) {
    require(*packets_per_transaction > 0, "astf packets_per_transaction", *packets_per_transaction,
            "must be > 0");
  }
  if (server_packets_per_transaction) {
    require(*server_packets_per_transaction > 0, "astf server_packets_per_transaction",
            *server_packets_per_transaction, "must be > 0");
  }
  if (counting == AstfCounting::frames && !packets_per_transaction) {
    throw measure::ConfigError("astf packets_per_transaction", "(none)",
                               "throughput trials need the packets of one transaction");
  }
  require(!ports.empty(), "astf ports", 0, "at least one port's counters must be read");
  require(client_mask != 0, "astf client_mask", 0, "no port would open connections");
  require(start_delay.count() >= 0.0 && start_delay.count() < 10.0, "astf start_delay",
          start_delay.count(), "must be in [0, 10) [s]");
  require(finish_grace.count() >= 0.0 && finish_grace.count() <= 60.0, "astf finish_grace",
          finish_grace.count(), "must be in [0, 60] [s]");
  require(pace_slack >= 0.0 && pace_slack < 1.0, "astf pace_slack", pace_slack,
          "must be in [0, 1)");
  require(end_bound.count() > 0.0 && end_bound.count() <= 3600.0, "astf end_bound",
          end_bound.count(), "must be in (0, 3600] [s]");
  if (ramp_up_tps) {
    require(std::isfinite(*ramp_up_tps) && *ramp_up_tps > 0.0, "astf ramp_up", *ramp_up_tps,
            "must be a rate > 0 [transactions/s]");
    require(sessions.has_value(), "astf ramp_up", *ramp_up_tps,
            "needs a session count (the profile's limit): a ramp-up opens every session");
  }
  require(std::isfinite(state_timeout.count()) && state_timeout.count() > 0.0, "astf state_timeout",
          state_timeout.count(), "must be > 0 [s]");
  require(max_setup_recoveries >= 0, "astf max_setup_recoveries", max_setup_recoveries,
          "must be >= 0");
}

}  // namespace trexsearch::trex
