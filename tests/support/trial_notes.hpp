#pragma once

#include <string_view>

#include "measure/trial_result.hpp"

namespace trexsearch::test_support {

/// Whether the trial came back with a note of this key (measure/trial_note.hpp).
inline bool has_note_key(const measure::TrialOutcome& outcome, std::string_view key) {
  for (const measure::TrialNote& note : outcome.notes) {
    if (note.key == key) return true;
  }
  return false;
}

}  // namespace trexsearch::test_support
