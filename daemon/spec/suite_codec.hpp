#pragma once

#include <json/value.h>

#include "daemon/model/suite_spec.hpp"
#include "daemon/spec/job_spec_codec.hpp"

namespace trexsearch::service {

/// The `submit_suite` arguments -> a validated SuiteSpec (docs/suites.md):
///
///     {"name": "ipv4-64b-to-imix",
///      "job": {submit arguments without "name"},
///      "frame_sizes"?: [64, 128, ..., "imix"],
///      "profiles"?: [{"label", "profile": {...}, "profile_source"?}, ...],
///      "methods"?: [{"label"?, "method", "spec", "latency"?}, ...],
///      "repeats"?: 1}
///
/// Entries are the product of the axes given, repeats outermost (every entry's
/// first run before any second one, so a drift spreads over the repeats instead of
/// hitting one entry), then profiles, methods and frame sizes. Each entry's job is
/// decoded like a `submit` (loads in % of line rate resolve per frame size); the
/// first entry that fails refuses the whole suite with a RequestError naming the
/// entry and the field ("entry \"imix\" (frame_sizes[7]): measurer.profile...").
SuiteSpec decode_suite(const Json::Value& json, const PortSpeedProbe& probe = {});
/// The same, from a `submit_suite` request's suite document.
SuiteSpec decode_suite(const protocol::Document& suite, const PortSpeedProbe& probe = {});

}  // namespace trexsearch::service
