#include "daemon/spec/job_names.hpp"

#include "daemon/codec/display_text.hpp"
#include "daemon/model/service_errors.hpp"
#include "trex_client/tester/trex_tester.hpp"

namespace trexsearch::service {
namespace {

void check_name(const std::string& path, const std::string& text) {
  if (const auto problem = codec::name_text_problem(text)) {
    throw RequestError(ResultCode::bad_request,
                       path + " = \"" + codec::escape_control_characters(text) + "\": " + *problem +
                           "; names must be valid UTF-8 without control characters");
  }
}

}  // namespace

void check_job_names(const JobSpec& spec) {
  check_name("name", spec.name);
  check_name("profile", spec.profile);
  if (spec.method == SearchMethod::mlr) {
    for (std::size_t i = 0; i < spec.mlr.goals.size(); ++i) {
      check_name("spec.goals[" + std::to_string(i) + "].name", spec.mlr.goals[i].name);
    }
  }
  if (const auto* trex_spec = std::get_if<TrexMeasurerSpec>(&spec.measurer)) {
    if (trex_spec->profile_source != "inline") {
      check_name("measurer.profile", trex_spec->profile_source);
    }
    check_name("measurer.profile.name", trex_spec->profile.name);
  }
}

}  // namespace trexsearch::service
