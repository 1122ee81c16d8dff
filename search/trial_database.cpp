#include "search/trial_database.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "measure/errors.hpp"

namespace trexsearch::mlr {

TrialDatabase::TrialDatabase(std::vector<ClassificationTarget> targets)
    : targets_(std::move(targets)) {}

void TrialDatabase::add(const measure::TrialResult& trial) {
  auto [it, inserted] = loads_.try_emplace(trial.intended_load_pps());
  LoadEntry& entry = it->second;
  if (inserted) {
    entry.load_pps = trial.intended_load_pps();
    entry.tallies.reserve(targets_.size());
    for (const ClassificationTarget& target : targets_) entry.tallies.emplace_back(target);
  }
  ++entry.trial_count;
  for (TargetTally& tally : entry.tallies) tally.add(trial);
}

RelevantBounds TrialDatabase::relevant_bounds(std::size_t target) const {
  std::vector<ClassifiedLoad> classified;
  classified.reserve(loads_.size());
  for (const auto& [load, entry] : loads_) {
    classified.push_back({load, entry.tallies.at(target).classification()});
  }
  return find_relevant_bounds(classified);
}

const TargetTally& TrialDatabase::tally(double load_pps, std::size_t target) const {
  const auto it = loads_.find(load_pps);
  if (it == loads_.end()) {
    throw std::logic_error("no trials at load " + measure::format_value(load_pps));
  }
  return it->second.tallies.at(target);
}

}  // namespace trexsearch::mlr
