#include "measure/direction_latency.hpp"

namespace trexsearch::measure {

const char* to_string(PercentileMethod method) {
  switch (method) {
    case PercentileMethod::hdrh:
      return "hdrh";
    case PercentileMethod::buckets:
      return "buckets";
    case PercentileMethod::none:
      return "none";
  }
  return "none";
}

}  // namespace trexsearch::measure
