#include "daemon/runners/paced_measurer.hpp"

#include <utility>

namespace trexsearch::service {

PacedMeasurer::PacedMeasurer(LiveMeasurer live, TimeMode mode)
    : live_(std::move(live)),
      compressed_(mode == TimeMode::virtual_time),
      clock_(compressed_              ? static_cast<const measure::Clock&>(virtual_clock_)
             : live_.clock != nullptr ? *live_.clock
                                      : static_cast<const measure::Clock&>(steady_clock_)) {
  paced_ = live_.measurer.get();
  if (compressed_) {
    paced_ = &virtual_time_.emplace(*live_.measurer, virtual_clock_);
  } else if (!live_.paces_itself) {
    paced_ = &real_time_.emplace(*live_.measurer);
  }
}

}  // namespace trexsearch::service
