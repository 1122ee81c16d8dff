#pragma once

#include <functional>
#include <optional>
#include <string>
#include <variant>

#include "daemon/model/job_spec.hpp"

namespace trexsearch::service {

/// How a submission learns the speed of a trex job's ports when the spec does not
/// give it: TRex's port speed [Gbit/s], or why it could not be read. The dispatcher
/// holds one (asking TRex at submission); decode_job_spec uses it for loads given in
/// users' units (docs/loads.md). Here, not in the codec, so that the dispatcher's
/// header does not bring the codec's jsoncpp to every file that includes it.
using PortSpeedProbe =
    std::function<std::variant<double, std::string>(const TrexMeasurerSpec& measurer)>;

/// How a submission has TRex parse an ASTF job's profile (docs/astf.md "Jobs"): TRex's
/// reason when it refused it; nothing when it accepted it or could not be asked.
using AstfProfileProbe =
    std::function<std::optional<std::string>(const TrexMeasurerSpec& measurer)>;

}  // namespace trexsearch::service
