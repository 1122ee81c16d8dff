#include "daemon/fleet/fleet_reader_codec.hpp"

#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/hook_run_record_codec.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "daemon/protocol/replies/trial_record_codec.hpp"

namespace trexsearch::fleet {

protocol::ShowReply decode_fleet_show(std::string_view json, const std::string& what) {
  protocol::ShowReply reply;
  protocol::decode_reply(protocol::parse_document(json, what), reply);
  return reply;
}

protocol::ResultReply decode_fleet_result(std::string_view json, const std::string& what) {
  protocol::ResultReply reply;
  protocol::decode_reply(protocol::parse_document(json, what), reply);
  return reply;
}

protocol::TrialRecord decode_fleet_trial(std::string_view json, const std::string& what) {
  return protocol::decode_trial_record(protocol::json_of(protocol::parse_document(json, what)),
                                       what);
}

protocol::HookRunRecord decode_fleet_hook_run(std::string_view json, const std::string& what) {
  return protocol::decode_hook_run_record(protocol::json_of(protocol::parse_document(json, what)),
                                          what);
}

}  // namespace trexsearch::fleet
