#pragma once

#include <string>

#include "daemon/protocol/replies/hook_run_record.hpp"
#include "daemon/protocol/replies/trial_record.hpp"

namespace trexsearch::fleet {

// The fleet database's JSON of trials and hook runs: the socket API's own (docs/socket-api.md
// "show"), compact, so a reader decodes it with the protocol's codecs.

std::string trial_record_json(const protocol::TrialRecord& trial);
std::string hook_run_record_json(const protocol::HookRunRecord& run);

}  // namespace trexsearch::fleet
