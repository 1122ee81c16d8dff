#include "daemon/service/measurer_factory.hpp"

#include "daemon/measurers/exec_measurer.hpp"
#include "daemon/service/service_errors.hpp"
#include "search/sim/sut_measurer.hpp"

namespace trexsearch::service {

void MeasurerFactory::check_allowed(const MeasurerSpec&) const {}

LiveMeasurer SimMeasurerFactory::make(const MeasurerSpec& spec) const {
  const auto& sim_spec = std::get<SimMeasurerSpec>(spec);
  LiveMeasurer live;
  live.measurer = std::make_unique<sim::SutMeasurer>(
      sim::make_sut(sim_spec.model, sim_spec.options, sim_spec.seed), sim_spec.trial_overhead);
  live.paces_itself = false;
  return live;
}

void ExecMeasurerFactory::check_allowed(const MeasurerSpec&) const {
  if (!allowed_.load()) {
    throw RequestError(ResultCode::permission_denied,
                       "measurer.kind = \"exec\": external measurers are disabled on this daemon "
                       "(allow-exec-measurer = false)");
  }
}

LiveMeasurer ExecMeasurerFactory::make(const MeasurerSpec& spec) const {
  const auto& exec_spec = std::get<ExecMeasurerSpec>(spec);
  ExecMeasurerOptions options;
  options.command = exec_spec.command;
  options.reply_timeout_margin = exec_spec.reply_timeout_margin;
  LiveMeasurer live;
  live.measurer = std::make_unique<ExecMeasurer>(std::move(options));
  live.paces_itself = true;
  return live;
}

void MeasurerFactories::add(std::unique_ptr<MeasurerFactory> factory) {
  const std::string kind(factory->kind());
  factories_[kind] = std::move(factory);
}

const MeasurerFactory& MeasurerFactories::for_spec(const MeasurerSpec& spec) const {
  const auto found = factories_.find(measurer_kind(spec));
  if (found == factories_.end()) {
    throw NotSupportedError("measurer.kind", "\"" + std::string(measurer_kind(spec)) + "\"",
                            "this trex-searchd has no such measurer");
  }
  return *found->second;
}

TimeMode time_mode(const MeasurerSpec& spec) {
  return std::visit([](const auto& alternative) { return alternative.time; }, spec);
}

}  // namespace trexsearch::service
