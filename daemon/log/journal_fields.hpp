#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/log/log.hpp"

namespace trexsearch::service {

/// One log event as journald fields (systemd.journal-fields(7)): MESSAGE (the same
/// text as the stderr line, without the `<N>` prefix), PRIORITY, SYSLOG_IDENTIFIER,
/// TREXSEARCH_EVENT and one TREXSEARCH_<KEY> per field, so that
/// `journalctl TREXSEARCH_EVENT=job.failed TREXSEARCH_JOB=3` finds events without
/// parsing text. Keys are upper-cased; characters journald does not allow in a
/// field name become '_'. Each entry is "NAME=value".
std::vector<std::string> journal_fields(LogPriority priority, std::string_view event,
                                        std::initializer_list<LogField> fields);

/// The field name for `key`: "TREXSEARCH_" + key in [A-Z0-9_], at most 64 bytes.
std::string journal_field_name(std::string_view key);
/// The unprefixed name sent beside it for the keys an operator looks for first:
/// job -> JOB_ID, trial -> TRIAL, method -> METHOD; none for the others.
std::optional<std::string> well_known_field(std::string_view key);

/// Whether `fd` is the journal stream systemd connected (JOURNAL_STREAM holds its
/// "device:inode", systemd.exec(5)); `journal_stream` null or malformed: false.
bool is_journal_stream(int fd, const char* journal_stream);

}  // namespace trexsearch::service
