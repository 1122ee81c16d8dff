#include "daemon/cli/text/bound_directions.hpp"

#include <cstdio>
#include <exception>
#include <vector>

#include "daemon/cli/text/number_text.hpp"
#include "daemon/cli/text/terminal_text.hpp"
#include "daemon/cli/text/text_table.hpp"
#include "daemon/cli/text/trial_text.hpp"
#include "daemon/report/direction_sums.hpp"

namespace trexsearch::cli {

namespace {

std::string unreadable(const std::string& why) {
  return "per direction at the relevant bounds: cannot be read from the result (" +
         terminal_safe(why) + ")\n";
}

}  // namespace

std::string format_bound_directions(const protocol::MlrResultView& result) {
  if (!result.search) return unreadable(result.search_unreadable);
  std::vector<report::BoundDirections> bounds;
  try {
    // The report's sums, so `result` and the report show the same numbers.
    bounds = report::bound_directions(*result.search);
  } catch (const std::exception& error) {
    return unreadable(error.what());
  }
  if (bounds.empty()) return "";
  std::vector<std::vector<std::string>> rows{{"LOAD [pps]", "BOUND OF", "TRIALS", "DIRECTION",
                                              "OFFERED", "RECEIVED", "UNSENT", "LOSS",
                                              "WORST TRIAL"}};
  for (const report::BoundDirections& bound : bounds) {
    std::string roles;
    for (const std::string& role : bound.roles) roles += (roles.empty() ? "" : ", ") + role;
    for (std::size_t i = 0; i < bound.directions.size(); ++i) {
      const report::DirectionSum& sum = bound.directions[i];
      const bool first = i == 0;
      rows.push_back({first ? load_text(bound.load_pps) : "", first ? terminal_safe(roles) : "",
                      first ? std::to_string(bound.trials) : "", terminal_safe(sum.counts.name),
                      std::to_string(sum.counts.offered), std::to_string(sum.counts.received),
                      std::to_string(sum.counts.unsent()), loss_percent(sum.counts.loss_ratio()),
                      loss_percent(sum.worst_loss_ratio)});
    }
  }
  return "per direction at the relevant bounds (counts summed over the trials at each load; "
         "loss of the sums, unsent frames included):\n" +
         format_text_table(rows, {true, false, true, false, true, true, true, true, true});
}

}  // namespace trexsearch::cli
