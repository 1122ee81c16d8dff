#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "measure/units.hpp"

namespace trexsearch::trex {

/// A session's retry loop gave up on TRex (TrexSession::retry_until_done): the
/// outage outlasted the reconnect grace, or an attempt failed in a way no retry can
/// fix. Not a MeasurementError: the caller words the reason (which job, which
/// endpoint, which grace) from these facts.
class RetriesExhausted : public std::runtime_error {
 public:
  RetriesExhausted(int attempts, std::optional<measure::Seconds> unreachable_for,
                   std::string last_error);

  /// Attempts made, the failed last one included.
  int attempts() const { return attempts_; }
  /// How long TRex had been unreachable when the policy gave up [s]; nullopt when
  /// the last error was not one a retry can fix (TRex answered: it refused).
  const std::optional<measure::Seconds>& unreachable_for() const { return unreachable_for_; }
  /// What the last attempt failed with.
  const std::string& last_error() const { return last_error_; }

 private:
  int attempts_;
  std::optional<measure::Seconds> unreachable_for_;
  std::string last_error_;
};

}  // namespace trexsearch::trex
