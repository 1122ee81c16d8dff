#pragma once

#include <optional>
#include <string_view>

namespace trexsearch::protocol {

/// The fixed table of reply codes of the control socket (docs/socket-api.md).
/// Like Kea's command channel: a small number, a stable name, and the details in
/// the reply's "text". Values never change meaning; new codes are only appended.
enum class ResultCode : int {
  success = 0,            ///< the command did what was asked
  error = 1,              ///< the daemon failed (store, internal error); see text
  unsupported = 2,        ///< unknown command, or a feature this daemon does not have yet
  not_found = 3,          ///< no such job
  bad_request = 4,        ///< malformed line, JSON or arguments; text names the problem
  permission_denied = 5,  ///< the peer may read but not submit or cancel
  conflict = 6,           ///< the job is in the wrong state for this (e.g. no result yet)
  busy = 7,               ///< a limit was reached (clients, queue length); try later
};

/// Stable snake_case name ("bad_request").
std::string_view to_string(ResultCode code);

/// The code with this number, if it is one of the table.
std::optional<ResultCode> result_code_from_int(int value);

}  // namespace trexsearch::protocol
