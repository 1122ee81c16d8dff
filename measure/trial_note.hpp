#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace trexsearch::measure {

/// One remark of a measurer about a trial (docs/trials.md "Notes"): a stable key,
/// which results and reports count trials by, and the detail a reader needs. In the
/// store, on the wire and in exports a note is one string, "key: detail"; a free-text
/// note of an external measurer has no key and is its detail alone.
struct TrialNote {
  /// snake_case; empty for a note without a key.
  std::string key;
  std::string detail;

  /// A note with one of the tool's keys (note_key::...).
  static TrialNote of(std::string_view key, std::string detail) {
    return {std::string(key), std::move(detail)};
  }
  /// "key: detail", or the detail alone when there is no key.
  std::string text() const;
  /// The note `text` says: a key when the text starts with a snake_case word of at
  /// most 32 characters followed by ": ", else no key and the whole text as the
  /// detail. parse(t).text() == t for every t.
  static TrialNote parse(std::string_view text);

  friend bool operator==(const TrialNote&, const TrialNote&) = default;
};

/// Each text parsed (TrialNote::parse), in order.
std::vector<TrialNote> parse_notes(const std::vector<std::string>& texts);
/// Each note's text, in order.
std::vector<std::string> note_texts(const std::vector<TrialNote>& notes);

/// The keys the tool's own measurers and runners write (docs/trials.md "Notes"),
/// one name each, so that a writer cannot misspell what a report counts.
namespace note_key {
inline constexpr std::string_view tester_limited = "tester_limited";
inline constexpr std::string_view repeated = "repeated";
inline constexpr std::string_view negative_loss = "negative_loss";
inline constexpr std::string_view port_counters = "port_counters";
inline constexpr std::string_view sut_frames = "sut_frames";
inline constexpr std::string_view settle_capped = "settle_capped";
inline constexpr std::string_view tx_queue_full = "tx_queue_full";
/// An operator's hook ran before or after the trial (docs/testbeds.md "Hooks").
inline constexpr std::string_view hook = "hook";
/// ASTF trials (docs/astf.md): what the counts were made of, every non-zero L7
/// counter, the ones TRex marks errors, transactions not attempted as asked.
inline constexpr std::string_view astf_counts = "astf_counts";
inline constexpr std::string_view astf_counters = "astf_counters";
inline constexpr std::string_view astf_errors = "astf_errors";
inline constexpr std::string_view astf_unsent = "astf_unsent";
/// ASTF: a ramp-up run re-created the DUT's sessions before the trial (not counted).
inline constexpr std::string_view ramp_up = "ramp_up";
/// A hook with on-failure = note failed; the trial stands.
inline constexpr std::string_view hook_failed = "hook_failed";
inline constexpr std::string_view latency_buckets = "latency_buckets";
inline constexpr std::string_view latency_hdrh_invalid = "latency_hdrh_invalid";
inline constexpr std::string_view latency_histogram_invalid = "latency_histogram_invalid";
inline constexpr std::string_view latency_loss = "latency_loss";
inline constexpr std::string_view latency_restarted = "latency_restarted";
inline constexpr std::string_view latency_sequence = "latency_sequence";
inline constexpr std::string_view load_raised = "load_raised";
inline constexpr std::string_view no_latency = "no_latency";
inline constexpr std::string_view start_skew = "start_skew";
inline constexpr std::string_view tx_end_unverified = "tx_end_unverified";
}  // namespace note_key

/// Every key above, in the order results and reports list them: the tester limit
/// first (it changes what a trial means), then what qualifies a trial's counts, then
/// the rest alphabetically. A key not in the list (an external measurer's) sorts
/// after all of them.
std::span<const std::string_view> known_note_keys();

/// Where `key` sorts: its place in known_note_keys(), or the list's size.
std::size_t note_key_rank(std::string_view key);

}  // namespace trexsearch::measure
