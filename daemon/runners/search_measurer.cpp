#include "daemon/runners/search_measurer.hpp"

#include "daemon/runners/latency_mode.hpp"

namespace trexsearch::service {

std::variant<std::unique_ptr<SearchMeasurer>, std::string> SearchMeasurer::make(
    const MeasurerFactories& factories, const JobSpec& spec,
    const std::optional<std::string>& every_trial_setting, RunObserver& observer) {
  std::variant<LiveMeasurer, std::string> live = factories.make_for_job(spec.measurer);
  if (auto* problem = std::get_if<std::string>(&live)) return std::move(*problem);
  auto made = std::make_unique<SearchMeasurer>(std::move(std::get<LiveMeasurer>(live)),
                                               time_mode(spec.measurer));
  PacedMeasurer& paced = made->paced_;
  if (paced.trex_version()) observer.trex_connected(*paced.trex_version());
  std::variant<bool, std::string> latency_on = latency_active(spec, paced.measurer());
  if (auto* problem = std::get_if<std::string>(&latency_on)) return std::move(*problem);
  made->latency_ = std::get<bool>(latency_on);
  if (made->latency_ && every_trial_setting) {
    made->every_trial_.emplace(paced.measurer(), *every_trial_setting);
  }
  return made;
}

}  // namespace trexsearch::service
