#pragma once

#include <optional>
#include <string>
#include <vector>

#include "daemon/latency/latency_point.hpp"
#include "daemon/model/fixed_load_result.hpp"
#include "daemon/model/job_spec.hpp"
#include "plr/soak_search.hpp"
#include "search/search_result.hpp"

namespace trexsearch::service {

// The JSON text of the job store's columns (store.cpp and its store_*.cpp siblings
// keep only SQL): each column's document as one compact line, and back.

/// The `spec` column: the canonical spec (every key, defaults written out).
std::string encode_spec_column(const JobSpec& spec);
/// The `results.result` column of an MLR, PLR, MRR or soak job.
std::string encode_result_column(const mlr::SearchResult& result,
                                 const latency::LatencyPhaseResult* latency);
std::string encode_result_column(const plr::PlrResult& result);
std::string encode_result_column(const FixedLoadResult& result);
/// A trial's `notes` column, and back.
std::string encode_notes_column(const std::vector<measure::TrialNote>& notes);
std::vector<measure::TrialNote> decode_notes_column(const std::string& text);
/// A trial's `detail` column: the outcome but its latency; `latency` column: the
/// latency with its histograms (so percentiles can be recomputed), or none.
std::string encode_detail_column(const measure::TrialOutcome& outcome);
std::optional<std::string> encode_latency_column(const measure::TrialOutcome& outcome);
/// Reads them back into `outcome`; `path` names the trial in errors.
void decode_detail_column(const std::string& text, measure::TrialOutcome& outcome,
                          const std::string& path);
void decode_latency_column(const std::string& text, measure::TrialOutcome& outcome,
                           const std::string& path);

}  // namespace trexsearch::service
