#pragma once

#include <stdexcept>
#include <string>

namespace trexsearch::trex {

/// A trial was cut short by a TRex failure the session recovered from (TRex
/// restarted, a lost reply, ...): its counts are unusable, but the session is ready,
/// so the caller can simply repeat the trial.
class TrialInterrupted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace trexsearch::trex
