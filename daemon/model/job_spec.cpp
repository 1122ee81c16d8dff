#include "daemon/model/job_spec.hpp"

namespace trexsearch::service {

std::string_view to_string(SearchMethod method) {
  switch (method) {
    case SearchMethod::mlr:
      return "mlr";
    case SearchMethod::plr:
      return "plr";
    case SearchMethod::mrr:
      return "mrr";
    case SearchMethod::soak:
      return "soak";
  }
  return "unknown";
}

bool is_fixed_load(SearchMethod method) {
  return method == SearchMethod::mrr || method == SearchMethod::soak;
}

FixedLoadPlan fixed_load_plan(const JobSpec& spec) {
  return spec.method == SearchMethod::soak ? plan_of(spec.soak) : plan_of(spec.mrr);
}

std::string_view to_string(PlrResume resume) {
  switch (resume) {
    case PlrResume::deadline:
      return "deadline";
    case PlrResume::remaining:
      return "remaining";
  }
  return "unknown";
}

std::string_view to_string(TimeMode mode) {
  switch (mode) {
    case TimeMode::virtual_time:
      return "virtual";
    case TimeMode::real_time:
      return "real";
  }
  return "unknown";
}

std::string job_testbed(const JobSpec& spec) {
  const auto* trex_spec = std::get_if<TrexMeasurerSpec>(&spec.measurer);
  return trex_spec != nullptr ? trex_spec->testbed : "";
}

std::string job_lane(const JobSpec& spec) {
  const auto* trex_spec = std::get_if<TrexMeasurerSpec>(&spec.measurer);
  if (trex_spec == nullptr) return "no TRex";
  if (!trex_spec->testbed.empty()) return "testbed " + trex_spec->testbed;
  return trex_spec->endpoint.empty() ? "trex" : "trex " + trex_spec->endpoint;
}

bool is_astf_job(const MeasurerSpec& spec) {
  const auto* trex_spec = std::get_if<TrexMeasurerSpec>(&spec);
  return trex_spec != nullptr && trex_spec->astf.has_value();
}

std::string_view measurer_kind(const MeasurerSpec& spec) {
  struct Kind {
    std::string_view operator()(const SimMeasurerSpec&) const { return "sim"; }
    std::string_view operator()(const ExecMeasurerSpec&) const { return "exec"; }
    std::string_view operator()(const TrexMeasurerSpec&) const { return "trex"; }
  };
  return std::visit(Kind{}, spec);
}

}  // namespace trexsearch::service
