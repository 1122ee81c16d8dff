#include "daemon/store/store_codec.hpp"

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/latency_codec.hpp"
#include "daemon/codec/plr_result_codec.hpp"
#include "daemon/codec/search_result_codec.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/codec/trial_detail_codec.hpp"
#include "daemon/spec/fixed_load_codec.hpp"
#include "daemon/spec/job_spec_codec.hpp"

namespace trexsearch::service {

std::string encode_spec_column(const JobSpec& spec) {
  return codec::to_compact_json(encode_job_spec(spec));
}

std::string encode_result_column(const mlr::SearchResult& result,
                                 const latency::LatencyPhaseResult* latency) {
  Json::Value json = codec::encode_search_result(result);
  if (latency != nullptr) codec::encode_latency_phase(*latency, json);
  return codec::to_compact_json(json);
}

std::string encode_result_column(const plr::PlrResult& result) {
  return codec::to_compact_json(codec::encode_plr_result(result));
}

std::string encode_result_column(const FixedLoadResult& result) {
  return codec::to_compact_json(encode_fixed_load_result(result));
}

std::string encode_notes_column(const std::vector<measure::TrialNote>& notes) {
  return codec::to_compact_json(codec::encode_notes(notes));
}

std::vector<measure::TrialNote> decode_notes_column(const std::string& text) {
  std::vector<measure::TrialNote> notes;
  const Json::Value json = codec::parse_strict_json(text, "stored trial notes");
  for (const auto& note : json) notes.push_back(measure::TrialNote::parse(note.asString()));
  return notes;
}

std::string encode_detail_column(const measure::TrialOutcome& outcome) {
  Json::Value detail = codec::encode_trial_detail(outcome);
  detail.removeMember("latency");
  return codec::to_compact_json(detail);
}

std::optional<std::string> encode_latency_column(const measure::TrialOutcome& outcome) {
  if (outcome.latency.empty()) return std::nullopt;
  return codec::to_compact_json(
      codec::encode_latency_list(outcome.latency, codec::LatencyHistograms::keep));
}

void decode_detail_column(const std::string& text, measure::TrialOutcome& outcome,
                          const std::string& path) {
  codec::decode_trial_detail(codec::parse_strict_json(text, "stored trial detail"), outcome, path);
}

void decode_latency_column(const std::string& text, measure::TrialOutcome& outcome,
                           const std::string& path) {
  outcome.latency =
      codec::decode_latency_list(codec::parse_strict_json(text, "stored trial latency"), path);
}

}  // namespace trexsearch::service
