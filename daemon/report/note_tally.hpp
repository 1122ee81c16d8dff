#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "measure/trial_note.hpp"

namespace trexsearch::report {

// Trial notes counted per kind: each note's key (measure::note_key; docs/cli.md
// "Trial notes"). Shared by the report and the CLI, so both count the same way.

/// The key a note counts under: its own, or "other" for a note without one (free
/// text from an external measurer).
std::string note_key(const measure::TrialNote& note);

/// Where a key sorts: the tool's keys in measure::known_note_keys() order (the
/// tester limit first: it changes what a trial means; the others qualify its
/// counts), then the others.
std::size_t note_key_rank(const std::string& key);

/// True when `a` sorts before `b`: by rank, then alphabetically.
bool note_key_before(const std::string& a, const std::string& b);

/// The keys of one trial's notes, each once, in note order; "tester_limited" also
/// when only the trial's tester limit says so.
std::vector<std::string> note_keys(const std::vector<measure::TrialNote>& notes,
                                   bool tester_limited);

/// How many trials carry each key, in all and per load.
struct NoteCount {
  std::string key;
  std::size_t trials = 0;
  /// (load [pps], trials) in increasing load order.
  std::vector<std::pair<double, std::size_t>> per_load;
};

/// Counts trials per note key; a trial counts once per key.
class NoteTally {
 public:
  void add(double load_pps, const std::vector<measure::TrialNote>& notes, bool tester_limited);
  /// The keys in note_key_before order.
  std::vector<NoteCount> counts() const;

 private:
  std::map<std::string, std::map<double, std::size_t>> counts_;
};

/// Which counters trials' counts came from ("flow_stats", "port"): source -> trials,
/// in order of first appearance.
class CounterTally {
 public:
  /// An empty source (the measurer did not say) is not counted.
  void add(const std::string& source);
  const std::vector<std::pair<std::string, std::size_t>>& sources() const { return sources_; }

 private:
  std::vector<std::pair<std::string, std::size_t>> sources_;
};

}  // namespace trexsearch::report
