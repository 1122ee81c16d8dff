#include "daemon/fleet/fleet_record_codec.hpp"

#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/hook_run_record_codec.hpp"
#include "daemon/protocol/replies/trial_record_codec.hpp"

namespace trexsearch::fleet {

std::string trial_record_json(const protocol::TrialRecord& trial) {
  return protocol::to_compact_text(protocol::make_document(protocol::encode_trial_record(trial)));
}

std::string hook_run_record_json(const protocol::HookRunRecord& run) {
  return protocol::to_compact_text(protocol::make_document(protocol::encode_hook_run_record(run)));
}

}  // namespace trexsearch::fleet
