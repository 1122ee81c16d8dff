#include "daemon/report/note_tally.hpp"

#include <algorithm>
#include <array>

namespace trexsearch::report {
namespace {

/// The keys the TRex measurer and the job runner write (trex_client trial_notes,
/// repeating_measurer).
constexpr std::array<std::string_view, 7> kKnownKeys{
    "tester_limited", "repeated",      "negative_loss", "port_counters",
    "sut_frames",     "settle_capped", "tx_queue_full"};

}  // namespace

std::string note_key(std::string_view note) {
  const auto colon = note.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon > 32) return "other";
  const std::string_view key = note.substr(0, colon);
  const bool word = std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
  return word ? std::string(key) : "other";
}

std::size_t note_key_rank(const std::string& key) {
  const auto* const found = std::find(kKnownKeys.begin(), kKnownKeys.end(), key);
  return static_cast<std::size_t>(found - kKnownKeys.begin());
}

bool note_key_before(const std::string& a, const std::string& b) {
  const std::size_t ra = note_key_rank(a);
  const std::size_t rb = note_key_rank(b);
  return ra != rb ? ra < rb : a < b;
}

std::vector<std::string> note_keys(const std::vector<std::string>& notes, bool tester_limited) {
  std::vector<std::string> keys;
  const auto add = [&keys](const std::string& key) {
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  };
  if (tester_limited) add("tester_limited");
  for (const std::string& note : notes) add(note_key(note));
  return keys;
}

void NoteTally::add(double load_pps, const std::vector<std::string>& notes, bool tester_limited) {
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
