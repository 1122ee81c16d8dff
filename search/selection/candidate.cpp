#include "search/selection/candidate.hpp"

namespace trexsearch::mlr {

bool precedes(const Candidate& a, const Candidate& b) {
  if (!a.load) return !b.load;
  if (!b.load) return true;
  if (*a.load != *b.load) return *a.load < *b.load;
  if (a.duration != b.duration) return a.duration > b.duration;
  if (!a.width) return !b.width;
  if (!b.width) return true;
  return *a.width >= *b.width;
}

const Candidate& pick_winner(const Candidate& current_winner, const Candidate& challenger) {
  // Python's min(challenger, winner) returns winner when winner < challenger.
  return precedes(current_winner, challenger) ? current_winner : challenger;
}

}  // namespace trexsearch::mlr
