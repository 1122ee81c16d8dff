#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "daemon/protocol/document.hpp"
#include "daemon/protocol/replies/job_replies.hpp"
#include "daemon/protocol/replies/replies.hpp"

namespace trexsearch::cli {

// The numbers `compare` and `trend` put side by side or in a series, read once
// from the daemon's `result` reply (docs/trend.md "Which value"). No I/O.

/// One goal's value in one job's result.
struct GoalValue {
  /// The MLR goal's name ("goal 1" when unnamed); "estimate" for a PLR result.
  std::string goal;
  /// The MLR goal's definition as stored (loss_ratio, exceed_ratio, ...); absent
  /// for PLR, MRR and soaks.
  std::optional<protocol::Document> definition;
  /// MLR: the conditional throughput, else the relevant lower bound; PLR: the
  /// critical-load estimate's average. Absent when the search found none.
  std::optional<double> value_pps;
  /// "conditional_throughput", "relevant_lower_bound", "estimate_average" or
  /// "receive_rate_mean" (MRR and soaks: frames received per intended second, all
  /// directions together, mean over the trials).
  std::string value_kind;
  /// How many directions the value adds up: 1 for the searches' loads (per
  /// direction), the direction count for a receive rate. A share of line rate
  /// divides by it.
  int summed_directions = 1;
  /// The run's own spread around the value: MLR [relevant lower bound, relevant
  /// upper bound (the lower one when there is none)]; PLR average -+ stdev.
  std::optional<double> spread_low_pps;
  std::optional<double> spread_high_pps;
  std::optional<double> stdev_pps;  ///< PLR, MRR and soaks
  /// Why the value is not clean ("tester-limited", "irregular: ...", "search stopped
  /// early: ..."); empty when it is clean.
  std::string unclean_reason;

  bool clean() const { return unclean_reason.empty(); }
};

/// One job with what its result says.
struct JobValues {
  std::int64_t id = 0;
  /// The tester it ran on, when read from the fleet database (docs/fleet.md).
  std::optional<std::string> tester;
  std::string name;
  std::string method;  ///< "mlr", "plr", "mrr" or "soak"
  std::string state;
  std::string reason;
  std::string created_at;
  std::string profile;
  /// The result reply's line rate; absent when unknown (or the job has no result).
  std::optional<protocol::LineRateFacts> line_rate;
  /// Only finished jobs give values: a failed or cancelled job's partial result is
  /// shown as its state, never as a number.
  bool has_values = false;
  std::vector<GoalValue> goals;

  /// The goal of that name; nullptr when the result has none.
  const GoalValue* find(const std::string& goal) const;
};

/// How messages and tables name the job: "42", or "lab-3:42" in the fleet.
std::string job_label(const JobValues& job);

/// From a `result` reply (values only when the job finished).
JobValues job_values(const protocol::ResultReply& reply);
/// A job without a result (`result` refused it): its state and reason only.
JobValues job_values(const protocol::JobSummary& job);

/// "12.345 %" of line rate for a load; empty when the line rate is not known.
std::string percent_of_line_rate(double load_pps,
                                 const std::optional<protocol::LineRateFacts>& line_rate);

}  // namespace trexsearch::cli
