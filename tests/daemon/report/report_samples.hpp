#pragma once

#include <string>

#include "daemon/report/mlr_report.hpp"
#include "daemon/report/plr_report.hpp"
#include "daemon/report/suite_report.hpp"
#include "search/controller_config.hpp"
#include "search/search_result.hpp"

namespace trexsearch::test {

// Reports from searches a user could have run, for the report's tests: rendered
// from real MLRsearch runs on simulated SUTs (virtual time, milliseconds) and a
// PLRsearch soak settling like a real one.

struct SampleSearch {
  mlr::ControllerConfig config;
  mlr::SearchResult result;
};

/// NDR (named `ndr_name`) and PDR (5e-3) on a sharp 2 Mpps SUT.
SampleSearch sharp_search(const std::string& ndr_name = "NDR");

/// NDR on a 2 Mpps SUT behind a tester that sends at most 1 Mpps per direction,
/// two directions: above 1 Mpps every trial is tester-limited.
SampleSearch tester_limited_search();

/// NDR and PDR on a noisy 3.2 Mpps SUT (losses of every size near the bounds).
SampleSearch noisy_search();

/// A report context like a trex job's: 64 B frames, two directions, 10 Gbit/s ports.
report::ReportContext trex_like_context(const std::string& title);

/// An hour-long soak settling on 1 Mpps, the fits bracketing it, rare losses.
report::PlrReportData settling_soak();

/// A suite of 7 frame sizes and IMIX x NDR/PDR on a 3 Mpps SUT behind 10 Gbit/s
/// ports: from 512 B on the line rate is below 3 Mpps, so those values are
/// max_load (line rate) passed; the 1280 B job failed; one IMIX value is
/// tester-limited.
report::SuiteReportData frame_size_suite();

}  // namespace trexsearch::test
