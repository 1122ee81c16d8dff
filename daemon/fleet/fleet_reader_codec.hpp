#pragma once

#include <string>
#include <string_view>

#include "daemon/protocol/replies/hook_run_record.hpp"
#include "daemon/protocol/replies/job_replies.hpp"
#include "daemon/protocol/replies/trial_record.hpp"

namespace trexsearch::fleet {

// The fleet database's JSONB columns back into the protocol's structs: each is the
// socket API's own JSON (docs/socket-api.md), read by the protocol's codecs, so the
// CLI's --db commands see exactly what the socket would have given them. The server
// returns JSONB with its keys reordered, which the codecs do not mind. Each throws
// measure::ConfigError or codec::JsonSyntaxError naming `what` and the field.

/// `jobs.job`: `show`'s arguments without trials and hook runs.
protocol::ShowReply decode_fleet_show(std::string_view json, const std::string& what);
/// `jobs.result`: `result`'s arguments.
protocol::ResultReply decode_fleet_result(std::string_view json, const std::string& what);
/// `trials.record`: one element of `show`'s `trials`.
protocol::TrialRecord decode_fleet_trial(std::string_view json, const std::string& what);
/// `hook_runs.record`: one element of `show --hooks`' `hook_runs`.
protocol::HookRunRecord decode_fleet_hook_run(std::string_view json, const std::string& what);

}  // namespace trexsearch::fleet
