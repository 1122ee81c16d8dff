#pragma once

#include <cstdint>
#include <string>

namespace trexsearch::servicetest {

/// What the job store holds, checked straight in SQLite (the daemon stopped).
struct StoreAudit {
  /// `PRAGMA integrity_check`'s answer ("ok" when sound).
  std::string integrity;
  std::uint64_t jobs = 0;
  std::uint64_t trials = 0;
  /// Jobs whose trial numbers are not exactly 1..N (a gap: a lost trial).
  std::uint64_t jobs_with_gaps = 0;
  /// (job, number) pairs stored more than once, and trials of unknown jobs.
  std::uint64_t duplicate_trials = 0;
  std::uint64_t orphan_trials = 0;
};

/// Opens `store_file` read-only and audits it. Throws std::runtime_error when it
/// cannot be opened or read.
StoreAudit audit_store(const std::string& store_file);

}  // namespace trexsearch::servicetest
