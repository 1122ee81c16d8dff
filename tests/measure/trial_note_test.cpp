// A trial note is a key and a detail inside, one "key: detail" string outside: the
// text of every note a store, a reply or an external measurer holds comes back byte
// for byte, and the keys the tool writes are the ones reports rank.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "measure/trial_note.hpp"

using trexsearch::measure::known_note_keys;
using trexsearch::measure::note_key_rank;
using trexsearch::measure::TrialNote;
namespace note_key = trexsearch::measure::note_key;

TEST_CASE("a note's text splits into its key and detail, and joins back byte for byte") {
  const TrialNote keyed = TrialNote::parse("tester_limited: direction 0->1 sent 9 of 10");
  CHECK(keyed.key == "tester_limited");
  CHECK(keyed.detail == "direction 0->1 sent 9 of 10");
  CHECK(keyed == TrialNote::of(note_key::tester_limited, "direction 0->1 sent 9 of 10"));

  // Texts with no key: free text of an external measurer keeps all of itself.
  for (const std::string text :
       {"stretched", "trial stretched by 2 ms", "NDR: skipped", "foo:bar", ": leading colon",
        "latency phase stopped: no reply", "a_key_longer_than_thirty_two_characters: x", "",
        "key:no space", "Key: capitalised"}) {
    CAPTURE(text);
    const TrialNote note = TrialNote::parse(text);
    CHECK(note.key.empty());
    CHECK(note.detail == text);
    CHECK(note.text() == text);
  }
  // Texts with a key, including an empty detail and a detail with colons.
  for (const std::string text : {"repeated: measured again (attempt 2) after: a restart",
                                 "other: <img src=x> & more", "x1: ", "sut_frames: 14"}) {
    CAPTURE(text);
    const TrialNote note = TrialNote::parse(text);
    CHECK_FALSE(note.key.empty());
    CHECK(note.text() == text);
  }
}

TEST_CASE("the tool's note keys are snake_case, distinct, and rank the tester limit first") {
  std::set<std::string> seen;
  for (const std::string_view key : known_note_keys()) {
    CAPTURE(key);
    CHECK(TrialNote::parse(std::string(key) + ": detail").key == key);
    CHECK(seen.insert(std::string(key)).second);
  }
  CHECK(note_key_rank(note_key::tester_limited) == 0);
  CHECK(note_key_rank(note_key::repeated) < note_key_rank(note_key::negative_loss));
  CHECK(note_key_rank(note_key::tx_queue_full) < note_key_rank(note_key::start_skew));
  // An external measurer's key sorts after every key of the tool's.
  CHECK(note_key_rank("vendor_specific") == known_note_keys().size());
}
