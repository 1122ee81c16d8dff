#pragma once

#include "daemon/cli/command/command_entry.hpp"

namespace trexsearch::cli {

// The rows of the command table, each defined in its command's file.

/// analyze_command.cpp: re-analyse recorded trials against goals.
extern const CommandEntry kAnalyzeCommand;
/// simulate_command.cpp: MLRsearch or PLRsearch on virtual time.
extern const CommandEntry kSimulateCommand;
/// profile/profile_command.cpp: a profile compiled and described, locally.
extern const CommandEntry kProfileCommand;
/// status_client_command.cpp.
extern const CommandEntry kStatusCommand;
/// submit_client_command.cpp.
extern const CommandEntry kSubmitCommand;
/// list_client_command.cpp.
extern const CommandEntry kListCommand;
/// show_client_command.cpp.
extern const CommandEntry kShowCommand;
/// job_action_client_commands.cpp.
extern const CommandEntry kCancelCommand;
/// job_action_client_commands.cpp.
extern const CommandEntry kDeleteCommand;
/// result_client_command.cpp.
extern const CommandEntry kResultCommand;
/// watch_client_command.cpp.
extern const CommandEntry kWatchCommand;
/// reanalyze_client_command.cpp.
extern const CommandEntry kReanalyzeCommand;
/// report_client_command.cpp.
extern const CommandEntry kReportCommand;
/// export_client_command.cpp.
extern const CommandEntry kExportCommand;
/// compare_client_command.cpp.
extern const CommandEntry kCompareCommand;
/// trend_client_command.cpp.
extern const CommandEntry kTrendCommand;

}  // namespace trexsearch::cli
