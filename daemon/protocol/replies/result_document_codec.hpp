#pragma once

#include <json/value.h>

#include <string>
#include <string_view>

#include "daemon/protocol/replies/result_document.hpp"

namespace trexsearch::protocol {

/// Reads a result document by the job's method ("mlr", "plr", "mrr", "soak"): the
/// view's keys that older daemons may not have written are optional; a present
/// key of the wrong type throws ConfigError naming `path.key`.
ResultDocument decode_result_document(const Json::Value& json, std::string_view method,
                                      const std::string& path);

/// Each view on its own (show's `fixed_load` is a FixedLoadView).
MlrResultView decode_mlr_view(const Json::Value& json, const std::string& path);
PlrResultView decode_plr_view(const Json::Value& json, const std::string& path);
FixedLoadView decode_fixed_load_view(const Json::Value& json, const std::string& path);

/// An MRR or soak result as the daemon stores it and `result` returns it: the one
/// writer of that shape (the daemon maps its result into the view). Each trial is its
/// TrialRecord with its rates (`over_threshold` only when the soak has a threshold).
Json::Value encode_fixed_load_document(const FixedLoadView& view);
/// The same without what `show` lists itself (`trials`, `stop_reason`, `stop_detail`):
/// show's `fixed_load`.
Json::Value encode_fixed_load_summary(const FixedLoadView& view);

}  // namespace trexsearch::protocol
