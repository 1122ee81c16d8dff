#include "trex_client/api/stream_spec.hpp"

#include "trex_client/api/vm_instruction.hpp"

namespace trexsearch::trex {

const char* to_string(FlowVarOp op) {
  switch (op) {
    case FlowVarOp::inc:
      return "inc";
    case FlowVarOp::dec:
      return "dec";
    case FlowVarOp::random:
      return "random";
  }
  return "inc";
}

const char* to_string(RateType type) {
  switch (type) {
    case RateType::pps:
      return "pps";
    case RateType::bps_l1:
      return "bps_L1";
    case RateType::bps_l2:
      return "bps_L2";
    case RateType::percentage:
      return "percentage";
  }
  return "pps";
}

const char* to_string(StreamModeType type) {
  switch (type) {
    case StreamModeType::continuous:
      return "continuous";
    case StreamModeType::single_burst:
      return "single_burst";
    case StreamModeType::multi_burst:
      return "multi_burst";
  }
  return "continuous";
}

}  // namespace trexsearch::trex
