#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace trexsearch::service {

/// syslog priorities; the number is the `<N>` prefix journald understands.
enum class LogPriority : int { error = 3, warning = 4, notice = 5, info = 6, debug = 7 };

/// "error", "warning", "notice", "info", "debug".
std::string_view to_string(LogPriority priority);
/// Parses one of the names above; nullopt otherwise.
std::optional<LogPriority> log_priority_from_string(std::string_view name);

/// One `key=value` of a log event.
struct LogField {
  LogField(std::string_view k, std::string_view v) : key(k), value(v) {}
  LogField(std::string_view k, std::string v) : key(k), value(std::move(v)) {}
  LogField(std::string_view k, const char* v) : key(k), value(v) {}
  LogField(std::string_view k, std::uint64_t v);
  LogField(std::string_view k, std::int64_t v);
  LogField(std::string_view k, int v);
  LogField(std::string_view k, unsigned v);
  LogField(std::string_view k, double v);

  std::string key;
  std::string value;
};

/// Formats one event line without the newline: `<6>job.started job=3 reason="a b"`.
/// Values with spaces, quotes, `=` or control characters are quoted and escaped,
/// so that every event stays on one line whatever a reason text contains.
std::string format_log_line(LogPriority priority, std::string_view event,
                            std::initializer_list<LogField> fields);

/// Thread-safe event log: one event per line, `<N>` priority prefix, stable event
/// names (job.started, trial.done, ...); journald adds the timestamps (systemd
/// daemon(7)). Writes to stderr unless given another sink (tests); when stderr is
/// the journal stream systemd connected (JOURNAL_STREAM), sends each event to
/// journald as fields instead (journal_fields.hpp).
class Logger {
 public:
  using Sink = std::function<void(std::string_view line)>;

  /// Logs to stderr, or to journald as fields when stderr is its stream.
  Logger();
  /// Logs to `sink`, one call per line (newline included).
  explicit Logger(Sink sink);

  /// Events less important than `threshold` are dropped.
  void set_threshold(LogPriority threshold);
  LogPriority threshold() const;
  bool enabled(LogPriority priority) const;

  /// Logs one event.
  void event(LogPriority priority, std::string_view event,
             std::initializer_list<LogField> fields = {});

 private:
  mutable std::mutex mutex_;
  Sink sink_;
  /// Send events to journald as fields (only the default constructor sets it).
  bool journal_ = false;
  LogPriority threshold_ = LogPriority::info;
};

}  // namespace trexsearch::service
