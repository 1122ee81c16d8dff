#include "daemon/report/note_tally.hpp"

#include <algorithm>

namespace trexsearch::report {
std::string note_key(const measure::TrialNote& note) {
  return note.key.empty() ? "other" : note.key;
}

std::size_t note_key_rank(const std::string& key) { return measure::note_key_rank(key); }

bool note_key_before(const std::string& a, const std::string& b) {
  const std::size_t ra = note_key_rank(a);
  const std::size_t rb = note_key_rank(b);
  return ra != rb ? ra < rb : a < b;
}

std::vector<std::string> note_keys(const std::vector<measure::TrialNote>& notes,
                                   bool tester_limited) {
  std::vector<std::string> keys;
  const auto add = [&keys](const std::string& key) {
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  };
  if (tester_limited) add(std::string(measure::note_key::tester_limited));
  for (const measure::TrialNote& note : notes) add(note_key(note));
  return keys;
}

void NoteTally::add(double load_pps, const std::vector<measure::TrialNote>& notes,
                    bool tester_limited) {
  for (const std::string& key : note_keys(notes, tester_limited)) ++counts_[key][load_pps];
}

std::vector<NoteCount> NoteTally::counts() const {
  std::vector<NoteCount> counts;
  for (const auto& [key, per_load] : counts_) {
    NoteCount count{key, 0, {}};
    for (const auto& [load, trials] : per_load) {
      count.trials += trials;
      count.per_load.emplace_back(load, trials);
    }
    counts.push_back(std::move(count));
  }
  std::stable_sort(counts.begin(), counts.end(), [](const NoteCount& a, const NoteCount& b) {
    return note_key_before(a.key, b.key);
  });
  return counts;
}

void CounterTally::add(const std::string& source) {
  if (source.empty()) return;
  auto found = std::find_if(sources_.begin(), sources_.end(),
                            [&](const auto& entry) { return entry.first == source; });
  if (found == sources_.end()) {
    sources_.emplace_back(source, 1);
  } else {
    ++found->second;
  }
}

}  // namespace trexsearch::report
