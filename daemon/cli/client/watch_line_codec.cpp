#include "daemon/cli/client/watch_line_codec.hpp"

#include <json/value.h>

#include "daemon/codec/json_writer.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/events/event_codec.hpp"

namespace trexsearch::cli {

std::string encode_watch_line(const std::string& type, std::int64_t job,
                              const protocol::Document& arguments) {
  Json::Value line(Json::objectValue);
  line["type"] = type;
  line["job"] = Json::Int64{job};
  line["arguments"] = protocol::json_of(arguments);
  return codec::to_compact_json(line);
}

protocol::Document replayed_trial_arguments(const protocol::TrialEvent& event) {
  Json::Value arguments = protocol::json_of(protocol::encode_event_arguments(event));
  arguments.removeMember("search_time");
  arguments.removeMember("goals");
  arguments["replayed"] = true;
  return protocol::make_document(std::move(arguments));
}

protocol::Document watch_ended_arguments(int exit_code, const std::string& reason) {
  Json::Value arguments(Json::objectValue);
  arguments["exit_code"] = exit_code;
  arguments["reason"] = reason;
  return protocol::make_document(std::move(arguments));
}

}  // namespace trexsearch::cli
