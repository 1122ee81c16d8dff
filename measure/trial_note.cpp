#include "measure/trial_note.hpp"

#include <algorithm>
#include <array>

namespace trexsearch::measure {
namespace {

constexpr std::array kKnownKeys{
    note_key::tester_limited,
    note_key::repeated,
    note_key::negative_loss,
    note_key::port_counters,
    note_key::sut_frames,
    note_key::settle_capped,
    note_key::tx_queue_full,
    note_key::astf_unsent,
    note_key::astf_counts,
    note_key::astf_errors,
    note_key::astf_counters,
    note_key::ramp_up,
    note_key::hook,
    note_key::hook_failed,
    note_key::latency_buckets,
    note_key::latency_hdrh_invalid,
    note_key::latency_histogram_invalid,
    note_key::latency_loss,
    note_key::latency_restarted,
    note_key::latency_sequence,
    note_key::load_raised,
    note_key::no_latency,
    note_key::start_skew,
    note_key::tx_end_unverified,
};

constexpr std::size_t kMaxKeyLength = 32;

bool key_character(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

}  // namespace

std::string TrialNote::text() const { return key.empty() ? detail : key + ": " + detail; }

TrialNote TrialNote::parse(std::string_view text) {
  const std::size_t colon = text.find(": ");
  if (colon == std::string_view::npos || colon == 0 || colon > kMaxKeyLength) {
    return {"", std::string(text)};
  }
  const std::string_view key = text.substr(0, colon);
  if (!std::all_of(key.begin(), key.end(), key_character)) return {"", std::string(text)};
  return {std::string(key), std::string(text.substr(colon + 2))};
}

std::vector<TrialNote> parse_notes(const std::vector<std::string>& texts) {
  std::vector<TrialNote> notes;
  notes.reserve(texts.size());
  for (const std::string& text : texts) notes.push_back(TrialNote::parse(text));
  return notes;
}

std::vector<std::string> note_texts(const std::vector<TrialNote>& notes) {
  std::vector<std::string> texts;
  texts.reserve(notes.size());
  for (const TrialNote& note : notes) texts.push_back(note.text());
  return texts;
}

std::span<const std::string_view> known_note_keys() { return kKnownKeys; }

std::size_t note_key_rank(std::string_view key) {
  return static_cast<std::size_t>(std::find(kKnownKeys.begin(), kKnownKeys.end(), key) -
                                  kKnownKeys.begin());
}

}  // namespace trexsearch::measure
