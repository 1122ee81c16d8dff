#include "daemon/log/log.hpp"

#include <sys/uio.h>
// The location would always be send_to_journal: leave CODE_FILE/LINE/FUNC out.
#define SD_JOURNAL_SUPPRESS_LOCATION
#include <systemd/sd-journal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <vector>

#include "daemon/log/journal_fields.hpp"

#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

bool needs_quotes(std::string_view value) {
  if (value.empty()) return true;
  for (const char c : value) {
    if (c == ' ' || c == '"' || c == '=' || c == '\\' || static_cast<unsigned char>(c) < 0x20) {
      return true;
    }
  }
  return false;
}

void append_value(std::string& line, std::string_view value) {
  if (!needs_quotes(value)) {
    line += value;
    return;
  }
  line += '"';
  for (const char c : value) {
    switch (c) {
      case '"':
        line += "\\\"";
        break;
      case '\\':
        line += "\\\\";
        break;
      case '\n':
        line += "\\n";
        break;
      case '\r':
        line += "\\r";
        break;
      case '\t':
        line += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          line += '?';
        } else {
          line += c;
        }
    }
  }
  line += '"';
}

void write_stderr(std::string_view line) {
  // One write(2) per line: lines from several threads never interleave, and a
  // full pipe to journald only ever loses whole events (we retry on EINTR only).
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(STDERR_FILENO, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

// journald's native protocol: each field as its own iovec, no text to parse.
bool send_to_journal(const std::vector<std::string>& fields) {
  std::vector<iovec> parts;
  parts.reserve(fields.size());
  for (const std::string& field : fields) {
    // iovec's base is not const, but sd_journal_sendv only reads it.
    // NOLINTNEXTLINE(cppcoreguidelines-pro-type-const-cast)
    parts.push_back({const_cast<char*>(field.data()), field.size()});
  }
  return sd_journal_sendv(parts.data(), static_cast<int>(parts.size())) >= 0;
}

}  // namespace

LogField::LogField(std::string_view k, std::uint64_t v) : key(k), value(std::to_string(v)) {}
LogField::LogField(std::string_view k, std::int64_t v) : key(k), value(std::to_string(v)) {}
LogField::LogField(std::string_view k, int v) : key(k), value(std::to_string(v)) {}
LogField::LogField(std::string_view k, unsigned v) : key(k), value(std::to_string(v)) {}
LogField::LogField(std::string_view k, double v) : key(k), value(measure::format_value(v)) {}

std::string_view to_string(LogPriority priority) {
  switch (priority) {
    case LogPriority::error:
      return "error";
    case LogPriority::warning:
      return "warning";
    case LogPriority::notice:
      return "notice";
    case LogPriority::info:
      return "info";
    case LogPriority::debug:
      return "debug";
  }
  return "info";
}

std::optional<LogPriority> log_priority_from_string(std::string_view name) {
  for (const LogPriority p : {LogPriority::error, LogPriority::warning, LogPriority::notice,
                              LogPriority::info, LogPriority::debug}) {
    if (to_string(p) == name) return p;
  }
  return std::nullopt;
}

std::string format_log_line(LogPriority priority, std::string_view event,
                            std::initializer_list<LogField> fields) {
  std::string line = "<" + std::to_string(static_cast<int>(priority)) + ">";
  line += event;
  for (const LogField& field : fields) {
    line += ' ';
    line += field.key;
    line += '=';
    append_value(line, field.value);
  }
  return line;
}

Logger::Logger()
    : sink_(write_stderr),
      journal_(is_journal_stream(STDERR_FILENO, std::getenv("JOURNAL_STREAM"))) {}

Logger::Logger(Sink sink) : sink_(std::move(sink)) {}

void Logger::set_threshold(LogPriority threshold) {
  std::lock_guard lock(mutex_);
  threshold_ = threshold;
}

LogPriority Logger::threshold() const {
  std::lock_guard lock(mutex_);
  return threshold_;
}

bool Logger::enabled(LogPriority priority) const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(priority) <= static_cast<int>(threshold_);
}

void Logger::event(LogPriority priority, std::string_view event,
                   std::initializer_list<LogField> fields) {
  if (!enabled(priority)) return;
  // Under systemd with stderr on the journal, events go as fields; if journald
  // refuses one, it still goes to stderr as a line.
  if (journal_ && send_to_journal(journal_fields(priority, event, fields))) return;
  std::string line = format_log_line(priority, event, fields);
  line += '\n';
  std::lock_guard lock(mutex_);
  sink_(line);
}

}  // namespace trexsearch::service
