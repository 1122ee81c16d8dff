#include "trex_client/api/traffic_control.hpp"

namespace trexsearch::trex {

const char* to_string(MultiplierType type) {
  switch (type) {
    case MultiplierType::raw:
      return "raw";
    case MultiplierType::pps:
      return "pps";
    case MultiplierType::bps_l2:
      return "bps";
    case MultiplierType::bps_l1:
      return "bpsl1";
    case MultiplierType::percentage:
      return "percentage";
  }
  return "raw";
}

}  // namespace trexsearch::trex
