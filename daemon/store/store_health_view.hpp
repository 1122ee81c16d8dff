#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "daemon/model/job_record.hpp"

namespace trexsearch::service {

/// The job store as `status` shows it.
struct StoreHealth {
  std::string file;
  /// The database and its write-ahead log now [bytes].
  std::uint64_t bytes = 0;
  /// `max-store-mib` in bytes; 0: no cap but the file system's.
  std::uint64_t max_bytes = 0;
  /// False after a write failed (disk or store full, read-only file system, I/O
  /// error) until one succeeds again.
  bool writable = true;
  /// The last failed write and when it happened; empty when none since the start.
  std::string last_error;
  std::optional<WallTime> last_error_at;
  /// `store-reserve-mib` in bytes (0: none), and whether it is in place (it is
  /// given back when the file system fills up).
  std::uint64_t reserve_bytes = 0;
  bool reserve_held = false;
};

/// The job store's health (`status`, metrics): from memory and a stat() of its
/// files, no query.
class StoreHealthView {
 public:
  virtual ~StoreHealthView() = default;

  /// Only the daemon's job store has a health to report; fakes answer nullopt.
  virtual std::optional<StoreHealth> store_health() { return std::nullopt; }
};

}  // namespace trexsearch::service
