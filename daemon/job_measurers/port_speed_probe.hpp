#pragma once

#include <string>
#include <variant>

#include "daemon/model/job_spec.hpp"
#include "measure/units.hpp"

namespace trexsearch::service {

/// Asks TRex at `endpoint` for the speed of the ports `measurer`'s profile sends on
/// (get_port_status attr.speed; the slowest when they differ) [Gbit/s], within
/// `timeout`. No ports are acquired: it only reads. The error text says what failed
/// (TRex unreachable, a port it does not have).
std::variant<double, std::string> probe_port_speed(const std::string& endpoint,
                                                   const TrexMeasurerSpec& measurer,
                                                   measure::Seconds timeout);

}  // namespace trexsearch::service
