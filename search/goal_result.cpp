#include "search/goal_result.hpp"

namespace trexsearch::mlr {

std::string_view to_string(Irregularity irregularity) {
  switch (irregularity) {
    case Irregularity::none:
      return "none";
    case Irregularity::max_load_is_lower_bound:
      return "max_load_is_lower_bound";
    case Irregularity::no_upper_bound:
      return "no_upper_bound";
    case Irregularity::min_load_is_upper_bound:
      return "min_load_is_upper_bound";
    case Irregularity::no_lower_bound:
      return "no_lower_bound";
    case Irregularity::too_wide:
      return "too_wide";
    case Irregularity::search_time_exceeded:
      return "search_time_exceeded";
    case Irregularity::stopped_by_fail_fast:
      return "stopped_by_fail_fast";
    case Irregularity::cancelled:
      return "cancelled";
    case Irregularity::measurer_failed:
      return "measurer_failed";
  }
  return "none";
}

}  // namespace trexsearch::mlr
