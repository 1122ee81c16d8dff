#include "trex_emulator/model/emulator_options.hpp"

#include <cmath>
#include <string>

#include "measure/errors.hpp"

namespace trexsearch::trex::emu {
namespace {

// "{capacity_pps=2e+06, noise=0.01}" for error messages.
std::string describe(const sim::SutOptions& options) {
  std::string text = "{";
  for (const auto& [name, value] : options) {
    if (text.size() > 1) text += ", ";
    text += name + "=" + measure::format_value(value);
  }
  return text + "}";
}

void validate_astf(const EmulatorOptions& o) {
  const AstfSutLimits& sut = o.astf_sut;
  if (sut.cps && (!std::isfinite(*sut.cps) || *sut.cps <= 0.0)) {
    throw measure::ConfigError("astf_sut_cps", measure::format_value(*sut.cps), "must be > 0");
  }
  if (sut.sessions && *sut.sessions == 0) {
    throw measure::ConfigError("astf_sut_sessions", "0", "must be > 0");
  }
  if (!std::isfinite(sut.session_timeout_s) || sut.session_timeout_s <= 0.0) {
    throw measure::ConfigError("astf_sut_session_timeout",
                               measure::format_value(sut.session_timeout_s), "must be > 0 s");
  }
  if (o.astf_max_cps && (!std::isfinite(*o.astf_max_cps) || *o.astf_max_cps <= 0.0)) {
    throw measure::ConfigError("astf_max_cps", measure::format_value(*o.astf_max_cps),
                               "must be > 0");
  }
}

void validate_server(const EmulatorOptions& o) {
  if (o.rpc_endpoint.empty()) {
    throw measure::ConfigError("rpc_endpoint", "\"\"", "must not be empty");
  }
  if (o.pub_endpoint.empty()) {
    throw measure::ConfigError("pub_endpoint", "\"\"", "must not be empty");
  }
  if (o.port_count < 2 || o.port_count > 254 || o.port_count % 2 != 0) {
    throw measure::ConfigError("ports", std::to_string(o.port_count),
                               "must be an even number in [2, 254]");
  }
}

void validate_link(const EmulatorOptions& o) {
  if (!std::isfinite(o.link_speed_gbps) || o.link_speed_gbps <= 0.0) {
    throw measure::ConfigError("link_speed_gbps", measure::format_value(o.link_speed_gbps),
                               "must be > 0");
  }
  const double latency_s = o.sut_latency.count();
  if (!std::isfinite(latency_s) || latency_s < 0.0 || latency_s > 10.0) {
    throw measure::ConfigError("sut_latency", measure::format_value(latency_s),
                               "must be in [0, 10] s");
  }
  if (o.max_tx_pps && (!std::isfinite(*o.max_tx_pps) || *o.max_tx_pps <= 0.0)) {
    throw measure::ConfigError("max_tx_pps", measure::format_value(*o.max_tx_pps), "must be > 0");
  }
}

void validate_pacing(const EmulatorOptions& o) {
  if (!std::isfinite(o.speed) || o.speed < 0.001 || o.speed > 1e6) {
    throw measure::ConfigError("speed", measure::format_value(o.speed), "must be in [0.001, 1e6]");
  }
  if (o.dp_core_count == 0 || o.dp_core_count > 64) {
    throw measure::ConfigError("dp_core_count", std::to_string(o.dp_core_count),
                               "must be in [1, 64]");
  }
}

/// The SUT model and its options, for every port (each port's overrides on top).
void validate_sut(const EmulatorOptions& o) {
  // The latency streams' rate comes from the profile, never from an option.
  const auto refuse_latency_rate = [](const std::string& field, double value) {
    throw measure::ConfigError(
        field, measure::format_value(value),
        "not an emulator option: the profile's latency streams set their rate");
  };
  if (o.sut_options.contains("latency_rate_pps")) {
    refuse_latency_rate("sut_options.latency_rate_pps", o.sut_options.at("latency_rate_pps"));
  }
  for (const auto& [port, overrides] : o.sut_port_options) {
    if (overrides.contains("latency_rate_pps")) {
      refuse_latency_rate("sut_port_options[" + std::to_string(port) + "].latency_rate_pps",
                          overrides.at("latency_rate_pps"));
    }
  }
  // Unknown models and options throw ConfigError naming them.
  sim::make_sut(o.sut_model, o.sut_options, o.seed);
  for (const auto& [port, overrides] : o.sut_port_options) {
    const std::string field = "sut_port_options[" + std::to_string(port) + "]";
    if (port >= o.port_count) {
      throw measure::ConfigError(field, describe(overrides),
                                 "no such port; ports are 0.." + std::to_string(o.port_count - 1));
    }
    try {
      sim::make_sut(o.sut_model, o.sut_options_for(port), o.seed + port);
    } catch (const measure::ConfigError& error) {
      // The model names its own option ("sharp.capacity_pps = -1: ..."); say which
      // direction's override carried it.
      throw measure::ConfigError(field, describe(overrides), error.what());
    }
  }
}

}  // namespace

void EmulatorOptions::validate() const {
  validate_astf(*this);
  validate_server(*this);
  validate_link(*this);
  validate_pacing(*this);
  validate_sut(*this);
}

sim::SutOptions EmulatorOptions::sut_options_for(std::uint32_t tx_port) const {
  sim::SutOptions options = sut_options;
  const auto overrides = sut_port_options.find(tx_port);
  if (overrides == sut_port_options.end()) return options;
  for (const auto& [name, value] : overrides->second) options[name] = value;
  return options;
}

}  // namespace trexsearch::trex::emu
