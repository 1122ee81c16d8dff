#pragma once

#include <string>

#include "daemon/report/fixed_load_report.hpp"

namespace trexsearch::report {

/// Each trial's (interval's) receive rate over the run, all directions and each,
/// with the offered load for reference; "" without trials.
std::string receive_rate_chart(const FixedLoadReportData& data);

/// Each trial's SUT loss ratio on a log axis, with a soak's threshold: a loss burst
/// in one interval stands out instead of being averaged away; "" without trials.
std::string interval_loss_chart(const FixedLoadReportData& data);

}  // namespace trexsearch::report
