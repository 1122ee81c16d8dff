#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "daemon/model/job_record.hpp"
#include "daemon/protocol/requests.hpp"

namespace trexsearch::service {

using SuiteId = std::int64_t;

/// One job of a stored suite and where it sits in it (docs/suites.md).
struct SuiteJobLink {
  JobId job = 0;
  /// 0-based, in the order the suite expanded.
  std::size_t position = 0;
  std::string label;
  /// "64", "imix", or empty when the suite does not vary frame sizes.
  std::string frame_size;
  int repeat = 1;
};

/// A stored suite. Its jobs are ordinary jobs (queued, run, resumed, deleted one
/// by one); a deleted job leaves its suite with one link fewer.
struct SuiteRecord {
  SuiteId id = 0;
  std::string name;
  WallTime created_at{};
  std::string submitted_by;
  /// The suite document as submitted (JSON).
  std::string document_json;
  std::vector<SuiteJobLink> jobs;
};

/// How `show SUITE` names a suite (the protocol's, daemon/protocol/requests.hpp).
using protocol::SuiteRef;

}  // namespace trexsearch::service
