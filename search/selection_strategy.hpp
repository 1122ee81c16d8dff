#pragma once

#include <string>
#include <string_view>

namespace trexsearch::mlr {

/// How the controller chooses trial loads and durations. Only the results'
/// definitions are normative (draft-06 "Load Classification", "Goal Result"),
/// so both produce conformant, comparable results.
enum class SelectionStrategy {
  /// The reference's load selection, trial for trial (CSIT MLRsearch 1.2.1).
  csit,
  /// Places loads from measured forwarding rates and lets loads serve every
  /// goal they can decide (docs/mlrsearch.md "The fast strategy").
  fast,
};

std::string_view to_string(SelectionStrategy strategy);

/// "csit" or "fast"; anything else throws a ConfigError naming `field` and the value.
SelectionStrategy parse_selection_strategy(std::string_view text, const std::string& field);

}  // namespace trexsearch::mlr
