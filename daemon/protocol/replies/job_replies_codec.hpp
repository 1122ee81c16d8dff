#pragma once

#include <json/value.h>

#include <optional>
#include <string>

#include "daemon/protocol/document.hpp"
#include "daemon/protocol/replies/job_replies.hpp"

namespace trexsearch::protocol {

// ShowReply, ResultReply, AnalyzeReply and WatchReply <-> the reply's `arguments`, as
// reply_codec.hpp does for the flat replies: decoding names a missing or mistyped field with its
// path and passes over keys it does not know.

Document encode_reply(const ShowReply& reply);
Document encode_reply(const WatchReply& reply);
/// `{"job", "result", "line_rate"}`: the document written as stored, read by the
/// job's method (result_document_codec.hpp).
Document encode_reply(const ResultReply& reply);
void decode_reply(const Document& arguments, ShowReply& reply);
void decode_reply(const Document& arguments, WatchReply& reply);
void decode_reply(const Document& arguments, ResultReply& reply);
/// `{"job", "trial_count", "goals": [goal results, codec::encode_goal_results]}`.
Document encode_reply(const AnalyzeReply& reply);
void decode_reply(const Document& arguments, AnalyzeReply& reply);

/// `show`'s `bounds`: `[{"label", "lower_bound", "upper_bound", "regular",
/// "irregular_reason", "tester_limited": null | {"trials", "reached_pps"}, "clean"}]`.
Json::Value encode_goal_bounds(const std::vector<GoalBounds>& goals);
std::vector<GoalBounds> decode_goal_bounds(const Json::Value& json, const std::string& path);

/// A goal's `tester_limited`: `{"trials", "reached_pps"}` or null.
Json::Value encode_tester_limited(const std::optional<mlr::TesterLimit>& limit);
std::optional<mlr::TesterLimit> decode_tester_limited(const Json::Value& json,
                                                      const std::string& path);

/// A PLR result's (and `show`'s) `tester_limit` (codec::encode_plr_tester_limit's
/// shape); counts absent in older results read as 0.
Json::Value encode_plr_tester_limit(const plr::PlrTesterLimit& limit);
plr::PlrTesterLimit decode_plr_tester_limit(const Json::Value& json, const std::string& path);

/// `line_rate`: `{"port_speed_gbps", "frame_bytes", "line_rate_pps"}` or null.
Json::Value encode_line_rate_facts(const std::optional<LineRateFacts>& line_rate);
std::optional<LineRateFacts> decode_line_rate_facts(const Json::Value& json,
                                                    const std::string& path);

}  // namespace trexsearch::protocol
