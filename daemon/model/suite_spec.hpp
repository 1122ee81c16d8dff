#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "daemon/model/job_spec.hpp"

namespace trexsearch::service {

// A suite: one submission that expands into several jobs (frame sizes, profiles,
// methods, repeats), queued together and reported together (docs/suites.md).

/// One job of a suite, as the expansion made it.
struct SuiteEntry {
  /// Names the entry within its suite: the varied values joined by '-'
  /// ("64B-ndr-pdr", "imix"); repeats share it. The job's name is
  /// "SUITE/LABEL", so `trex-search trend SUITE/LABEL` follows the entry across
  /// suites of that name.
  std::string label;
  /// The profile's frame size as the suite gave it ("64", "imix"); empty when the
  /// suite does not vary frame sizes.
  std::string frame_size;
  /// 1..repeats.
  int repeat = 1;
  JobSpec job;
};

/// A validated suite: every entry's job passed decode_job_spec.
struct SuiteSpec {
  std::string name;
  std::vector<SuiteEntry> entries;
  /// The suite document as submitted (profiles inline), kept with the suite.
  std::string document_json;
};

/// "SUITE/LABEL": the name of an entry's job.
std::string suite_job_name(const std::string& suite_name, const std::string& label);

}  // namespace trexsearch::service
