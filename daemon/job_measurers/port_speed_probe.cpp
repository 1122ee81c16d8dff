#include "daemon/job_measurers/port_speed_probe.hpp"

#include <algorithm>
#include <exception>
#include <memory>

#include "trex_client/tester/trex_tester.hpp"

namespace trexsearch::service {

std::variant<double, std::string> probe_port_speed(const std::string& endpoint,
                                                   const TrexMeasurerSpec& measurer,
                                                   measure::Seconds timeout) {
  try {
    const trex::CompiledProfile profile =
        trex::compile_profile(measurer.profile, measurer.trial.counters);
    std::vector<std::uint8_t> tx_ports;
    for (const trex::TrafficDirection& direction : profile.directions) {
      tx_ports.push_back(direction.tx_port);
    }
    double slowest = 0.0;
    for (const trex::PortStatus& status : trex::read_port_statuses(endpoint, tx_ports, timeout)) {
      if (!(status.speed_gbps > 0.0)) {
        return "TRex at " + endpoint + " reports no speed for port " +
               std::to_string(status.port_id);
      }
      slowest = slowest > 0.0 ? std::min(slowest, status.speed_gbps) : status.speed_gbps;
    }
    return slowest;
  } catch (const std::exception& error) {
    return "TRex at " + endpoint + " could not tell the port speed (" + error.what() + ")";
  }
}

}  // namespace trexsearch::service
