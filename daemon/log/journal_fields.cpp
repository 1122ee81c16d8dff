#include "daemon/log/journal_fields.hpp"

#include <sys/stat.h>

#include <cstdio>

namespace trexsearch::service {

std::string journal_field_name(std::string_view key) {
  // journald: names of A-Z, 0-9 and '_', not starting with '_' (those are trusted
  // fields), at most 64 characters.
  std::string name = "TREXSEARCH_";
  for (const char c : key) {
    if (name.size() >= 64) break;
    if (c >= 'a' && c <= 'z') {
      name += static_cast<char>(c - 'a' + 'A');
    } else if ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
      name += c;
    } else {
      name += '_';
    }
  }
  return name;
}

std::optional<std::string> well_known_field(std::string_view key) {
  // The names an operator types first (issue #15, docs/daemon.md): `journalctl
  // JOB_ID=7`. The TREXSEARCH_ name of the same key is sent too, so queries
  // written against either keep working.
  if (key == "job") return "JOB_ID";
  if (key == "trial") return "TRIAL";
  if (key == "method") return "METHOD";
  return std::nullopt;
}

std::vector<std::string> journal_fields(LogPriority priority, std::string_view event,
                                        std::initializer_list<LogField> fields) {
  const std::string line = format_log_line(priority, event, fields);
  std::vector<std::string> out;
  out.push_back("MESSAGE=" + line.substr(line.find('>') + 1));
  out.push_back("PRIORITY=" + std::to_string(static_cast<int>(priority)));
  out.emplace_back("SYSLOG_IDENTIFIER=trex-searchd");
  out.push_back("TREXSEARCH_EVENT=" + std::string(event));
  for (const LogField& field : fields) {
    // Raw values: journald fields may hold any bytes, so no quoting is needed.
    out.push_back(journal_field_name(field.key) + "=" + field.value);
    if (const auto alias = well_known_field(field.key)) out.push_back(*alias + "=" + field.value);
  }
  return out;
}

bool is_journal_stream(int fd, const char* journal_stream) {
  if (journal_stream == nullptr) return false;
  unsigned long long device = 0;
  unsigned long long inode = 0;
  char extra = 0;
  if (std::sscanf(journal_stream, "%llu:%llu%c", &device, &inode, &extra) != 2) return false;
  struct stat info {};
  if (::fstat(fd, &info) != 0) return false;
  return static_cast<unsigned long long>(info.st_dev) == device &&
         static_cast<unsigned long long>(info.st_ino) == inode;
}

}  // namespace trexsearch::service
